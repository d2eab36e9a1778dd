import type { AlertVariant } from '@candid/domain';
import { create } from 'zustand';
import { registerStoreReset } from './reset-stores';

/** An interpolation value; `{ i18nKey }` is translated too (e.g. `{ entity: { i18nKey: 'entities.job' } }`). */
export type AlertParam = string | number | { i18nKey: string };

export interface AlertInput {
  type: AlertVariant;
  /** i18n key of the text, e.g. 'alerts.noPermission'. */
  key: string;
  params?: Record<string, AlertParam>;
}

export interface Alert extends AlertInput {
  id: number;
}

interface AlertState {
  /** Alerts waiting to be shown; the alert renderer takes them off the queue. */
  alerts: Alert[];
  showAlert: (alert: AlertInput) => void;
  dismissAlert: (id: number) => void;
}

let nextAlertId = 1;

/** The alert the product's client state holds: success or fail plus a translatable text. */
export const useAlertStore = create<AlertState>()((set) => ({
  alerts: [],
  showAlert: (alert) =>
    set((state) => ({ alerts: [...state.alerts, { ...alert, id: nextAlertId++ }] })),
  dismissAlert: (id) =>
    set((state) => ({ alerts: state.alerts.filter((alert) => alert.id !== id) })),
}));

registerStoreReset(() => useAlertStore.setState({ alerts: [] }));

/** Shows an alert from outside React (API client, mutation callbacks). */
export function showAlert(alert: AlertInput): void {
  useAlertStore.getState().showAlert(alert);
}
