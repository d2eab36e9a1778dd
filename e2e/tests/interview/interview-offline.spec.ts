import type { Route } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import { createInterviewJob, fillDetails, runMediaCheck } from './interview-helpers';
import {
  countRecordedBytes,
  expectPlayable,
  expectSameMedia,
  getApplicant,
  readStoredObject,
  recordedTakes,
  startInterview,
} from './interview-resilience-helpers';

test('going offline mid-answer and cut part uploads lose nothing: the upload retries and the applicant is submitted', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await countRecordedBytes(page);
  const { job } = await createInterviewJob(request, { title: 'Offline interview' });

  await fillDetails(page, job._id);
  await runMediaCheck(page);
  const started = await startInterview(page, job._id);

  await expect(page.getByRole('heading', { name: 'Introduce yourself' })).toBeVisible();
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-badge')).toBeVisible();
  await page.waitForTimeout(3000);

  // The connection drops for 2 s while the candidate keeps talking.
  await context.setOffline(true);
  await page.waitForTimeout(2000);
  await context.setOffline(false);

  // Then every part PUT is cut mid-request for a while: nothing reaches storage, nothing is lost.
  // (Cut from before the stop: the last part leaves as soon as the recorder stops.)
  let isCutting = true;
  let cutParts = 0;
  const cutPart = async (route: Route) => {
    if (isCutting && route.request().method() === 'PUT') {
      cutParts += 1;
      await route.abort('connectionreset');
      return;
    }
    await route.fallback();
  };
  await page.route('**/api/storage/object/**', cutPart);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  const finish = page.getByRole('button', { name: 'Finish interview' });
  await expect(finish).toBeEnabled({ timeout: 10_000 });
  await finish.click();
  await expect(page).toHaveURL(new RegExp(`/interview/${job._id}/end$`));
  await expect.poll(() => cutParts, { timeout: 10_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(2000);
  await expect(page.getByTestId('thank-you')).toBeHidden();
  expect((await getApplicant(request, started)).timestamp.submitted).toBeNull();

  // The connection is back: the uploader's retry sends the part and the interview is submitted.
  isCutting = false;
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });
  await page.unroute('**/api/storage/object/**', cutPart);

  const saved = await getApplicant(request, started);
  expect(saved.timestamp.submitted).toBeTruthy();
  const faceKey = saved.answerMap.q1?.faceKey;
  expect(faceKey).toBe(`${job._id}/${started.applicantId}_${job._id}_q1_face.webm`);

  const takes = await recordedTakes(page);
  expect(takes).toHaveLength(1);
  const stored = await readStoredObject(faceKey ?? '');
  expectSameMedia(stored, takes[0]!);
  await expectPlayable(page, stored, 3.5);
});

test('finishing the interview while offline shows the end page with the no-connection notice, then submits', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await countRecordedBytes(page);
  const { job } = await createInterviewJob(request, { title: 'Offline finish' });

  await fillDetails(page, job._id);
  await runMediaCheck(page);
  const started = await startInterview(page, job._id);

  await expect(page.getByRole('heading', { name: 'Introduce yourself' })).toBeVisible();
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-badge')).toBeVisible();
  await page.waitForTimeout(2000);
  await page.getByRole('button', { name: 'Stop recording' }).click();

  // The connection drops before the candidate finishes: the end page's code must already be
  // loaded, so the candidate sees the upload page and the notice, not an error.
  await context.setOffline(true);
  const finish = page.getByRole('button', { name: 'Finish interview' });
  await expect(finish).toBeEnabled({ timeout: 10_000 });
  await finish.click();
  await expect(page).toHaveURL(new RegExp(`/interview/${job._id}/end$`));
  await expect(page.getByRole('dialog', { name: 'No connection' })).toBeVisible();
  await expect(page.getByTestId('thank-you')).toBeHidden();

  await context.setOffline(false);
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });
  const saved = await getApplicant(request, started);
  expect(saved.timestamp.submitted).toBeTruthy();
  const takes = await recordedTakes(page);
  expect(takes).toHaveLength(1);
  expectSameMedia(await readStoredObject(saved.answerMap.q1?.faceKey ?? ''), takes[0]!);
});
