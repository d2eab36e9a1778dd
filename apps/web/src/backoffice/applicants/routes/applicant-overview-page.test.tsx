import {
  answerRuleFor,
  DEFAULT_STATUS_STAGES,
  APPLICANT_PAGE_SIZE,
  REALTIME_EVENTS,
  type ApplicantChange,
  type ApplicantListItem,
  type Job,
} from '@candid/domain';
import { notifications } from '@mantine/notifications';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicantEventHandler } from '../../../common/realtime';
import { PHONE_QUERY } from '../../../common/ui/media-queries';
import {
  apiError,
  renderScreen,
  TEST_USER,
  type FakeReply,
  type FetchCall,
} from '../../common/test/render-screen';
import ApplicantOverviewPage from './applicant-overview-page';

// Whole-screen renders on two shared cores: a fetch-and-render round can take over a second.
configure({ asyncUtilTimeout: 5000 });

const realtime = vi.hoisted(() => ({ handler: null as ApplicantEventHandler | null }));
vi.mock('../../../common/realtime', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useApplicantEvents: (handler: ApplicantEventHandler) => {
    realtime.handler = handler;
  },
}));

const OVERVIEW_ROUTE = '/backoffice/applicant/:jobId?';
const ARCHIVE_ROUTE = '/backoffice/archive/applicant';
const FREE_USER = { ...TEST_USER, perm: 0 };

function makeApplicant(
  index: number,
  overrides: Partial<ApplicantListItem> = {},
): ApplicantListItem {
  return {
    id: `a${index}`,
    info: {
      fName: `First${index}`,
      lName: `Last${index}`,
      email: `c${index}@example.com`,
      phone: '',
      hometown: 'Haifa',
      imgUrl: null,
    },
    jobInfo: { title: 'Designer', jobId: 'j1' },
    status: 3,
    timestamp: {
      sent: null,
      opened: '2024-05-01T10:00:00.000Z',
      submitted: '2024-05-02T10:00:00.000Z',
      quited: null,
    },
    isRead: true,
    isFree: false,
    isLocked: false,
    archivedAt: null,
    incomplete: false,
    rating: { avg: null, count: 0 },
    score: null,
    knockedOut: false,
    ...overrides,
  };
}

const JOB: Job = {
  _id: 'j1',
  info: { title: 'Designer', location: 'Tel Aviv', desc: '', coverUrl: '' },
  company: { name: 'Acme', logoUrl: '' },
  owner: { _id: 'u1', fName: 'Dana', lName: 'Levi', email: 'dana@example.com' } as Job['owner'],
  rule: { isCvRequired: false, isOneTry: true },
  quests: [],
  applicants: [],
  applicantSummary: { avatars: [], applicantCount: 0, newCount: 0, toReviewCount: 0 },
  createdAt: '2024-05-01T10:00:00.000Z',
  archivedAt: null,
  closesAt: null,
  statusStages: DEFAULT_STATUS_STAGES,
  scorecard: [{ id: 'overall', label: 'Overall' }],
};

/** A fake applicant API over `store`: filters, pages and applies changes like the server. */
function applicantServer(store: ApplicantListItem[], options: { failPut?: boolean } = {}) {
  const matching = (params: URLSearchParams) => {
    const archived = params.get('showArchived') === 'true';
    const statuses = (params.get('statuses') ?? '').split(',').filter(Boolean).map(Number);
    const txt = (params.get('txt') ?? '').toLowerCase();
    const jobId = params.get('jobId');
    const rating = params.get('rating');
    const minScore = params.get('minScore');
    const knockedOut = params.get('knockedOut');
    return store.filter(
      (applicant) =>
        Boolean(applicant.archivedAt) === archived &&
        (!minScore || (applicant.score !== null && applicant.score >= Number(minScore))) &&
        (!knockedOut || applicant.knockedOut === (knockedOut === 'true')) &&
        (!rating ||
          (rating === 'none'
            ? applicant.rating.count === 0
            : (applicant.rating.avg ?? 0) >= Number(rating))) &&
        (statuses.length === 0 || statuses.includes(applicant.status)) &&
        (!txt || `${applicant.info.fName} ${applicant.info.lName}`.toLowerCase().includes(txt)) &&
        (!jobId || applicant.jobInfo.jobId === jobId),
    );
  };
  const paramsOf = (call: FetchCall) => new URL(`http://x/${call.path}`).searchParams;
  return {
    'GET job/applicant': (call: FetchCall): FakeReply => {
      const params = paramsOf(call);
      const page = Number(params.get('currPage') ?? 1);
      const size = Number(params.get('itemsPerPage') ?? APPLICANT_PAGE_SIZE);
      const found = matching(params);
      return {
        body: {
          applicants: found.slice((page - 1) * size, page * size),
          pageCount: Math.ceil(found.length / size),
          filteredApplicantCount: found.length,
        },
      };
    },
    'GET job/applicantCount': (call: FetchCall): FakeReply => ({
      body: {
        filteredApplicantCount: matching(paramsOf(call)).length,
        totalApplicantCount: store.filter((applicant) => !applicant.archivedAt).length,
      },
    }),
    'PUT job/applicant': (call: FetchCall): FakeReply => {
      if (options.failPut) return apiError(500, 'INTERNAL_ERR');
      const changes = (call.body as { applicants: ApplicantChange[] }).applicants;
      const changed = changes.map((change) => {
        const applicant = store.find((item) => item.id === change.id)!;
        if (change.isRead !== undefined) applicant.isRead = change.isRead;
        if (change.archivedAt !== undefined) applicant.archivedAt = change.archivedAt;
        return applicant;
      });
      return { body: { applicants: changed } };
    },
    'GET job/j1': { body: JOB },
  };
}

function listCalls(view: ReturnType<typeof renderScreen>) {
  return view.fetchMock.calls
    .filter((call) => call.method === 'GET' && call.path.startsWith('job/applicant?'))
    .map((call) => new URL(`http://x/${call.path}`).searchParams);
}

function rows() {
  return screen.getAllByTestId('applicant-row');
}

function rowOf(name: string) {
  return screen.getByText(name).closest<HTMLElement>('[data-testid="applicant-row"]')!;
}

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
  realtime.handler = null;
  // Notifications live in a module store shared by the file's tests; past the limit, new ones queue.
  notifications.clean();
  notifications.cleanQueue();
});

describe('ApplicantOverviewPage', () => {
  it('reads the filter from the URL, sends it, and shows the rows with their data', async () => {
    const store = [
      makeApplicant(1, { status: 3, isRead: false }),
      makeApplicant(2, { status: 0 }),
      makeApplicant(3, {
        status: 1,
        timestamp: {
          sent: null,
          opened: '2024-05-01T10:00:00.000Z',
          submitted: null,
          quited: null,
        },
      }),
    ];
    const view = renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant?statuses=3,1&daysAgo=7&incomplete=false',
      user: TEST_USER,
      routes: applicantServer(store),
    });
    await screen.findByText('First1 Last1');
    const sent = listCalls(view).at(-1)!;
    expect(sent.get('statuses')).toBe('3,1');
    expect(sent.get('daysAgo')).toBe('7');
    expect(sent.get('incomplete')).toBe('false');
    expect(sent.get('currPage')).toBe('1');
    expect(sent.get('itemsPerPage')).toBe('30');
    expect(rows()).toHaveLength(2);
    expect(screen.getByTestId('applicant-count')).toHaveTextContent('2 of 3 applicants');

    const unread = rowOf('First1 Last1');
    expect(unread).toHaveAttribute('data-unread', 'true');
    expect(within(unread).getByText('Unread')).toBeInTheDocument();
    expect(within(unread).getByText('Good fit')).toBeVisible();
    // A date of another year says its year.
    expect(within(unread).getByText('Submitted May 2, 2024')).toBeInTheDocument();
    // Not submitted and not quit: in progress, dated by the opening.
    const inProgress = rowOf('First3 Last3');
    expect(within(inProgress).getByText('In progress')).toBeVisible();
    expect(within(inProgress).getByText('Opened May 1, 2024')).toBeInTheDocument();
    expect(within(inProgress).queryByText('Unread')).toBeNull();

    const pills = screen.getByRole('group', { name: 'Active filters' });
    expect(within(pills).getByText('Good fit')).toBeVisible();
    expect(within(pills).getByText('Not a fit')).toBeVisible();
    expect(within(pills).getByText('Last week')).toBeVisible();
    expect(within(pills).getByText('Completed only')).toBeVisible();
  });

  it('writes the debounced, trimmed search to the URL on page 1, and back/forward restore it', async () => {
    const store = [
      makeApplicant(1),
      makeApplicant(2, { info: { ...makeApplicant(2).info, fName: 'Noa' } }),
    ];
    const view = renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant?currPage=1&daysAgo=31',
      user: TEST_USER,
      routes: applicantServer(store),
    });
    await screen.findByText('First1 Last1');
    const box = screen.getByRole('textbox', { name: 'Search applicants' });
    await userEvent.type(box, '  noa ');
    await waitFor(() => expect(view.currentUrl()).toBe('/backoffice/applicant?txt=noa&daysAgo=31'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(listCalls(view).at(-1)!.get('txt')).toBe('noa');
    expect(box).toHaveValue('  noa ');

    await act(() => view.router.navigate(-1));
    expect(view.currentUrl()).toBe('/backoffice/applicant?currPage=1&daysAgo=31');
    expect(box).toHaveValue('');
    await waitFor(() => expect(rows()).toHaveLength(2));

    await act(() => view.router.navigate(1));
    expect(box).toHaveValue('noa');
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('filters by status from the filter dropdown and goes back to page 1', async () => {
    const store = Array.from({ length: 31 }, (_, index) =>
      makeApplicant(index + 1, { status: index === 30 ? 4 : 0 }),
    );
    const view = renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant?currPage=2',
      user: TEST_USER,
      routes: applicantServer(store),
    });
    await screen.findByText('First31 Last31');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const dropdown = await screen.findByRole('dialog');
    await userEvent.click(within(dropdown).getByRole('checkbox', { name: 'Proceed' }));
    await waitFor(() => expect(view.currentUrl()).toBe('/backoffice/applicant?statuses=4'));
    await userEvent.click(within(dropdown).getByRole('radio', { name: 'Last 3 months' }));
    await waitFor(() =>
      expect(view.currentUrl()).toBe('/backoffice/applicant?statuses=4&daysAgo=90'),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('shows each rating, sorts by it and filters by it from the URL', async () => {
    const store = [
      makeApplicant(1, { rating: { avg: 4.5, count: 2 } }),
      makeApplicant(2, { rating: { avg: 2, count: 1 } }),
      makeApplicant(3),
    ];
    const view = renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant',
      user: TEST_USER,
      routes: applicantServer(store),
    });
    await screen.findByText('First1 Last1');
    const [first, second, third] = rows();
    expect(
      within(first!).getByRole('img', { name: 'Average rating 4.5 from 2 reviewers' }),
    ).toBeVisible();
    expect(
      within(second!).getByRole('img', { name: 'Average rating 2 from one reviewer' }),
    ).toBeVisible();
    expect(within(third!).getByTestId('rating-summary')).toHaveTextContent('Not rated yet');
    // The column sorts the best first, then the other way.
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Rating' }));
    await waitFor(() => expect(view.currentUrl()).toBe('/backoffice/applicant?sort=rating%3Adesc'));
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Rating' }));
    await waitFor(() => expect(view.currentUrl()).toBe('/backoffice/applicant?sort=rating%3Aasc'));
    // The filter: rated 4 or more, then not rated yet, each in the URL and as a pill.
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const dropdown = await screen.findByRole('dialog');
    await userEvent.click(within(dropdown).getByRole('radio', { name: '4+ stars' }));
    await waitFor(() =>
      expect(view.currentUrl()).toBe('/backoffice/applicant?rating=4&sort=rating%3Aasc'),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(within(dropdown).getByRole('radio', { name: 'Not rated yet' }));
    await waitFor(() =>
      expect(view.currentUrl()).toBe('/backoffice/applicant?rating=none&sort=rating%3Aasc'),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('First3 Last3')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    const pills = await screen.findByRole('group', { name: 'Active filters' });
    expect(within(pills).getByText('Not rated yet')).toBeVisible();
    await userEvent.click(within(pills).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(view.currentUrl()).toBe('/backoffice/applicant?sort=rating%3Aasc'));
  });

  it('shows the score column for a job that scores answers, sorts by score and filters on it', async () => {
    const store = [
      makeApplicant(1, { score: 80 }),
      makeApplicant(2, { score: 50, knockedOut: true }),
      makeApplicant(3),
    ];
    const scoredJob: Job = {
      ...JOB,
      quests: [
        {
          id: 'q1',
          txt: 'Licence?',
          desc: '',
          vidUrl: null,
          ansRule: answerRuleFor('multipleChoice'),
          timeLimit: 1,
          opts: [
            { txt: 'Yes', isCorrect: true },
            { txt: 'No', isCorrect: false },
          ],
          scoring: 'knockout',
        },
      ],
    };
    const view = renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant/j1',
      user: TEST_USER,
      routes: { ...applicantServer(store), 'GET job/j1': { body: scoredJob } },
    });
    await screen.findByText('First1 Last1');
    await screen.findByRole('button', { name: 'Sort by Score' });
    const [first, second, third] = rows();
    expect(within(first!).getByTestId('applicant-score')).toHaveTextContent('80%');
    expect(within(first!).queryByText('Knocked out')).toBeNull();
    expect(within(second!).getByTestId('applicant-score')).toHaveTextContent('50%Knocked out');
    expect(within(third!).getByTestId('applicant-score')).toHaveTextContent('Not scored');
    // Best first, then the other way.
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Score' }));
    await waitFor(() =>
      expect(view.currentUrl()).toBe('/backoffice/applicant/j1?sort=score%3Adesc'),
    );
    expect(listCalls(view).at(-1)!.get('sort')).toBe('score:desc');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Score' }));
    await waitFor(() =>
      expect(view.currentUrl()).toBe('/backoffice/applicant/j1?sort=score%3Aasc'),
    );
    // Filters: a minimum score, then knocked out only; each sent and shown as a pill.
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const dropdown = await screen.findByRole('dialog');
    await userEvent.click(within(dropdown).getByRole('radio', { name: '70% or more' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(listCalls(view).at(-1)!.get('minScore')).toBe('70');
    const scoreGroup = within(dropdown).getByRole('radiogroup', { name: 'Score' });
    await userEvent.click(within(scoreGroup).getByRole('radio', { name: 'Any' }));
    await userEvent.click(within(dropdown).getByRole('radio', { name: 'Knocked out only' }));
    await waitFor(() =>
      expect(view.currentUrl()).toBe('/backoffice/applicant/j1?knockedOut=true&sort=score%3Aasc'),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('First2 Last2')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    const pills = await screen.findByRole('group', { name: 'Active filters' });
    expect(within(pills).getByText('Knocked out only')).toBeVisible();
  });

  it('has no score column for a job that scores nothing', async () => {
    renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant/j1',
      user: TEST_USER,
      routes: applicantServer([makeApplicant(1)]),
    });
    await screen.findByText('First1 Last1');
    await screen.findByRole('button', { name: 'Sort by Rating' });
    expect(screen.queryByRole('button', { name: 'Sort by Score' })).toBeNull();
    expect(screen.queryByTestId('applicant-score')).toBeNull();
  });

  it('opens an applicant on a row click', async () => {
    const view = renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant',
      user: TEST_USER,
      routes: applicantServer([makeApplicant(1)]),
    });
    await userEvent.click(within(await screen.findByTestId('applicant-row')).getByText('Haifa'));
    expect(view.currentUrl()).toBe('/backoffice/details/j1/a1');
  });

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

  it('sorts by a column for full users and writes the order to the URL', async () => {
    const view = renderScreen(<ApplicantOverviewPage />, {
      path: OVERVIEW_ROUTE,
      initialEntry: '/backoffice/applicant?currPage=2',
      user: TEST_USER,
      routes: applicantServer([makeApplicant(1)]),
    });
    await screen.findByRole('button', { name: 'Sort by Name' });
    expect(screen.getByRole('columnheader', { name: /Date/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    await waitFor(() =>
      expect(view.currentUrl()).toBe('/backoffice/applicant?sort=info.fName%3Aasc'),
    );
    await waitFor(() => expect(listCalls(view).at(-1)!.get('sort')).toBe('info.fName:asc'));
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    await waitFor(() =>
      expect(view.currentUrl()).toBe('/backoffice/applicant?sort=info.fName%3Adesc'),
    );
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
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
