import type { Route } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import { createInterviewJob, fillDetails, runMediaCheck } from './interview-helpers';
import {
  countRecordedBytes,
  expectIdenticalToRecorded,
  expectPlayable,
  expectSameMedia,
  getApplicant,
  readStoredObject,
  readUploadedBytes,
  recordedTakes,
  startInterview,
} from './interview-resilience-helpers';

test('offline for 10 s mid-answer and cut PATCHes lose nothing: the upload resumes and the stored recording is the recorded one', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  await countRecordedBytes(page);
  const { job } = await createInterviewJob(request, { title: 'Offline interview' });

  await fillDetails(page, job._id);
  await runMediaCheck(page);
  const started = await startInterview(page, job._id);

  await expect(page.getByRole('heading', { name: 'Introduce yourself' })).toBeVisible();
  const patches: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/upload/tus/') && sent.method() === 'PATCH') {
      patches.push(sent.url());
    }
  });
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-badge')).toBeVisible();
  // The recording streams while the candidate speaks: PATCHes go out during the answer.
  await expect.poll(() => patches.length, { timeout: 10_000 }).toBeGreaterThan(1);

  // The connection drops for 10 s while the candidate keeps talking.
  await context.setOffline(true);
  await page.waitForTimeout(10_000);
  await context.setOffline(false);
  const sentBeforeOnline = patches.length;
  await expect.poll(() => patches.length, { timeout: 20_000 }).toBeGreaterThan(sentBeforeOnline);

  // Then every PATCH is cut for a while: nothing more reaches the server, nothing is lost.
  // (Cut from before the stop: the last bytes leave as soon as the recorder stops.)
  let isCutting = true;
  let cutPatches = 0;
  const cutPatch = async (route: Route) => {
    if (isCutting && route.request().method() === 'PATCH') {
      cutPatches += 1;
      await route.abort('connectionreset');
      return;
    }
    await route.fallback();
  };
  await page.route('**/api/upload/tus/**', cutPatch);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  const finish = page.getByRole('button', { name: 'Finish interview' });
  await expect(finish).toBeEnabled({ timeout: 10_000 });
  await finish.click();
  await expect(page).toHaveURL(new RegExp(`/interview/${job._id}/end$`));
  await expect.poll(() => cutPatches, { timeout: 10_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('thank-you')).toBeHidden();
  expect((await getApplicant(request, started)).timestamp.submitted).toBeNull();

  // The connection is back: the uploader resumes from the server's offset and submits.
  isCutting = false;
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });
  await page.unroute('**/api/upload/tus/**', cutPatch);

  const saved = await getApplicant(request, started);
  expect(saved.timestamp.submitted).toBeTruthy();
  const faceKey = saved.answerMap.q1?.faceKey;
  expect(faceKey).toBe(`${job._id}/${started.applicantId}_${job._id}_q1_face.webm`);

  const takes = await recordedTakes(page);
  expect(takes).toHaveLength(1);
  expectIdenticalToRecorded(await readUploadedBytes(faceKey ?? ''), takes[0]!);
  const stored = await readStoredObject(faceKey ?? '');
  expectSameMedia(stored, takes[0]!);
  await expectPlayable(page, stored, 12);
});

test('finishing the interview while offline shows the end page with the no-connection notice, then submits', async ({
  page,
  context,
  request,
}) => {
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
  const faceKey = saved.answerMap.q1?.faceKey ?? '';
  expectIdenticalToRecorded(await readUploadedBytes(faceKey), takes[0]!);
  expectSameMedia(await readStoredObject(faceKey), takes[0]!);
});
