import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { showAlert, useAlertStore } from '../stores/alert-store';
import { resetSessionStores } from '../stores/reset-stores';
import { renderWithProviders } from '../test/render-with-providers';

describe('AlertNotifications', () => {
  afterEach(() => act(() => notifications.clean()));

  it('shows an alert of the store as a translated notification and takes it off the queue', async () => {
    renderWithProviders(<div />);
    act(() =>
      showAlert({
        type: 'success',
        key: 'alerts.add',
        params: { entity: { i18nKey: 'entities.job' } },
      }),
    );
    expect(await screen.findByText('The job was added')).toBeVisible();
    expect(useAlertStore.getState().alerts).toEqual([]);
  });

  it('shows the permissions alert in Hebrew', async () => {
    renderWithProviders(<div />, { language: 'he' });
    act(() => showAlert({ type: 'fail', key: 'alerts.noPermission' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/הרשאות/);
  });

  it('is cleared with the session stores on logout', () => {
    useAlertStore.setState({ alerts: [{ id: 99, type: 'fail', key: 'alerts.noPermission' }] });
    resetSessionStores();
    expect(useAlertStore.getState().alerts).toEqual([]);
  });
});
