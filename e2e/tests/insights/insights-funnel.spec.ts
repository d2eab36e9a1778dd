import { readFile } from 'node:fs/promises';
import { apiCall, createRecruiter, logInWithTokens } from '../../fixtures/api';
import { addSubmittedApplicant, TEXT_QUESTION } from '../../fixtures/applicants';
import { expect, test } from '../../fixtures/test';

/** A job with one text question: two candidates finish, one leaves before answering. */
async function jobWithApplicants(
  request: Parameters<typeof createRecruiter>[0],
  recruiter: Awaited<ReturnType<typeof createRecruiter>>,
) {
  const job = await apiCall<{ _id: string }>(request, recruiter, 'POST', 'job', {
    job: {
      info: { title: 'Nurse', location: 'Haifa', desc: '<p>Hi</p>', coverUrl: '' },
      company: { name: 'Acme', logoUrl: '' },
      rule: { isCvRequired: false, isOneTry: true },
      quests: [TEXT_QUESTION],
    },
  });
  const first = await addSubmittedApplicant(request, job._id, { fName: 'Yael', lName: 'Cohen' });
  await addSubmittedApplicant(request, job._id, { fName: 'Gil', lName: 'Levi' });
  const left = await request.post('/api/applicant', {
    data: {
      applicant: {
        info: {
          fName: 'Rina',
          lName: 'Mor',
          email: `rina-${Date.now()}@example.com`,
          phone: '0501234567',
          hometown: 'Haifa',
        },
      },
      jobId: job._id,
      consent: { version: 0, language: 'en' },
    },
  });
  expect(left.ok()).toBe(true);
  const { applicant, candidateToken } = (await left.json()) as {
    applicant: { id: string };
    candidateToken: string;
  };
  const quit = await request.put('/api/applicant', {
    headers: { Authorization: `Bearer ${candidateToken}` },
    data: {
      applicant: { id: applicant.id, timestamp: { quited: new Date().toISOString() } },
      jobId: job._id,
    },
  });
  expect(quit.ok(), await quit.text()).toBe(true);
  await apiCall(request, recruiter, 'PUT', 'job/applicant', {
    applicants: [{ id: first, status: 7 }],
  });
  return job;
}

/**
 * A recruiter opens Insights from the navigation: the organisation's funnel counts the
 * interviews the test made (a table beside the chart), the job's drop-off names where the
 * candidate left, and the CSV holds what is shown.
 */
test('a recruiter reads the funnel of the organisation and of a job, and exports it', async ({
  page,
  request,
}) => {
  const recruiter = await createRecruiter(request);
  await jobWithApplicants(request, recruiter);
  await logInWithTokens(page, recruiter);
  await page.goto('/backoffice/job');
  await page.getByRole('link', { name: 'Insights' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

  const table = page.getByTestId('funnel-table');
  await expect(table.getByRole('row', { name: /^Started/ })).toContainText('3');
  await expect(table.getByRole('row', { name: /^Submitted/ })).toContainText('2');
  await expect(table.getByRole('row', { name: /^Decided/ })).toContainText('1');
  await expect(page.getByTestId('kpis')).toContainText('66.7%');
  await expect(page.getByTestId('drop-off-table')).toContainText('Before the first answer');

  await page
    .getByRole('radiogroup', { name: 'Show figures for' })
    .getByText('Job', { exact: true })
    .click();
  await expect(page.getByTestId('insights-choose')).toBeVisible();
  await page.getByRole('combobox', { name: 'Job' }).click();
  await page.getByRole('option', { name: 'Nurse' }).click();
  await expect(
    page.getByTestId('funnel-table').getByRole('row', { name: /^Submitted/ }),
  ).toContainText('2');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(csv).toContain('Submitted,2,0.6667');
  expect(csv).toContain('Nurse · Period');
});

test.describe('in Hebrew on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  /** A new organisation has nothing yet: the screen says so in Hebrew, right to left. */
  test('an organisation without interviews sees an empty state, not zeros', async ({
    page,
    request,
  }) => {
    const recruiter = await createRecruiter(request, { fName: 'Tamar', lName: 'Golan' });
    await logInWithTokens(page, recruiter, 'he');
    await page.goto('/backoffice/insights');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The charts' chunk is the screen's first load: on a busy machine it takes longer than the
    // default wait.
    await expect(page.getByRole('heading', { level: 1, name: 'תובנות' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByTestId('insights-empty')).toContainText('אין פעילות ראיונות בתקופה הזו');
    await expect(page.getByTestId('funnel-table')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'ייצוא ל-CSV' })).toBeDisabled();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
