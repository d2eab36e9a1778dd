import { REALTIME_EVENTS } from '@candid/domain';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../../../common/ui/media-queries';
import { renderScreen, TEST_USER } from '../../common/test/render-screen';
import ApplicantOverviewPage from './applicant-overview-page';
import {
  applicantServer,
  ARCHIVE_ROUTE,
  listCalls,
  makeApplicant,
  OVERVIEW_ROUTE,
  resetOverviewScreen,
} from './applicant-overview-suite';
import { realtime } from './applicant-overview-fakes';

// Whole-screen renders on two shared cores: a fetch-and-render round can take over a second.
configure({ asyncUtilTimeout: 5000 });

vi.mock('../../../common/realtime', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useApplicantEvents: (await import('./applicant-overview-fakes')).useFakeApplicantEvents,
}));

afterEach(resetOverviewScreen);

describe('ApplicantOverviewPage: empty states, live updates, the archive route and the phone layout', () => {
  it('shows the empty archive, and no exact matches with a way to clear the filters', async () => {
    const archive = renderScreen(<ApplicantOverviewPage />, {
      path: ARCHIVE_ROUTE,
      user: TEST_USER,
      routes: applicantServer([makeApplicant(1)]),
    });
    expect(await screen.findByTestId('applicants-empty-archive')).toHaveTextContent(
      'The archive is empty',
    );
    archive.unmount();

    const view = renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant?txt=nobody&statuses=7',
      user: TEST_USER,
      routes: applicantServer([makeApplicant(1)]),
    });
    const empty = await screen.findByTestId('applicants-no-matches');
    expect(empty).toHaveTextContent('No exact matches');
    expect(empty).toHaveTextContent('Try changing your filters');
    await userEvent.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(view.currentUrl()).toBe('/backoffice/applicant'));
    expect(await screen.findByText('First1 Last1')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Search applicants' })).toHaveValue('');
  });

  /** The jobs list the empty state asks for: how many jobs the organisation has. */
  const jobCount = (totalJobCount: number) => ({
    'GET job': {
      body: { jobs: [], pageCount: 1, filteredJobCount: totalJobCount, totalJobCount },
    },
  });

  it('shows no applicants with the way to the jobs', async () => {
    renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant',
      user: TEST_USER,
      routes: { ...applicantServer([]), ...jobCount(3) },
    });
    const empty = await screen.findByTestId('applicants-empty');
    expect(empty).toHaveTextContent('No applicants to show');
    // The button waits for the jobs count, which decides which way to lead.
    expect(await within(empty).findByRole('link', { name: 'Go to my jobs' })).toHaveAttribute(
      'href',
      '/backoffice/job',
    );
  });

  it('leads a recruiter without a job to create the first one', async () => {
    renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant',
      user: TEST_USER,
      routes: { ...applicantServer([]), ...jobCount(0) },
    });
    const empty = await screen.findByTestId('applicants-empty');
    expect(
      await within(empty).findByRole('link', { name: 'Create your first job' }),
    ).toHaveAttribute('href', '/create');
    expect(within(empty).queryByRole('link', { name: 'Go to my jobs' })).toBeNull();
  });

  it('shows one job: its title, the way back, sharing, and invite buttons while it has no applicants', async () => {
    const view = renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant/j1',
      user: TEST_USER,
      routes: applicantServer([makeApplicant(1, { jobInfo: { title: 'Other', jobId: 'j2' } })]),
    });
    expect(await screen.findByRole('heading', { name: 'Designer' })).toBeVisible();
    expect(listCalls(view).at(-1)!.get('jobId')).toBe('j1');
    expect(screen.getByRole('link', { name: 'Back to jobs' })).toHaveAttribute(
      'href',
      '/backoffice/job',
    );
    const empty = await screen.findByTestId('applicants-empty-job');
    expect(within(empty).getByRole('button', { name: 'Invite candidates' })).toBeVisible();
    await userEvent.click(within(empty).getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Invitation link' })).toHaveValue(
      `${window.location.origin}/interview/j1`,
    );
  });

  it('announces an adjustment request as it arrives', async () => {
    const store = [makeApplicant(1)];
    const view = renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant',
      user: TEST_USER,
      routes: applicantServer(store),
    });
    await screen.findByText('First1 Last1');
    const before = listCalls(view).length;
    act(() =>
      realtime.handler?.({
        name: REALTIME_EVENTS.SAVE_APPLICANT,
        payload: {
          userId: 'u1',
          data: {
            type: 'accommodationRequested',
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
    expect(
      await screen.findByText(
        'First1 Last1 asked for an adjustment for Designer: open the applicant to decide',
      ),
    ).toBeVisible();
    await waitFor(() => expect(listCalls(view).length).toBeGreaterThan(before));
  });

  it('refreshes on realtime events and announces a finished interview', async () => {
    const store = [makeApplicant(1)];
    const view = renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant',
      user: TEST_USER,
      routes: applicantServer(store),
    });
    await screen.findByText('First1 Last1');
    const before = listCalls(view).length;
    store.push(
      makeApplicant(2, { info: { ...makeApplicant(2).info, fName: 'Noa', lName: 'Cohen' } }),
    );
    act(() =>
      realtime.handler?.({
        name: REALTIME_EVENTS.ALERT_INTERVIEW_DONE,
        payload: {
          userId: 'u1',
          data: {
            type: 'submitted',
            jobId: 'j1',
            applicant: {
              id: 'a2',
              info: { fName: 'Noa', lName: 'Cohen' },
              jobInfo: { title: 'Designer', jobId: 'j1' },
            },
          },
        },
      }),
    );
    expect(await screen.findByText('Noa Cohen completed the interview for Designer')).toBeVisible();
    expect(await screen.findByText('Noa Cohen')).toBeVisible();
    expect(listCalls(view).length).toBeGreaterThan(before);
  });

  it('sends ?showArchived=true on the active route to the archive', async () => {
    const view = renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant/j1?showArchived=true&txt=ann',
      user: TEST_USER,
      routes: applicantServer([]),
    });
    await waitFor(() =>
      expect(view.currentUrl()).toBe('/backoffice/archive/applicant?txt=ann&jobId=j1'),
    );
  });

  it('shows cards and the filter sheet on a phone, in Hebrew', async () => {
    window.matchMedia = (query: string) =>
      ({
        matches: query === PHONE_QUERY,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
    const view = renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant',
      user: TEST_USER,
      language: 'he',
      routes: applicantServer([makeApplicant(1, { isRead: false })]),
    });
    expect(await screen.findByTestId('applicant-cards')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('heading', { name: 'מועמדים' })).toBeVisible();
    expect(screen.getByText('התאמה טובה')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'סינון' }));
    const sheet = await screen.findByTestId('filter-sheet');
    await userEvent.click(within(sheet).getByRole('radio', { name: 'השבוע האחרון' }));
    await waitFor(() => expect(view.currentUrl()).toBe('/backoffice/applicant?daysAgo=7'));
    expect(within(sheet).getByRole('combobox', { name: 'מיון לפי' })).toBeVisible();
  });
});
