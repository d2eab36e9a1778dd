import { lazy, Suspense, useState } from 'react';
import { useAlertStore } from '../stores/alert-store';

const AlertNotificationsView = lazy(() => import('./alert-notifications-view'));

/**
 * Shows the alerts of the alert store as notifications. Most first visits show none, so the
 * notifications (Mantine's, with their transitions and stylesheet: ~10 KiB compressed) load at
 * the first alert and stay from then on; an alert raised meanwhile waits in the store.
 */
export function AlertNotifications() {
  const hasAlert = useAlertStore((state) => state.alerts.length > 0);
  const [wanted, setWanted] = useState(false);
  if (hasAlert && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AlertNotificationsView />
    </Suspense>
  );
}
