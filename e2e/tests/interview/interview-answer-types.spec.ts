import { makePng } from '../../fixtures/images';
import { expect, test } from '../../fixtures/test';
import { createInterviewJob, fillDetails, RULE_OFF, runMediaCheck } from './interview-helpers';
import {
  expectPlayable,
  getApplicant,
  readStoredObject,
  startInterview,
} from './interview-resilience-helpers';

test('image and code answers are stored with the applicant', async ({ page, request }) => {
  const { job } = await createInterviewJob(request, {
    title: 'Image and code',
    quests: [
      {
        id: 'img',
        txt: 'Show us a design you like',
        desc: '',
        vidUrl: null,
        timeLimit: 2,
        ansRule: { ...RULE_OFF, isImgAns: true },
      },
      {
        id: 'code',
        txt: 'Write a function that adds two numbers',
        desc: '',
        vidUrl: null,
        timeLimit: 2,
        ansRule: { ...RULE_OFF, isCodeAns: true },
      },
    ],
  });
  await fillDetails(page, job._id);
  await runMediaCheck(page);
  const started = await startInterview(page, job._id);

  await expect(page.getByRole('heading', { name: 'Show us a design you like' })).toBeVisible();
  const uploaded = page.waitForResponse((response) => response.url().includes('/answer-image'));
  await page.getByTestId('image-answer').click();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'design.png',
    mimeType: 'image/png',
    buffer: makePng(64, [20, 120, 200]),
  });
  expect((await uploaded).ok()).toBe(true);
  const proceed = page.getByRole('button', { name: 'Save and proceed' });
  await expect(proceed).toBeEnabled({ timeout: 10_000 });
  await proceed.click();

  await expect(
    page.getByRole('heading', { name: 'Write a function that adds two numbers' }),
  ).toBeVisible();
  const code = page.getByLabel('Your code');
  await code.click();
  await code.pressSequentially('function add(a, b) {');
  await code.press('Enter');
  // Tab indents inside the editor instead of leaving it.
  await code.press('Tab');
  await code.pressSequentially('return a + b;');
  await code.press('Enter');
  await code.pressSequentially('}');
  const finish = page.getByRole('button', { name: 'Finish interview' });
  await expect(finish).toBeEnabled({ timeout: 10_000 });
  await finish.click();
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });

  const saved = (await getApplicant(request, started)) as unknown as {
    timestamp: { submitted: string | null };
    answerMap: Record<string, { txt?: string; imgKey?: string | null; resTime: number }>;
  };
  expect(saved.timestamp.submitted).toBeTruthy();
  expect(saved.answerMap.code?.txt).toBe('function add(a, b) {\n  return a + b;\n}');
  const imgKey = saved.answerMap.img?.imgKey ?? '';
  expect(imgKey).toContain(started.applicantId);
  const image = await readStoredObject(imgKey);
  expect(image.subarray(1, 4).toString('latin1')).toBe('PNG');
});

test('a one-try screen question records camera and screen and ends by itself at time-up', async ({
  page,
  request,
}) => {
  // The shortest time limit is one minute, after the 10 s one-try countdown.
  test.setTimeout(150_000);
  const { job } = await createInterviewJob(request, {
    title: 'Screen interview',
    isOneTry: true,
    quests: [
      {
        id: 'scr',
        txt: 'Walk us through your screen',
        desc: '',
        vidUrl: null,
        timeLimit: 1,
        ansRule: { ...RULE_OFF, isScreenAns: true },
      },
    ],
  });
  await fillDetails(page, job._id);
  // The job needs the screen: the media check asks for it too.
  await runMediaCheck(page);
  const started = await startInterview(page, job._id);

  await expect(page.getByRole('heading', { name: 'Walk us through your screen' })).toBeVisible();
  await expect(page.getByTestId('one-try-countdown')).toBeVisible();
  await expect(page.getByTestId('recording-badge')).toBeVisible({ timeout: 20_000 });
  // Nobody presses finish: time-up ends the question and the interview.
  await expect(page).toHaveURL(new RegExp(`/interview/${job._id}/end$`), { timeout: 75_000 });
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });

  const saved = (await getApplicant(request, started)) as unknown as {
    timestamp: { submitted: string | null };
    answerMap: Record<string, { faceKey?: string | null; screenKey?: string | null }>;
  };
  expect(saved.timestamp.submitted).toBeTruthy();
  const answer = saved.answerMap.scr;
  expect(answer?.faceKey).toBe(`${job._id}/${started.applicantId}_${job._id}_scr_face.webm`);
  expect(answer?.screenKey).toBe(`${job._id}/${started.applicantId}_${job._id}_scr_screen.webm`);
  await expectPlayable(page, await readStoredObject(answer?.screenKey ?? ''), 50);
  await expectPlayable(page, await readStoredObject(answer?.faceKey ?? ''), 50);
});
