import { REALTIME_EVENTS, type ApplicantChange } from '@candid/domain';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, TEST_USER } from '../../common/test/render-screen';
import ApplicantOverviewPage from './applicant-overview-page';
import {
  applicantServer,
  ARCHIVE_ROUTE,
  FREE_USER,
  listCalls,
  makeApplicant,
  OVERVIEW_ROUTE,
  resetOverviewScreen,
  rowOf,
  rows,
} from './applicant-overview-suite';
import { realtime } from './applicant-overview-fakes';

// Whole-screen renders on two shared cores: a fetch-and-render round can take over a second.
configure({ asyncUtilTimeout: 5000 });

vi.mock('../../../common/realtime', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useApplicantEvents: (await import('./applicant-overview-fakes')).useFakeApplicantEvents,
}));

afterEach(resetOverviewScreen);

describe('ApplicantOverviewPage: selection, bulk read, sharing and archiving', () => {
  it('marks the selected applicants read at once and keeps them read when the server agrees', async () => {
    const store = [
      makeApplicant(1, { isRead: false }),
      makeApplicant(2, { isRead: false }),
      makeApplicant(3, { isRead: false }),
    ];
    const view = renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant',
      user: TEST_USER,
      routes: applicantServer(store),
    });
    await screen.findByText('First1 Last1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select First1 Last1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select First2 Last2' }));
    const bar = screen.getByRole('region', { name: 'Selected applicants' });
    expect(within(bar).getByText('2 selected')).toBeVisible();
    await userEvent.click(within(bar).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(rowOf('First1 Last1')).not.toHaveAttribute('data-unread'));
    expect(rowOf('First2 Last2')).not.toHaveAttribute('data-unread');
    expect(rowOf('First3 Last3')).toHaveAttribute('data-unread', 'true');
    const put = view.fetchMock.callsTo('PUT job/applicant')[0]!;
    expect(put.body).toEqual({
      applicants: [
        { id: 'a1', isRead: true },
        { id: 'a2', isRead: true },
      ],
    });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Selected applicants' })).toBeNull(),
    );
  });

  it('shares the selected applicants with a hiring manager from the bulk bar', async () => {
    const store = [makeApplicant(1), makeApplicant(2), makeApplicant(3)];
    const token = `shr_${'t'.repeat(43)}`;
    const view = renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant',
      user: TEST_USER,
      routes: {
        ...applicantServer(store),
        'POST job/share-link': {
          status: 201,
          body: {
            link: {
              _id: 'l1',
              guestName: 'Hana',
              guestEmail: null,
              createdBy: 'Dana Levi',
              createdAt: '2026-03-01T10:00:00.000Z',
              expiresAt: '2026-03-08T10:00:00.000Z',
              revokedAt: null,
              viewCount: 0,
              lastViewedAt: null,
              applicantIds: ['a1', 'a3'],
            },
            token,
            path: `/share/${token}`,
          },
        },
      },
    });
    await screen.findByText('First1 Last1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select First1 Last1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select First3 Last3' }));
    const bar = screen.getByRole('region', { name: 'Selected applicants' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share with a hiring manager' });
    await userEvent.type(within(dialog).getByLabelText(/Hiring manager's name/), 'Hana');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByTestId('share-link-url')).toHaveValue(
      `${window.location.origin}/share/${token}`,
    );
    expect(view.fetchMock.callsTo('POST job/share-link')[0]!.body).toMatchObject({
      applicantIds: ['a1', 'a3'],
      guestName: 'Hana',
      expiresInDays: 7,
    });
  });

  it('puts the read flags back and alerts when the bulk toggle fails', async () => {
    const store = [makeApplicant(1, { isRead: false })];
    renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant',
      user: TEST_USER,
      routes: applicantServer(store, { failPut: true }),
    });
    await screen.findByText('First1 Last1');
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Select all applicants on this page' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('Could not update the applicant')).toBeVisible();
    expect(rowOf('First1 Last1')).toHaveAttribute('data-unread', 'true');
  });

  it('does not let a free user select locked rows, open them or sort', async () => {
    const store = [
      makeApplicant(1, { isFree: true, isRead: false }),
      makeApplicant(2, { isLocked: true, isRead: false }),
    ];
    const view = renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant?sort=info.fName:asc',
      user: FREE_USER,
      routes: applicantServer(store),
    });
    await screen.findByText('First2 Last2');
    // The sort in the URL is not sent for a free user, and headers are not buttons.
    expect(listCalls(view).every((params) => !params.has('sort'))).toBe(true);
    expect(screen.queryByRole('button', { name: /^Sort by/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');

    const lockedRow = rowOf('First2 Last2');
    expect(lockedRow).toHaveAttribute('data-locked', 'true');
    expect(within(lockedRow).getByText('Locked')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select First2 Last2' })).toBeDisabled();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Select all applicants on this page' }),
    );
    expect(screen.getByText('1 selected')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Select First1 Last1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select First2 Last2' })).not.toBeChecked();

    await userEvent.click(within(lockedRow).getByText('Haifa'));
    expect(await screen.findByText(/Your plan includes only the free interviews/)).toBeVisible();
    expect(view.currentUrl()).toBe('/backoffice/applicant?sort=info.fName:asc');
  });

  it('disables the bulk toggle while a locked applicant is selected', async () => {
    const store = [makeApplicant(1, { isRead: false }), makeApplicant(2)];
    renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant',
      user: TEST_USER,
      routes: applicantServer(store),
    });
    await screen.findByText('First1 Last1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select First1 Last1' }));
    expect(screen.getByRole('button', { name: 'Mark as read' })).toBeEnabled();
    // The account lost its plan meanwhile; a realtime refresh brings the row back locked.
    store[0]!.isLocked = true;
    act(() =>
      realtime.handler?.({
        name: REALTIME_EVENTS.SAVE_APPLICANT,
        payload: {
          userId: 'u1',
          data: {
            type: 'updated',
            jobId: 'j1',
            applicant: {
              id: 'a1',
              info: { fName: 'First1', lName: 'Last1' },
              jobInfo: { title: 'Designer', jobId: 'j1' },
            },
          },
        },
      }),
    );
    await waitFor(() => expect(rowOf('First1 Last1')).toHaveAttribute('data-locked', 'true'));
    expect(screen.getByRole('button', { name: 'Mark as read' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mark as unread' })).toBeDisabled();
    expect(screen.getByText(/Locked applicants cannot be marked/)).toBeVisible();
  });

  it('archives from the row menu, goes back a page when the last one empties', async () => {
    const store = Array.from({ length: 31 }, (_, index) => makeApplicant(index + 1));
    const view = renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant?currPage=2',
      user: TEST_USER,
      routes: applicantServer(store),
    });
    await screen.findByText('First31 Last31');
    expect(screen.getByTestId('applicant-count')).toHaveTextContent('31 applicants');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for First31 Last31' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    expect(await screen.findByText('The applicant was archived')).toBeVisible();
    await waitFor(() => expect(view.currentUrl()).toBe('/backoffice/applicant'));
    await waitFor(() => expect(rows()).toHaveLength(30));
    expect(screen.getByTestId('applicant-count')).toHaveTextContent('30 applicants');
    const put = view.fetchMock.callsTo('PUT job/applicant')[0]!.body as {
      applicants: ApplicantChange[];
    };
    expect(put.applicants[0]!.id).toBe('a31');
    expect(put.applicants[0]!.archivedAt).toBeTruthy();
  });

  it('puts an applicant back and alerts when archiving fails', async () => {
    renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant',
      user: TEST_USER,
      routes: applicantServer([makeApplicant(1), makeApplicant(2)], { failPut: true }),
    });
    await screen.findByText('First1 Last1');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for First1 Last1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    expect(await screen.findByText('Could not archive the applicant')).toBeVisible();
    expect(rows()).toHaveLength(2);
    expect(screen.getByTestId('applicant-count')).toHaveTextContent('2 applicants');
  });

  it('in the archive: no read toggle, rows do not open, restore sends the applicant back', async () => {
    const store = [
      makeApplicant(1, { archivedAt: '2024-06-01T10:00:00.000Z', isRead: false }),
      makeApplicant(2, { archivedAt: '2024-06-01T10:00:00.000Z' }),
    ];
    const view = renderScreen(<ApplicantOverviewPage />, {
      path: ARCHIVE_ROUTE,
      user: TEST_USER,
      routes: applicantServer(store),
    });
    await screen.findByText('First1 Last1');
    expect(screen.getByRole('heading', { name: 'Applicant archive' })).toBeVisible();
    expect(listCalls(view).at(-1)!.get('showArchived')).toBe('true');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull();
    await userEvent.click(within(rowOf('First1 Last1')).getByText('First1 Last1'));
    await userEvent.click(within(rowOf('First1 Last1')).getByText('Haifa'));
    expect(view.currentUrl()).toBe(ARCHIVE_ROUTE);

    await userEvent.click(screen.getByRole('button', { name: 'Actions for First1 Last1' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Restore']);
    await userEvent.click(items[0]!);
    expect(await screen.findByText('The applicant was restored')).toBeVisible();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const put = view.fetchMock.callsTo('PUT job/applicant')[0]!.body;
    expect(put).toEqual({ applicants: [{ id: 'a1', archivedAt: null }] });
  });
});
