import type { Page } from '@playwright/test';
import { logInWithTokens } from '../../fixtures/api';
import { expect, expectAccessible, test } from '../../fixtures/test';
import { createInterviewJob, fillDetails, runMediaCheck } from './interview-helpers';

// This project's camera is Chromium's own test pattern: there is never a face to find.

const textQuestion = {
  id: 'q1',
  txt: 'Why this job?',
  desc: '',
  vidUrl: null,
  timeLimit: 2,
  ansRule: {
    isVidAns: false,
    isScreenAns: false,
    isTxtAns: true,
    isImgAns: false,
    isCodeAns: false,
  },
};

async function expectFaceFailed(page: Page): Promise<void> {
  const camera = page.getByTestId('status-camera');
  await expect(camera).toHaveAttribute('data-status', 'error');
  await expect(camera).toContainText('Face recognition failed');
  // Plain guidance instead of "Maximum capture time passed".
  await expect(camera).not.toContainText('Maximum capture time passed');
  const guide = page.getByTestId('face-guide');
  await expect(guide).toContainText('Face a lamp or a window');
  await expect(guide).toContainText('middle of the picture');
  await expect(guide).toContainText('hat or sunglasses');
  await expect(guide).toContainText('hold still');
  // The live camera shows while the candidate adjusts, instead of the recorded sample.
  await expect(page.getByTestId('live-badge')).toBeVisible();
  await expect(page.getByTestId('camera-preview')).toBeVisible();
  await expect(page.getByTestId('sample-clip')).toHaveCount(0);
  // "Check again" is the primary way on; "Start interview" stays disabled.
  await expect(page.getByTestId('check-again')).toHaveAttribute('data-variant', 'filled');
  await expect(page.getByTestId('start-interview')).toBeDisabled();
}

test('no face in the camera: NOT_RECOGNIZED blocks starting, with plain guidance and Check again first', async ({
  page,
  request,
}) => {
  const { job } = await createInterviewJob(request);
  await fillDetails(page, job._id);
  await runMediaCheck(page);
  await expectFaceFailed(page);
  // One failure is not enough to go on without the face check.
  await expect(page.getByTestId('face-skip')).toHaveCount(0);

  await page.getByRole('button', { name: 'What to do about the Camera' }).click();
  const detail = page.getByTestId('error-detail');
  await expect(detail.getByTestId('media-error-NOT_RECOGNIZED')).toHaveAttribute(
    'data-blocking',
    'true',
  );
  await expect(detail).toContainText("We couldn't see your face clearly");
  await expect(detail.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('after two failed face checks the candidate continues without it, finishes, and the recruiter sees the skip (in Hebrew)', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(150_000);
    const { recruiter, job } = await createInterviewJob(request, { quests: [textQuestion] });
    await fillDetails(page, job._id);
    await runMediaCheck(page);
    await expectFaceFailed(page);
    await expect(page.getByTestId('face-skip')).toHaveCount(0);

    // Check again: the face is still not found, and now the way past is offered.
    await page.getByTestId('check-again').click();
    await expect(page.getByTestId('media-check')).toHaveAttribute('data-step', 'recording');
    await runMediaCheckResults(page);
    await expectFaceFailed(page);
    const skip = page.getByTestId('face-skip');
    await expect(skip).toContainText('The recruiter will see that it was skipped and why.');

    const created = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/applicant') && response.request().method() === 'POST',
    );
    const reported = page.waitForResponse(
      (response) =>
        response.url().endsWith('/media-check') && response.request().method() === 'POST',
    );
    await skip.getByRole('button', { name: 'Continue without face check' }).click();
    const { applicant } = (await (await created).json()) as { applicant: { id: string } };
    const report = await reported;
    expect(report.status()).toBe(200);
    expect(report.request().postDataJSON()).toEqual({
      outcome: 'faceSkipped',
      reason: 'NOT_RECOGNIZED',
      faceTries: 2,
    });

    await expect(page).toHaveURL(new RegExp(`/interview/${job._id}/inprogress$`));
    await expect(page.getByRole('heading', { name: 'Why this job?' })).toBeVisible();
    await page.getByLabel('Your answer').fill('I like the team.');
    const finish = page.getByRole('button', { name: 'Finish interview' });
    await expect(finish).toBeEnabled({ timeout: 15_000 });
    await finish.click();
    await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });

    // The recruiter, in Hebrew on a desktop, sees that the face check was skipped and why.
    const context = await browser.newContext({ baseURL, locale: 'he-IL' });
    const review = await context.newPage();
    await logInWithTokens(review, recruiter, 'he');
    await review.goto(`/backoffice/details/${job._id}/${applicant.id}`);
    const outcome = review.getByTestId('media-check-outcome');
    await expect(outcome).toHaveAttribute('data-outcome', 'faceSkipped');
    await expect(outcome).toContainText('בדיקת הפנים דולגה: הפנים לא זוהו אחרי שני ניסיונות');
    await review.getByRole('tab', { name: 'ציר זמן' }).click();
    await expect(
      review.getByText('בדיקת הפנים דולגה: הפנים לא זוהו', { exact: true }),
    ).toBeVisible();
    await expectAccessible(review, testInfo);
    await context.close();
  });
});

/** After "Check again": waits for the new run's settled results. */
async function runMediaCheckResults(page: Page): Promise<void> {
  await expect(page.getByTestId('media-check')).toHaveAttribute('data-step', 'results', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('status-camera')).not.toHaveAttribute('data-status', 'checking', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('status-connection')).not.toHaveAttribute(
    'data-status',
    'checking',
  );
}
