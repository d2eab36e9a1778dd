import {
  DEFAULT_STATUS_STAGES,
  APPLICANT_PAGE_SIZE,
  type ApplicantChange,
  type ApplicantListItem,
  type Job,
} from '@candid/domain';
import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import {
  apiError,
  TEST_USER,
  type FakeReply,
  type FetchCall,
  type renderScreen,
} from '../../common/test/render-screen';
import { realtime } from './applicant-overview-fakes';

/*
 * The applicant overview as its test files (applicant-overview-*.test.tsx) render it: list items,
 * a job, a fake applicant API that filters and pages like the server, and the rows on screen.
 */

export const OVERVIEW_ROUTE = '/backoffice/applicant/:jobId?';
export const ARCHIVE_ROUTE = '/backoffice/archive/applicant';
export const FREE_USER = { ...TEST_USER, perm: 0 };

export function makeApplicant(
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

export const JOB: Job = {
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
export function applicantServer(store: ApplicantListItem[], options: { failPut?: boolean } = {}) {
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

export function listCalls(view: ReturnType<typeof renderScreen>) {
  return view.fetchMock.calls
    .filter((call) => call.method === 'GET' && call.path.startsWith('job/applicant?'))
    .map((call) => new URL(`http://x/${call.path}`).searchParams);
}

export function rows() {
  return screen.getAllByTestId('applicant-row');
}

export function rowOf(name: string) {
  return screen.getByText(name).closest<HTMLElement>('[data-testid="applicant-row"]')!;
}

const originalMatchMedia = window.matchMedia;

/** Undoes what a test changed: a phone's matchMedia, the live handler and the notifications. */
export function resetOverviewScreen() {
  window.matchMedia = originalMatchMedia;
  realtime.handler = null;
  // Notifications live in a module store shared by the file's tests; past the limit, new ones queue.
  notifications.clean();
  notifications.cleanQueue();
}
