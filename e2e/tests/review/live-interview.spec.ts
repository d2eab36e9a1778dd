import { logInWithTokens } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';
import { createInterviewJob, fillDetails, runMediaCheck } from '../interview/interview-helpers';
import { startInterview } from '../interview/interview-resilience-helpers';

test('a candidate records a real interview while the recruiter watches the overview: the row appears without a reload', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const { recruiter, job } = await createInterviewJob(request, { title: 'Live hiring' });

  await logInWithTokens(page, recruiter);
  const watching = page.waitForEvent('websocket').then((socket) =>
    socket.waitForEvent('framesent', {
      predicate: (frame) => String(frame.payload).includes('user watch'),
    }),
  );
  await page.goto(`/backoffice/applicant/${job._id}`);
  await expect(page.getByRole('heading', { name: 'Live hiring' })).toBeVisible();
  await watching;

  // The candidate, in a browser of their own (the same fake camera and microphone).
  const candidateContext = await browser.newContext({
    baseURL,
    permissions: ['camera', 'microphone'],
  });
  const candidate = await candidateContext.newPage();
  await fillDetails(candidate, job._id);
  await runMediaCheck(candidate);
  await startInterview(candidate, job._id);
  await candidate.getByRole('button', { name: 'Start recording' }).click();
  await expect(candidate.getByTestId('recording-badge')).toBeVisible();
  await candidate.waitForTimeout(2500);
  await candidate.getByRole('button', { name: 'Stop recording' }).click();
  const finish = candidate.getByRole('button', { name: 'Finish interview' });
  await expect(finish).toBeEnabled({ timeout: 10_000 });
  await finish.click();
  await expect(candidate.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });
  await candidateContext.close();

  // The recruiter's open overview: the alert and the new, unread row, without a reload.
  await expect(page.getByText('Noa Cohen completed the interview for Live hiring')).toBeVisible();
  const row = page.getByTestId('applicant-row').filter({ hasText: 'Noa Cohen' });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-unread', 'true');
});
