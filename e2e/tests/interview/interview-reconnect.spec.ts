import { expect, test } from '../../fixtures/test';
import { createInterviewJob, fillDetails, runMediaCheck } from './interview-helpers';
import {
  countRecordedBytes,
  expectIdenticalToRecorded,
  getApplicant,
  readUploadedBytes,
  recordedTakes,
  startInterview,
} from './interview-resilience-helpers';
import {
  expectDurationOfChunks,
  recruiterApplicants,
  recruiterView,
  reportTime,
} from './resume-helpers';

test('a 60 s outage while finishing: the uploads and the submit go as soon as the connection is back, not at the next retry timer', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(200_000);
  await countRecordedBytes(page);
  const { recruiter, job } = await createInterviewJob(request, { title: 'Long outage' });
  await fillDetails(page, job._id);
  await runMediaCheck(page);
  const started = await startInterview(page, job._id);

  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-badge')).toBeVisible();
  await page.waitForTimeout(3000);
  // The connection drops while the candidate is still talking, and stays down for a minute.
  await context.setOffline(true);
  await page.waitForTimeout(3000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  const finish = page.getByRole('button', { name: 'Finish interview' });
  await expect(finish).toBeEnabled({ timeout: 10_000 });
  await finish.click();
  await expect(page.getByRole('dialog', { name: 'No connection' })).toBeVisible();
  await page.waitForTimeout(60_000);
  expect((await getApplicant(request, started)).timestamp.submitted).toBeNull();

  const submitSent = page.waitForRequest(
    (sent) =>
      sent.url().endsWith('/api/applicant') &&
      sent.method() === 'PUT' &&
      (sent.postData() ?? '').includes('"submitted"'),
    { timeout: 60_000 },
  );
  const firstPatch = page.waitForRequest(
    (sent) => sent.url().includes('/api/upload/tus/') && sent.method() === 'PATCH',
    { timeout: 60_000 },
  );
  const onlineAt = Date.now();
  await context.setOffline(false);
  await firstPatch;
  reportTime(testInfo, 'online → first upload PATCH', Date.now() - onlineAt);
  await submitSent;
  reportTime(testInfo, 'online → submit sent', Date.now() - onlineAt);
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 30_000 });

  const saved = await getApplicant(request, started);
  expect(saved.timestamp.submitted).toBeTruthy();
  const takes = await recordedTakes(page);
  expect(takes).toHaveLength(1);
  expectIdenticalToRecorded(await readUploadedBytes(saved.answerMap.q1?.faceKey ?? ''), takes[0]!);
  const listed = await recruiterApplicants(request, recruiter, job._id);
  expect(listed).toHaveLength(1);
  const view = await recruiterView(request, recruiter, job._id, started.applicantId);
  expectDurationOfChunks(view.answers.q1?.faceDurationSec ?? null, takes[0]!);
});
