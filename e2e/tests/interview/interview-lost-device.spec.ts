import { expect, test } from '../../fixtures/test';
import { createInterviewJob, fillDetails, runMediaCheck } from './interview-helpers';
import {
  expectPlayable,
  getApplicant,
  readStoredObject,
  startInterview,
} from './interview-resilience-helpers';

test('a camera lost mid-answer blocks and stops the recording; once it is back, recording restarts', async ({
  page,
  request,
}) => {
  const { job } = await createInterviewJob(request, { title: 'Lost camera' });
  await fillDetails(page, job._id);
  await runMediaCheck(page);
  const started = await startInterview(page, job._id);

  await expect(page.getByRole('heading', { name: 'Introduce yourself' })).toBeVisible();
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-badge')).toBeVisible();
  await page.waitForTimeout(1500);

  // The camera goes away (unplugged): its track ends.
  await page.evaluate(() => {
    const video = document.querySelector('video');
    const stream = video?.srcObject as MediaStream | null;
    stream?.getVideoTracks()[0]?.dispatchEvent(new Event('ended'));
  });
  await expect(page.getByTestId('media-error-CAMERA_NOT_FOUND')).toBeVisible();
  await expect(page.getByTestId('media-error-CAMERA_NOT_FOUND')).toHaveAttribute(
    'data-blocking',
    'true',
  );
  await expect(page.getByTestId('recording-badge')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Finish interview' })).toBeDisabled();

  // It is back: the error clears and a new take starts by itself.
  await page.getByRole('button', { name: 'My device is back: try again' }).click();
  await expect(page.getByTestId('lost-device')).toBeHidden();
  await expect(page.getByTestId('recording-badge')).toBeVisible();
  await page.waitForTimeout(3000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  const finish = page.getByRole('button', { name: 'Finish interview' });
  await expect(finish).toBeEnabled({ timeout: 10_000 });
  await finish.click();
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });

  const saved = await getApplicant(request, started);
  expect(saved.timestamp.submitted).toBeTruthy();
  const faceKey = saved.answerMap.q1?.faceKey ?? '';
  expect(faceKey).toContain(started.applicantId);
  await expectPlayable(page, await readStoredObject(faceKey), 2);
});
