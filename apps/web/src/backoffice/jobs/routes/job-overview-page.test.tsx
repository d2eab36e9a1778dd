import { DEFAULT_STATUS_STAGES, JOB_PAGE_SIZE, type Job } from '@candid/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, renderScreen, TEST_USER, type FetchCall } from '../../common/test/render-screen';
import JobOverviewPage from './job-overview-page';

function makeJob(index: number, archived = false): Job {
  return {
    _id: `job-${index}`,
    info: { title: `Job ${index}`, location: 'Tel Aviv', desc: '', coverUrl: '' },
    company: { name: 'Acme', logoUrl: '' },
    owner: { _id: 'u1', fName: 'Dana', lName: 'Levi', email: 'dana@example.com' } as Job['owner'],
    rule: { isCvRequired: false, isOneTry: true },
    quests: [],
    applicants: [],
    applicantSummary: { avatars: [], applicantCount: 2, newCount: 0, toReviewCount: 0 },
    createdAt: '2024-05-01T10:00:00.000Z',
    archivedAt: archived ? '2024-06-01T10:00:00.000Z' : null,
    closesAt: null,
    statusStages: DEFAULT_STATUS_STAGES,
    scorecard: [{ id: 'overall', label: 'Overall' }],
  };
}

/** A fake job list over `total` jobs, paged like the server. */
function jobListRoute(jobs: Job[]) {
  return (call: FetchCall) => {
    const params = new URL(`http://x/${call.path}`).searchParams;
    const page = Number(params.get('currPage') ?? 1);
    const archived = params.get('showArchived') === 'true';
    const matching = jobs.filter((job) => Boolean(job.archivedAt) === archived);
    const slice = matching.slice((page - 1) * JOB_PAGE_SIZE, page * JOB_PAGE_SIZE);
    return {
      body: {
        jobs: slice,
        pageCount: Math.ceil(matching.length / JOB_PAGE_SIZE),
        filteredJobCount: matching.length,
        totalJobCount: jobs.length,
      },
    };
  };
}

describe('JobOverviewPage', () => {
  // The view type lasts for the browser session: each test starts on cards.
  afterEach(() => window.sessionStorage.clear());

  it('says when a job closes, and that a job past its closing date is closed', async () => {
    const open = { ...makeJob(1), closesAt: '2999-01-02T10:00:00.000Z' };
    const closed = { ...makeJob(2), closesAt: '2020-01-02T10:00:00.000Z' };
    const plain = makeJob(3);
    renderScreen(<JobOverviewPage />, {
      path: '/backoffice/job',
      user: TEST_USER,
      routes: {
        'GET job': jobListRoute([open, closed, plain]),
        'GET template/default': { body: [] },
      },
    });
    const cards = await screen.findAllByTestId('job-card');
    expect(within(cards[0]!).getByTestId('job-closing')).toHaveTextContent(/^Closes on Jan 2, /);
    expect(within(cards[1]!).getByTestId('job-closing')).toHaveTextContent('Closed');
    expect(within(cards[2]!).queryByTestId('job-closing')).not.toBeInTheDocument();
  });

  it('filters the jobs by department, only with the permission', async () => {
    const jobs = [makeJob(1), { ...makeJob(2), departmentId: 'd1' }];
    const route = jobListRoute(jobs);
    const view = renderScreen(<JobOverviewPage />, {
      path: '/backoffice/job',
      user: TEST_USER,
      routes: {
        'GET job': (call) => {
          const department = new URL(`http://x/${call.path}`).searchParams.get('departmentId');
          const answer = route(call);
          if (!department) return answer;
          const only = jobs.filter((job) =>
            department === 'none' ? !job.departmentId : job.departmentId === department,
          );
          return { body: { ...answer.body, jobs: only, filteredJobCount: only.length } };
        },
        'GET template/default': { body: [] },
        'GET department': { body: { departments: [{ _id: 'd1', name: 'Design', jobCount: 1 }] } },
      },
    });
    expect(await screen.findAllByTestId('job-card')).toHaveLength(2);
    await userEvent.click(screen.getByRole('combobox', { name: 'Department' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Design' }));
    await waitFor(() => expect(screen.getAllByTestId('job-card')).toHaveLength(1));
    expect(screen.getByText('Job 2')).toBeVisible();
    expect(
      view.fetchMock.calls.some(
        (call) => call.path.startsWith('job?') && call.path.includes('departmentId=d1'),
      ),
    ).toBe(true);
  });

  it("names another member's job's owner and each job's department, in cards and rows", async () => {
    const colleague = { _id: 'u2', fName: 'Noa', lName: 'Peretz', email: 'noa@example.com' };
    const jobs = [
      { ...makeJob(1), departmentId: 'd1' },
      { ...makeJob(2), owner: colleague as Job['owner'] },
      makeJob(3),
    ];
    renderScreen(<JobOverviewPage />, {
      path: '/backoffice/job',
      user: TEST_USER,
      routes: {
        'GET job': jobListRoute(jobs),
        'GET template/default': { body: [] },
        'GET department': { body: { departments: [{ _id: 'd1', name: 'Design', jobCount: 1 }] } },
      },
    });
    const cards = await screen.findAllByTestId('job-card');
    await waitFor(() =>
      expect(within(cards[0]!).getByTestId('job-labels')).toHaveTextContent('Department: Design'),
    );
    // One's own job names no owner; a colleague's does.
    expect(within(cards[0]!).getByTestId('job-labels')).not.toHaveTextContent('Owner');
    expect(within(cards[1]!).getByTestId('job-labels')).toHaveTextContent('Owner: Noa Peretz');
    expect(within(cards[2]!).queryByTestId('job-labels')).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'List' }));
    const rows = await screen.findAllByTestId('job-row');
    expect(within(rows[1]!).getByTestId('job-labels')).toHaveTextContent('Owner: Noa Peretz');
    expect(within(rows[0]!).getByTestId('job-labels')).toHaveTextContent('Department: Design');
  });

  it('shows no department filter without the permission', async () => {
    const view = renderScreen(<JobOverviewPage />, {
      path: '/backoffice/job',
      user: { ...TEST_USER, perm: 1 },
      routes: { 'GET job': jobListRoute([makeJob(1)]), 'GET template/default': { body: [] } },
    });
    expect(await screen.findAllByTestId('job-card')).toHaveLength(1);
    expect(screen.queryByRole('combobox', { name: 'Department' })).toBeNull();
    expect(view.fetchMock.calls.some((call) => call.path.startsWith('department'))).toBe(false);
  });

  it('shows the first-time onboarding with three steps when there are no jobs', async () => {
    renderScreen(<JobOverviewPage />, {
      path: '/backoffice/job',
      user: TEST_USER,
      routes: { 'GET job': jobListRoute([]), 'GET template/default': { body: [] } },
    });
    const onboarding = await screen.findByTestId('jobs-onboarding');
    expect(within(onboarding).getByText('Invite')).toBeVisible();
    expect(within(onboarding).getByText('Receive video interviews')).toBeVisible();
    expect(within(onboarding).getByText('Move on with the best')).toBeVisible();
    // One call to action on the screen: the onboarding's.
    expect(screen.getAllByRole('button', { name: /Create/ }).map((b) => b.textContent)).toEqual([
      'Create your first job',
    ]);
  });

  it("lists the recruiter's own jobs first, then the organisation's templates and the starters", async () => {
    const starter = {
      _id: 'starter-1',
      title: 'Sales representative',
      name: '',
      owner: { fName: 'Candid' },
      quests: [],
      isDefault: false,
      coverUrl: '',
      createdAt: '2024-01-01T00:00:00.000Z',
      archivedAt: null,
    };
    const own = {
      ...starter,
      _id: 'own-1',
      title: 'Our engineer',
      owner: { _id: 'u1', fName: 'Dana' },
    };
    renderScreen(<JobOverviewPage />, {
      path: '/backoffice/job',
      user: TEST_USER,
      routes: {
        'GET job': jobListRoute([makeJob(1)]),
        'GET template/default': { body: [starter] },
        'GET template': {
          body: { templates: [own], pageCount: 1, filteredTemplateCount: 1, totalTemplateCount: 1 },
        },
      },
    });
    const cards = await screen.findAllByTestId('job-card');
    const templates = await screen.findByTestId('starter-templates');
    // The jobs come before the templates in the page's order.
    expect(
      cards[0]!.compareDocumentPosition(templates) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('My jobs')).toBeLessThan(headings.indexOf('Start from a template'));
    await waitFor(() =>
      expect(
        within(templates)
          .getAllByTestId('template-card')
          .map((card) => card.getAttribute('aria-label')),
      ).toEqual([
        'New job from the template Our engineer',
        'New job from the template Sales representative',
      ]),
    );
    expect(within(templates).getByText('Built-in')).toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Create/ })).toHaveLength(1);
  });

  it('pages 30 jobs at a time and goes back a page when archiving empties the last one', async () => {
    const jobs = Array.from({ length: 31 }, (_, index) => makeJob(index + 1));
    const view = renderScreen(<JobOverviewPage />, {
      path: '/backoffice/job',
      user: TEST_USER,
      routes: {
        'GET job': jobListRoute(jobs),
        'GET template/default': { body: [] },
        'PUT job': (call) => {
          const sent = (call.body as { jobs: Job[] }).jobs[0]!;
          const stored = jobs.find((job) => job._id === sent._id)!;
          stored.archivedAt = sent.archivedAt;
          return { body: { jobs: [stored] } };
        },
      },
    });
    expect(await screen.findAllByTestId('job-card')).toHaveLength(30);
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByTestId('job-card')).toHaveLength(1));
    expect(screen.getByText('Job 31')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Job 31' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Archive' }));

    await waitFor(() => expect(screen.getAllByTestId('job-card')).toHaveLength(30));
    // One page left: the pager hides.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    const archived = view.fetchMock.callsTo('PUT job')[0]!.body as { jobs: Job[] };
    expect(archived.jobs[0]!.archivedAt).toBeTruthy();
    expect(await screen.findByText('The job was archived')).toBeVisible();
  });

  it('puts the job back and shows the failure alert when archiving fails', async () => {
    renderScreen(<JobOverviewPage />, {
      path: '/backoffice/job',
      user: TEST_USER,
      routes: {
        'GET job': jobListRoute([makeJob(1), makeJob(2)]),
        'GET template/default': { body: [] },
        'PUT job': apiError(500, 'INTERNAL_ERR'),
      },
    });
    await screen.findByText('Job 1');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Job 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    expect(await screen.findByText('Could not archive the job')).toBeVisible();
    expect(screen.getByText('Job 1')).toBeVisible();
    expect(screen.getAllByTestId('job-card')).toHaveLength(2);
  });

  it('offers only restore and permanent delete for archived jobs', async () => {
    renderScreen(<JobOverviewPage />, {
      path: '/backoffice/job',
      user: TEST_USER,
      routes: { 'GET job': jobListRoute([makeJob(1, true)]), 'GET template/default': { body: [] } },
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Archive' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Job 1' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Restore',
      'Delete permanently',
      'Who can see this job',
    ]);
  });

  it('keeps the list view for the session and hides templates without the permission', async () => {
    const view = renderScreen(<JobOverviewPage />, {
      path: '/backoffice/job',
      user: { ...TEST_USER, perm: 0 },
      routes: { 'GET job': jobListRoute([makeJob(1)]) },
    });
    await screen.findByText('Job 1');
    expect(screen.queryByTestId('starter-templates')).toBeNull();
    expect(view.fetchMock.calls.filter((call) => call.path.startsWith('template'))).toEqual([]);
    await userEvent.click(screen.getByRole('radio', { name: 'List' }));
    expect(await screen.findByRole('table')).toBeVisible();
    expect(window.sessionStorage.getItem('candid.jobViewType')).toBe('list');
  });

  it('groups the digits of large exact counts: the badge, the cards and the rows', async () => {
    const crowded = {
      ...makeJob(1),
      applicantSummary: { avatars: [], applicantCount: 12_345, newCount: 0, toReviewCount: 0 },
    };
    renderScreen(<JobOverviewPage />, {
      path: '/backoffice/job',
      user: TEST_USER,
      routes: {
        'GET job': () => ({
          body: {
            jobs: [crowded],
            pageCount: 344,
            filteredJobCount: 10_301,
            totalJobCount: 10_301,
          },
        }),
        'GET template/default': { body: [] },
      },
    });
    expect(await screen.findByTestId('job-count')).toHaveTextContent('10,301 jobs');
    expect(await screen.findByText('12,345 applicants')).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: 'List' }));
    expect(await screen.findByRole('cell', { name: '12,345' })).toBeVisible();
  });

  it.each([
    ['en', '3 new', '1,205 to review'],
    ['he', '3 חדשים', '1,205 ממתינים לבדיקה'],
  ] as const)(
    'says on each card and row how many are new and wait for review (%s)',
    async (language, newText, toReviewText) => {
      const waiting = {
        ...makeJob(1),
        applicantSummary: { avatars: [], applicantCount: 1_300, newCount: 3, toReviewCount: 1_205 },
      };
      const quiet = makeJob(2);
      renderScreen(<JobOverviewPage />, {
        path: '/backoffice/job',
        user: TEST_USER,
        language,
        routes: {
          'GET job': jobListRoute([waiting, quiet]),
          'GET template/default': { body: [] },
        },
      });
      const cards = await screen.findAllByTestId('job-card');
      const progress = within(cards[0]!).getByTestId('job-applicant-progress');
      expect(within(progress).getByText(newText)).toBeVisible();
      expect(within(progress).getByText(toReviewText)).toBeVisible();
      // Nothing waiting: the card says nothing more than its count.
      expect(within(cards[1]!).queryByTestId('job-applicant-progress')).toBeNull();
      await userEvent.click(
        screen.getByRole('radio', { name: language === 'en' ? 'List' : 'רשימה' }),
      );
      const rows = within(await screen.findByRole('table')).getAllByRole('row');
      expect(within(rows[1]!).getByText(newText)).toBeVisible();
      expect(within(rows[1]!).getByText(toReviewText)).toBeVisible();
      expect(within(rows[2]!).queryByTestId('job-applicant-progress')).toBeNull();
    },
  );

  it("gives a reviewer their jobs with only 'Who can see this job', no creating and no templates", async () => {
    const reviewer = { ...TEST_USER, orgRole: 'reviewer' as const };
    const view = renderScreen(<JobOverviewPage />, {
      path: '/backoffice/job',
      user: reviewer,
      routes: { 'GET job': jobListRoute([makeJob(1)]) },
    });
    const card = await screen.findByTestId('job-card');
    expect(screen.getByText(/You see the jobs you are assigned to review/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Create/ })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Actions for Job 1' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Who can see this job']);
    expect(within(card).queryByRole('button', { name: 'Copy invitation link' })).toBeNull();
    expect(view.fetchMock.calls.filter((call) => call.path.startsWith('template'))).toEqual([]);
  });

  it('tells a reviewer with no job yet that the owner assigns them', async () => {
    renderScreen(<JobOverviewPage />, {
      path: '/backoffice/job',
      user: { ...TEST_USER, orgRole: 'reviewer' as const },
      routes: { 'GET job': jobListRoute([]) },
    });
    expect(await screen.findByTestId('jobs-reviewer-empty')).toHaveTextContent(
      "The organisation's owner chooses which jobs you review.",
    );
    expect(screen.queryByRole('button', { name: /Create/ })).toBeNull();
  });
});
