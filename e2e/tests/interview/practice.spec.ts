import { expect, test } from '../../fixtures/test';
import { createInterviewJob, fillDetails, runMediaCheck } from './interview-helpers';

/**
 * A job with a practice question. After the media check the candidate records a
 * practice answer with the real recorder, watches it (a finite, seekable length), records it
 * again, and goes on to the interview; nothing of the practice leaves the browser.
 */
test('the practice question records and plays back on the device only, then the interview starts', async ({
  page,
  request,
}) => {
  const { job } = await createInterviewJob(request, { hasPractice: true });
  await page.goto(`/interview/${job._id}`);
  await fillDetails(page, job._id);
  await runMediaCheck(page);

  // Everything the page sends from here until the candidate moves on.
  const sent: string[] = [];
  let isPractising = false;
  page.on('request', (req) => {
    if (isPractising && req.method() !== 'GET') sent.push(`${req.method()} ${req.url()}`);
  });
  await page.getByRole('button', { name: 'Start interview' }).click();
  const practice = page.getByTestId('practice');
  await expect(practice).toBeVisible();
  isPractising = true;
  await expect(practice.getByTestId('practice-badge')).toHaveText('Practice: not sent');
  await expect(practice).toContainText('it is never sent to Acme');

  const take = async () => {
    await practice.getByRole('button', { name: /Record/ }).click();
    await expect(practice.getByTestId('practice-time-left')).toBeVisible();
    await page.waitForTimeout(2500);
    await practice.getByRole('button', { name: 'Stop' }).click();
    const playback = practice.getByTestId('practice-playback');
    await expect(playback).toBeVisible();
    await expect
      .poll(() => playback.evaluate((video: HTMLVideoElement) => video.duration), {
        timeout: 10_000,
      })
      .toBeGreaterThan(1.5);
    const duration = await playback.evaluate((video: HTMLVideoElement) => video.duration);
    expect(Number.isFinite(duration)).toBe(true);
    expect(duration).toBeLessThan(6);
  };
  await take();
  await expect(practice.getByRole('button', { name: 'Record again' })).toBeVisible();
  await take();

  isPractising = false;
  expect(sent).toEqual([]);
  await practice.getByRole('button', { name: "I'm ready: start the interview" }).click();
  await expect(page.getByTestId('start-countdown')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/interview/${job._id}/inprogress$`), {
    timeout: 15_000,
  });
});
