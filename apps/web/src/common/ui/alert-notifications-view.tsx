import '@mantine/notifications/styles.css';
import { Notifications, notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlertStore, type AlertParam } from '../stores/alert-store';

function translateParams(t: TFunction, params: Record<string, AlertParam> | undefined) {
  return Object.fromEntries(
    Object.entries(params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'object' ? t(value.i18nKey) : value,
    ]),
  );
}

/**
 * Shows the alerts of the alert store as Mantine notifications, in the current language: the
 * notifications' container and what moves each alert into it. A chunk of its own (with Mantine's
 * notifications, its transitions and stylesheet), loaded by AlertNotifications at the first alert.
 */
export default function AlertNotificationsView() {
  const alerts = useAlertStore((state) => state.alerts);
  const dismissAlert = useAlertStore((state) => state.dismissAlert);
  const { t } = useTranslation();

  useEffect(() => {
    for (const alert of alerts) {
      const isSuccess = alert.type === 'success';
      notifications.show({
        id: `alert-${alert.id}`,
        color: isSuccess ? 'teal' : 'red',
        icon: isSuccess ? <IconCheck size={18} /> : <IconX size={18} />,
        message: t(alert.key, translateParams(t, alert.params)),
        withBorder: true,
        closeButtonProps: { 'aria-label': t('alerts.close') },
      });
      dismissAlert(alert.id);
    }
  }, [alerts, dismissAlert, t]);

  return <Notifications position="top-center" />;
}
