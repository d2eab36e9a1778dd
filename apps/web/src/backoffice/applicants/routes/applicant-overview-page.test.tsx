import { answerRuleFor, type Job } from '@candid/domain';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, TEST_USER } from '../../common/test/render-screen';
import ApplicantOverviewPage from './applicant-overview-page';
import {
  applicantServer,
  JOB,
  listCalls,
  makeApplicant,
  OVERVIEW_ROUTE,
  resetOverviewScreen,
  rowOf,
  rows,
} from './applicant-overview-suite';

// Whole-screen renders on two shared cores: a fetch-and-render round can take over a second.
configure({ asyncUtilTimeout: 5000 });

vi.mock('../../../common/realtime', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useApplicantEvents: (await import('./applicant-overview-fakes')).useFakeApplicantEvents,
}));

afterEach(resetOverviewScreen);

describe('ApplicantOverviewPage: filters, sorting and rows', () => {
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
});
