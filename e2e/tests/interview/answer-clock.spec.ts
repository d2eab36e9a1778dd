import type { Locator } from '@playwright/test';
import { expect, test } from '../../fixtures/test';
import {
  acceptConsent,
  createInterviewJob,
  fillDetails,
  runMediaCheck,
  videoQuestion,
} from './interview-helpers';
import {
  expectPlayable,
  getApplicant,
  readStoredObject,
  startInterview,
} from './interview-resilience-helpers';

/** A `<video>`'s duration once its metadata is known, and whether a seek to the middle lands. */
async function probePlayer(video: Locator): Promise<{ duration: number; seeked: boolean }> {
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.duration), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => Number.isFinite(el.duration)), {
      timeout: 15_000,
    })
    .toBe(true);
  return video.evaluate(async (el: HTMLVideoElement) => {
    const seeked = new Promise<boolean>((resolve) => {
      el.addEventListener('seeked', () => resolve(true), { once: true });
    });
    el.currentTime = el.duration / 2;
    return { duration: el.duration, seeked: await seeked };
  });
}

test('the answer clock is per take: reading is free, time-up keeps the take for review, a retake gets the full limit', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) {
      cspErrors.push(message.text());
    }
  });
  // One minute is the shortest limit a job can set.
  const { job } = await createInterviewJob(request, {
    title: 'Answer clock',
    quests: [
      { ...videoQuestion, timeLimit: 1 },
      {
        ...videoQuestion,
        id: 'q2',
        txt: 'Anything else?',
        timeLimit: 1,
        ansRule: { ...videoQuestion.ansRule, isVidAns: false, isTxtAns: true },
      },
    ],
  });
  await fillDetails(page, job._id);
  await runMediaCheck(page);
  // The media-check sample plays with its real length and seeks.
  const sample = await probePlayer(page.getByTestId('sample-clip'));
  expect(sample.duration).toBeGreaterThan(2);
  expect(sample.seeked).toBe(true);

  const started = await startInterview(page, job._id);
  const step = page.getByTestId('question-step');
  const timer = page.getByTestId('question-timer');
  await expect(step).toHaveAttribute('data-phase', 'reading');
  // Reading time is shown and runs; the answer limit stays whole.
  await expect(page.getByTestId('reading-time')).toContainText('0:03', { timeout: 10_000 });
  await expect(timer).toHaveText('1:00');
  await expect(page.getByTestId('timer-warning')).toHaveCount(0);

  // The first take runs to time-up: it is stopped and kept, the question stays.
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-badge')).toBeVisible();
  await expect(step).toHaveAttribute('data-phase', 'recorded', { timeout: 90_000 });
  await expect(step).toHaveAttribute('data-question-index', '0');
  await expect(page.getByTestId('time-up-kept')).toBeVisible();
  await expect(timer).toHaveText('0:00');
  await expect(page.getByRole('button', { name: 'Retake' })).toBeVisible();
  const full = await probePlayer(page.getByTestId('take-review'));
  expect(full.duration).toBeGreaterThan(50);
  expect(full.seeked).toBe(true);

  // A retake starts from the full limit, not from where the last take ended.
  await page.getByRole('button', { name: 'Retake' }).click();
  await expect(step).toHaveAttribute('data-phase', 'ready');
  await expect(timer).toHaveText('1:00');
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-badge')).toBeVisible();
  await expect(timer).toHaveText('0:57', { timeout: 10_000 });
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(step).toHaveAttribute('data-phase', 'recorded');
  // Stop freezes the clock.
  const frozen = await timer.textContent();
  const short = await probePlayer(page.getByTestId('take-review'));
  expect(short.duration).toBeLessThan(30);
  expect(short.seeked).toBe(true);
  await expect(timer).toHaveText(frozen ?? '');

  await page.getByRole('button', { name: 'Save and proceed' }).click();
  await expect(page.getByRole('heading', { name: 'Anything else?' })).toBeVisible();
  await page.getByLabel('Your answer').fill('No, thank you.');
  const finish = page.getByRole('button', { name: 'Finish interview' });
  await expect(finish).toBeEnabled({ timeout: 10_000 });
  await finish.click();
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });
  // The thank-you page names the job and the company; its confetti breaks no CSP rule.
  await expect(page.getByTestId('thank-you')).toContainText('Answer clock at Acme');
  await expect.poll(() => page.evaluate(() => document.querySelectorAll('canvas').length)).toBe(1);
  expect(cspErrors).toEqual([]);

  // The stored answer is the retake: the discarded minute-long take is gone.
  const saved = await getApplicant(request, started);
  const faceKey = saved.answerMap.q1?.faceKey ?? '';
  expect(faceKey).toContain(started.applicantId);
  const stored = await readStoredObject(faceKey);
  const storedSeconds = await expectPlayable(page, stored, 1);
  expect(storedSeconds).toBeLessThan(30);
});

test('a question with thinking time counts it down and starts the take by itself, with the full limit', async ({
  page,
  request,
}) => {
  const { job } = await createInterviewJob(request, {
    title: 'Thinking time',
    quests: [{ ...videoQuestion, timeLimit: 1, thinkTimeSec: 15 }],
  });
  await fillDetails(page, job._id);
  await runMediaCheck(page);
  await startInterview(page, job._id);
  const step = page.getByTestId('question-step');
  await expect(step).toHaveAttribute('data-phase', 'reading');
  await expect(page.getByTestId('think-time')).toBeVisible();
  await expect(page.getByTestId('question-timer')).toHaveText('1:00');
  // Nobody presses Start: the thinking time runs out and the recording starts.
  await expect(page.getByTestId('recording-badge')).toBeVisible({ timeout: 30_000 });
  await expect(step).toHaveAttribute('data-phase', 'recording');
  await expect(page.getByTestId('question-timer')).toHaveText(/^(1:00|0:5\d)$/);
  // A take stopped within its first moment can hold no frame yet (the encoder had none to give
  // on two loaded cores) and then has nothing to review: record a few seconds, as a person would.
  await expect(page.getByTestId('question-timer')).toHaveText(/^0:5[0-7]$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(step).toHaveAttribute('data-phase', 'recorded');
  // The take becomes playable once its recording is read back (slow on two loaded cores).
  await expect(page.getByTestId('take-review')).toBeVisible({ timeout: 20_000 });
});

test.describe('in Hebrew on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the steps are named, the speed reads in Hebrew, reading is free and the take review fits the screen', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const { job } = await createInterviewJob(request, {
      title: 'Answer clock',
      quests: [
        { ...videoQuestion, timeLimit: 1 },
        {
          ...videoQuestion,
          id: 'q2',
          txt: 'Anything else?',
          timeLimit: 1,
          ansRule: { ...videoQuestion.ansRule, isVidAns: false, isTxtAns: true },
        },
      ],
    });
    await page.addInitScript(() => window.localStorage.setItem('candid.lang', 'he'));
    await page.goto(`/interview/${job._id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: 'התחלת ראיון' }).click();
    // The phone's step indicator has no labels: the current step is named under it.
    await expect(page.getByTestId('step-caption')).toHaveText(/^שלב 1 מתוך \d: הפרטים שלך$/);
    await page.getByLabel('שם פרטי').fill('נועה');
    await page.getByLabel('שם משפחה').fill('כהן');
    await page.getByLabel('אימייל').fill('noa@example.com');
    await page.getByLabel('טלפון').fill('0501234567');
    await page.getByLabel('עיר מגורים').fill('חיפה');
    await page.getByRole('button', { name: 'המשך' }).click();
    await expect(page.getByTestId('step-caption')).toHaveText(/^שלב 2 מתוך \d: הסכמה$/);
    await acceptConsent(page);
    await expect(page.getByTestId('step-caption')).toHaveText(/^שלב 3 מתוך \d: בדיקת ציוד$/);
    await page.getByRole('button', { name: 'הפעלת בדיקה' }).click();
    const connection = page.getByTestId('status-connection');
    await expect(connection).not.toHaveAttribute('data-status', 'checking', { timeout: 30_000 });
    // Number before unit, both in Hebrew (it read "(Mbps 1.10)" in right-to-left).
    await expect(connection).not.toContainText('Mbps');
    if ((await connection.getAttribute('data-status')) === 'ok') {
      await expect(connection).toContainText(/\(\d+(\.\d+)? מגה-ביט לשנייה\)/);
    }

    await page.getByRole('button', { name: 'התחלת הראיון' }).click();
    const step = page.getByTestId('question-step');
    const timer = page.getByTestId('question-timer');
    await expect(step).toHaveAttribute('data-phase', 'reading', { timeout: 30_000 });
    await expect(page.getByTestId('reading-time')).toContainText('זמן קריאה');
    await expect(page.getByTestId('reading-time')).toContainText('0:03', { timeout: 10_000 });
    await expect(timer).toHaveText('1:00');

    await page.getByRole('button', { name: 'התחלת הקלטה' }).click();
    await expect(page.getByTestId('recording-badge')).toBeVisible();
    await expect(timer).toHaveText('0:57', { timeout: 10_000 });
    await page.getByRole('button', { name: 'עצירת הקלטה' }).click();
    await expect(step).toHaveAttribute('data-phase', 'recorded');
    const review = page.getByTestId('take-review');
    const played = await probePlayer(review);
    expect(played.seeked).toBe(true);
    // The review player and the choices fit a 360 px screen: nothing scrolls sideways.
    const box = await review.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await expect(page.getByRole('button', { name: 'הקלטה מחדש' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    await page.getByRole('button', { name: 'שמירה והמשך' }).click();
    await page.getByLabel('התשובה שלך').fill('לא, תודה.');
    const finish = page.getByRole('button', { name: 'סיום הראיון' });
    await expect(finish).toBeEnabled({ timeout: 10_000 });
    await finish.click();
    await expect(page.getByTestId('thank-you')).toContainText(
      'הראיון שלך למשרה Answer clock ב-Acme נשלח',
      { timeout: 60_000 },
    );
  });
});
