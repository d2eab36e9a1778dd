import { DEFAULT_STATUS_STAGES, type InsightsFunnel, type Job } from '@candid/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen, TEST_USER } from '../../common/test/render-screen';
import { buildInsightsCsv } from '../components/insights-csv';
import InsightsPage from './insights-page';

const PATH = '/backoffice/insights';

function funnel(
  name: string | null,
  opened: number,
  overrides: Partial<InsightsFunnel> = {},
): InsightsFunnel {
  const counts = { invited: 4, opened, started: opened, submitted: 2, reviewed: 1, decided: 1 };
  const keys = Object.keys(counts) as (keyof typeof counts)[];
  return {
    scope: name
      ? { kind: 'job', id: `job-${name}`, name }
      : { kind: 'organization', id: null, name: null },
    from: '2026-01-05',
    to: '2026-01-06',
    interval: 'day',
    hasData: true,
    steps: keys.map((key, index) => ({
      key,
      count: counts[key],
      conversion: index === 0 ? null : 0.5,
    })),
    invitedOpened: 2,
    quit: 1,
    completionRate: 0.5,
    timeToComplete: { count: 2, medianMin: 15, p90Min: 42 },
    timeToFirstReview: { count: 1, medianMin: 2160, p90Min: 2736 },
    dropOff: [{ answered: 2, count: 1, questId: 'q2', questTxt: 'Why this role?' }],
    devices: [
      { key: 'desktop', count: 2 },
      { key: 'mobile', count: 1 },
      { key: 'tablet', count: 0 },
      { key: 'other', count: 0 },
    ],
    browsers: [
      { key: 'chrome', count: 2 },
      { key: 'safari', count: 1 },
      { key: 'firefox', count: 0 },
      { key: 'edge', count: 0 },
      { key: 'samsung', count: 0 },
      { key: 'other', count: 0 },
    ],
    series: [
      {
        period: '2026-01-05',
        invited: 4,
        opened,
        started: opened,
        submitted: 2,
        reviewed: 0,
        decided: 0,
      },
      {
        period: '2026-01-06',
        invited: 0,
        opened: 0,
        started: 0,
        submitted: 0,
        reviewed: 1,
        decided: 1,
      },
    ],
    ...overrides,
  };
}

function makeJob(id: string, title: string): Job {
  return {
    _id: id,
    info: { title, location: 'Tel Aviv', desc: '', coverUrl: '' },
    company: { name: 'Acme', logoUrl: '' },
    owner: { _id: 'u1', fName: 'Dana', lName: 'Levi', email: 'dana@example.com' } as Job['owner'],
    rule: { isCvRequired: false, isOneTry: true },
    quests: [],
    applicants: [],
    applicantSummary: { avatars: [], applicantCount: 2, newCount: 0, toReviewCount: 0 },
    createdAt: '2024-05-01T10:00:00.000Z',
    archivedAt: null,
    closesAt: null,
    statusStages: DEFAULT_STATUS_STAGES,
    scorecard: [{ id: 'overall', label: 'Overall' }],
  };
}

const jobList = {
  body: {
    jobs: [],
    pageCount: 1,
    filteredJobCount: 0,
    totalJobCount: 0,
  },
};

describe('InsightsPage', () => {
  it("shows the organisation's funnel as a chart and a table, with its figures", async () => {
    renderScreen(<InsightsPage />, {
      path: PATH,
      user: TEST_USER,
      routes: { 'GET insights/funnel': { body: funnel(null, 3) }, 'GET job': jobList },
    });
    const table = await screen.findByTestId('funnel-table');
    const opened = within(table).getByRole('row', { name: /Opened/ });
    expect(within(opened).getByText('3')).toBeInTheDocument();
    expect(within(opened).getByText('50% of the step before')).toBeInTheDocument();
    const kpis = screen.getByTestId('kpis');
    expect(within(kpis).getByText('15 min')).toBeInTheDocument();
    expect(within(kpis).getByText('36 h')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('drop-off-table')).getByText('After question 2: Why this role?'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('has a reviewer choose one of their jobs, never asking for the organisation', async () => {
    const view = renderScreen(<InsightsPage />, {
      path: PATH,
      user: { ...TEST_USER, orgRole: 'reviewer' },
      routes: { 'GET insights/funnel': { body: funnel('Designer', 3) }, 'GET job': jobList },
    });
    expect(await screen.findByText('Choose a job to see its funnel')).toBeVisible();
    expect(screen.queryByRole('radiogroup', { name: 'Scope' })).toBeNull();
    expect(screen.queryByText('Organisation')).toBeNull();
    expect(view.fetchMock.calls.filter((call) => call.path.startsWith('insights'))).toEqual([]);
  });

  it('says there is nothing in the period instead of showing zeros', async () => {
    renderScreen(<InsightsPage />, {
      path: PATH,
      user: TEST_USER,
      routes: {
        'GET insights/funnel': { body: funnel(null, 0, { hasData: false }) },
        'GET job': jobList,
      },
    });
    expect(await screen.findByTestId('insights-empty')).toHaveTextContent(
      'No interview activity in this period',
    );
    expect(screen.queryByTestId('funnel-table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('compares two jobs side by side, asking the server for each', async () => {
    const view = renderScreen(<InsightsPage />, {
      path: PATH,
      user: TEST_USER,
      routes: {
        'GET insights/funnel': (call) => ({
          body: call.path.includes('jobId=job-b') ? funnel('Designer', 7) : funnel('Nurse', 3),
        }),
        'GET job': (call) => ({
          body: {
            ...jobList.body,
            jobs: call.path.includes('showArchived=true')
              ? []
              : [makeJob('job-a', 'Nurse'), makeJob('job-b', 'Designer')],
          },
        }),
      },
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'Job' }));
    expect(await screen.findByTestId('insights-choose')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Job' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Nurse' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Compare with' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Designer' }));
    const table = await screen.findByTestId('funnel-table');
    await within(table).findByRole('columnheader', { name: 'Designer' });
    const opened = within(table).getByRole('row', { name: /Opened/ });
    expect(within(opened).getByText('3')).toBeInTheDocument();
    expect(within(opened).getByText('7')).toBeInTheDocument();
    expect(view.fetchMock.calls.some((c) => c.path.includes('jobId=job-a'))).toBe(true);
    expect(view.fetchMock.calls.some((c) => c.path.includes('jobId=job-b'))).toBe(true);
  });

  it('exports what is shown as CSV, a column per compared job', () => {
    const t = ((key: string, options?: Record<string, unknown>) =>
      options ? `${key} ${JSON.stringify(options)}` : key) as never;
    const csv = buildInsightsCsv([funnel('Nurse', 3), funnel('Designer', 7)], t);
    const lines = csv.split('\r\n');
    expect(lines).toContain('insights.steps.opened,3,0.5,7,0.5');
    expect(lines).toContain('insights.kpi.completionRate,0.5,0.5');
    expect(lines).toContain(
      'Nurse · insights.csv.period,insights.steps.invited,insights.steps.opened,insights.steps.started,insights.steps.submitted,insights.steps.reviewed,insights.steps.decided',
    );
    expect(lines).toContain('2026-01-05,4,3,3,2,0,0');
  });
});
