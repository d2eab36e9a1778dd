import { GUEST_USER, type Activity, type ActivityListResponse } from '@candid/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, TEST_USER, type FetchCall } from '../../../common/test/render-screen';
import ActivityOverviewPage from './activity-overview-page';

const ADMIN = { ...TEST_USER, role: 'admin' as const };

function activity(patch: Partial<Activity>): Activity {
  return {
    _id: 'a1',
    date: '2026-11-20T10:00:00.000Z',
    type: 'update',
    target: 'job',
    desc: 'Frontend developer',
    meta: {},
    user: { _id: 'u1', fName: 'Ada', lName: 'Admin' },
    ...patch,
  };
}

function reply(activities: Activity[]): { body: ActivityListResponse } {
  return {
    body: { activities, totalActivityCount: activities.length, totalActivityCountCapped: false },
  };
}

describe('ActivityOverviewPage (admin activity)', () => {
  it('lists who did what, marks a view-as action, a guest and an API key, and counts them', async () => {
    renderScreen(<ActivityOverviewPage />, {
      path: '/backoffice/admin/activity',
      user: ADMIN,
      routes: {
        'GET activity': reply([
          activity({
            viewAs: { _id: 'u2', fName: 'Rina', lName: 'Katz' },
            meta: { viewAsId: 'u2' },
          }),
          activity({ _id: 'a2', type: 'submit', target: 'interview', user: GUEST_USER }),
          activity({ _id: 'a3', meta: { jobId: 'j1', apiKeyId: 'k1' } }),
        ]),
        'GET user/query': { body: { accounts: [] } },
      },
    });
    const rows = await screen.findAllByTestId('activity-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('while viewing as Rina Katz')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Frontend developer')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Guest (candidate)')).toBeInTheDocument();
    expect(within(rows[0]!).queryByText('through an API key')).toBeNull();
    expect(within(rows[2]!).getByText('through an API key')).toBeInTheDocument();
    expect(screen.getByTestId('activity-count')).toHaveTextContent('3');
  });

  it('keeps the filters in the URL, asks the server with them from page 1, and says when nothing matches', async () => {
    const view = renderScreen(<ActivityOverviewPage />, {
      path: '/backoffice/admin/activity',
      initialEntry: '/backoffice/admin/activity?currPage=2',
      user: ADMIN,
      routes: {
        'GET activity': (call: FetchCall) =>
          call.path.includes('fromDate') ? reply([]) : reply([activity({})]),
        'GET user/query': { body: { accounts: [] } },
      },
    });
    await screen.findAllByTestId('activity-row');
    expect(view.fetchMock.calls.some((call) => call.path.includes('currPage=2'))).toBe(true);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(view.currentUrl()).toBe('/backoffice/admin/activity?fromDate=2026-11-01'),
    );
    expect(await screen.findByText('No exact matches')).toBeVisible();
    const last = view.fetchMock.calls.filter((call) => call.path.startsWith('activity')).at(-1);
    expect(last?.path).toContain('fromDate=2026-11-01');
    expect(last?.path).toContain('currPage=1');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});
