import { useEffect, useState, type ComponentType } from 'react';
import { useAlertStore } from '../stores/alert-store';
import { withMoreStyles } from './mantine-styles';

let loadedView: ComponentType | null = null;
let loadingView: Promise<ComponentType> | null = null;

/** Loads the notifications' chunk once; resolves with its view. */
export function loadAlertNotifications(): Promise<ComponentType> {
  loadingView ??= withMoreStyles(() => import('./alert-notifications-view'))().then((module) => {
    loadedView = module.default;
    return module.default;
  });
  return loadingView;
}

/**
 * Shows the alerts of the alert store as notifications. Most first visits show none, so the
 * notifications (Mantine's, with their transitions and stylesheet: ~10 KiB compressed) load at
 * the first alert and stay from then on; an alert raised meanwhile waits in the store. Once
 * loaded, they render at once wherever this mounts.
 */
export function AlertNotifications() {
  const hasAlert = useAlertStore((state) => state.alerts.length > 0);
  const [View, setView] = useState<ComponentType | null>(() => loadedView);
  useEffect(() => {
    if (!hasAlert || View) return;
    let active = true;
    void loadAlertNotifications().then((view) => {
      if (active) setView(() => view);
    });
    return () => {
      active = false;
    };
  }, [hasAlert, View]);
  return View ? <View /> : null;
}
