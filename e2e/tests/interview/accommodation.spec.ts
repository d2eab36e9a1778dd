import { logInWithTokens } from '../../fixtures/api';
import { expect, expectAccessible, test } from '../../fixtures/test';
import { createInterviewJob, fillDetails, runMediaCheck, videoQuestion } from './interview-helpers';

test('a candidate asks for extra time, the recruiter approves it in another browser, the candidate sees it live and the clock has the longer limit', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  // One minute: with 50 % more it reads 1:30.
  const { recruiter, job } = await createInterviewJob(request, {
    title: 'Adjusted interview',
    quests: [{ ...videoQuestion, timeLimit: 1 }],
  });

  // The candidate, in a browser of their own, asks before starting.
  const candidateContext = await browser.newContext({
    baseURL,
    permissions: ['camera', 'microphone'],
  });
  const candidate = await candidateContext.newPage();
  await fillDetails(candidate, job._id);
  await runMediaCheck(candidate);
  await candidate.getByRole('button', { name: 'Need an adjustment?' }).click();
  const form = candidate.getByTestId('accommodation-form');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Choose more time, extra takes or both.')).toBeVisible();
  await expect(form.getByText('This field is required')).toHaveCount(1);
  await expectAccessible(candidate);
  await form.getByRole('radio', { name: '50 % more time' }).check();
  await form.getByLabel(/What would you like the team to know/).fill('I have dyslexia.');
  const asked = candidate.waitForResponse(
    (response) =>
      /\/api\/applicant\/[^/]+\/accommodation$/.test(response.url()) &&
      response.request().method() === 'PUT',
  );
  await form.getByRole('button', { name: 'Send request' }).click();
  const applicantId = /\/api\/applicant\/([^/]+)\/accommodation$/.exec((await asked).url())![1]!;
  const status = candidate.getByTestId('accommodation-status');
  await expect(status).toHaveAttribute('data-status', 'pending');
  await expect(status).toContainText('or start now with the standard settings');
  await expectAccessible(candidate);

  // The recruiter opens the applicant and approves.
  await logInWithTokens(page, recruiter);
  await page.goto(`/backoffice/details/${job._id}/${applicantId}`);
  const card = page.getByTestId('accommodation-card');
  // The back office loads while the candidate's browser records beside it: slow on a loaded
  // machine, so the page gets longer than one expectation to appear.
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toHaveAttribute('data-status', 'pending');
  await expect(card.getByTestId('accommodation-reason')).toHaveText('I have dyslexia.');
  await expect(card).toContainText('50 % more time on each question');
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toHaveAttribute('data-status', 'approved');
  await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByText('Asked for an adjustment')).toBeVisible();
  await expect(page.getByText('Adjustment approved')).toBeVisible();

  // The waiting candidate sees the decision without a reload.
  await expect(status).toHaveAttribute('data-status', 'approved');
  await expect(status).toContainText('You have 50 % more time on each question.');
  await expectAccessible(candidate);

  // The interview's clock has the longer limit.
  await candidate.getByRole('button', { name: 'Start interview' }).click();
  await expect(candidate).toHaveURL(new RegExp(`/interview/${job._id}/inprogress$`), {
    timeout: 20_000,
  });
  await expect(candidate.getByTestId('question-step')).toHaveAttribute('data-phase', 'reading');
  await expect(candidate.getByTestId('question-timer')).toHaveText('1:30');
  await expect(candidate.getByTestId('reading-clock')).toContainText('1:30');
  await candidateContext.close();
});
