import { expect, expectAccessible, test } from '../../fixtures/test';
import {
  createInterviewJob,
  fillDetails,
  RULE_OFF,
  runMediaCheck,
  videoQuest,
} from './interview-helpers';
import {
  countRecordedBytes,
  expectIdenticalToRecorded,
  expectIdenticalToRecordedPrefix,
  expectPlayable,
  getApplicant,
  readStoredObject,
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

test('a reload in the middle of the first answer: "Continue your interview", the cut take shown for the candidate to keep, and the interview goes on', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const { recruiter, job } = await createInterviewJob(request, {
    title: 'Reload interview',
    quests: [
      videoQuest('q1', 'Introduce yourself'),
      {
        id: 'q2',
        txt: 'Why this job?',
        desc: '',
        vidUrl: null,
        timeLimit: 2,
        ansRule: { ...RULE_OFF, isTxtAns: true },
      },
    ],
  });
  await countRecordedBytes(page);
  // "Are you sure you want to quit?" on the reload: the candidate confirms.
  page.on('dialog', (dialog) => void dialog.accept());

  await fillDetails(page, job._id);
  await runMediaCheck(page);
  const started = await startInterview(page, job._id);

  await expect(page.getByRole('heading', { name: 'Introduce yourself' })).toBeVisible();
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-badge')).toBeVisible();
  await page.waitForTimeout(4000);

  // After the reload the take resumes its tus upload (HEAD, then PATCH), never creates one.
  const tusAfterReload: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/upload/tus')) tusAfterReload.push(sent.method());
  });
  const reloadedAt = Date.now();
  await page.reload();

  // The continue screen: where the candidate was, what is saved; no details form again.
  const resume = page.getByTestId('continue-interview');
  await expect(resume).toBeVisible({ timeout: 20_000 });
  reportTime(testInfo, 'reload → Continue visible', Date.now() - reloadedAt);
  await expect(page).toHaveURL(new RegExp(`/interview/${job._id}$`));
  await expect(page.getByLabel('First name')).toBeHidden();
  await expect(resume.getByTestId('continue-at')).toHaveText('You continue at question 1 of 2.');
  await expect(resume.getByTestId('resume-question')).toHaveCount(2);
  await expect(resume.getByTestId('resume-question').nth(0)).toHaveAttribute(
    'data-state',
    'interrupted',
  );
  await expect(resume.getByTestId('resume-question').nth(1)).toHaveAttribute(
    'data-state',
    'unanswered',
  );
  await expectAccessible(page, testInfo);
  await page.getByRole('button', { name: 'Continue your interview' }).click();

  // The cut take is not the answer by itself: the candidate sees it and chooses.
  const interrupted = page.getByTestId('interrupted-take');
  await expect(interrupted).toBeVisible({ timeout: 20_000 });
  await expect(interrupted.getByRole('button', { name: 'Record again' })).toBeVisible();
  expect((await getApplicant(request, started)).timestamp.submitted).toBeNull();
  await expectAccessible(page, testInfo);
  await interrupted.getByRole('button', { name: 'Keep this recording' }).click();

  await expect(page.getByRole('heading', { name: 'Why this job?' })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByLabel('Your answer').fill('Because I like it here.');
  const finish = page.getByRole('button', { name: 'Finish interview' });
  await expect(finish).toBeEnabled({ timeout: 10_000 });
  await finish.click();
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });

  expect(tusAfterReload).toContain('HEAD');
  expect(tusAfterReload).not.toContain('POST');

  const saved = await getApplicant(request, started);
  expect(saved.timestamp.submitted).toBeTruthy();
  const faceKey = saved.answerMap.q1?.faceKey;
  expect(faceKey).toBe(`${job._id}/${started.applicantId}_${job._id}_q1_face.webm`);
  expect(saved.answerMap.q1?.resTime).toBeGreaterThanOrEqual(2);
  // About 4 s were recorded before the reload: what reached IndexedDB is the take, byte for
  // byte the chunks the recorder produced (up to the one the reload cut off), and it plays.
  const takes = await recordedTakes(page);
  expect(takes).toHaveLength(1);
  const uploaded = await readUploadedBytes(faceKey ?? '');
  expectIdenticalToRecordedPrefix(uploaded, takes[0]!);
  expect(uploaded.length).toBeGreaterThanOrEqual(takes[0]!.marks.at(-3)?.bytes ?? 0);
  await expectPlayable(page, await readStoredObject(faceKey ?? ''), 2.5);

  // The recruiter: one applicant, both answers, the take's length, a resume and no quit.
  const listed = await recruiterApplicants(request, recruiter, job._id);
  expect(listed.map((applicant) => applicant.id)).toEqual([started.applicantId]);
  const view = await recruiterView(request, recruiter, job._id, started.applicantId);
  expect(view.answers.q2?.txt).toBe('Because I like it here.');
  expectDurationOfChunks(view.answers.q1?.faceDurationSec ?? null, takes[0]!);
  expect(view.quited).toBeNull();
  expect(view.activities).toContain('resumed');
  expect(view.activities).not.toContain('quited');
  expect(view.activities.at(-1)).toBe('submitted');
});

test('a reload during the last answer on a phone never submits: the candidate records it again', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { recruiter, job } = await createInterviewJob(request, {
    title: 'Reload on the last question',
    quests: [videoQuest('q1', 'Introduce yourself'), videoQuest('q2', 'Why this job?')],
  });
  await countRecordedBytes(page);
  page.on('dialog', (dialog) => void dialog.accept());

  await fillDetails(page, job._id);
  await runMediaCheck(page);
  const started = await startInterview(page, job._id);

  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-badge')).toBeVisible();
  await page.waitForTimeout(3000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await page.getByRole('button', { name: 'Save and proceed' }).click();

  await expect(page.getByRole('heading', { name: 'Why this job?' })).toBeVisible();
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-badge')).toBeVisible();
  await page.waitForTimeout(5000);
  // After the reload the camera opens again only when the test lets it, as on a slow phone.
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const open = devices.getUserMedia.bind(devices);
    const gate = new Promise<void>((release) => {
      (window as unknown as { releaseCamera: () => void }).releaseCamera = release;
    });
    devices.getUserMedia = async (constraints) => {
      await gate;
      return open(constraints);
    };
  });
  const reloadedAt = Date.now();
  await page.reload();

  const resume = page.getByTestId('continue-interview');
  await expect(resume).toBeVisible({ timeout: 20_000 });
  reportTime(testInfo, 'reload → Continue visible (phone)', Date.now() - reloadedAt);
  await expect(resume.getByTestId('resume-question').nth(0)).toHaveAttribute('data-state', 'saved');
  await expect(resume.getByTestId('resume-question').nth(1)).toHaveAttribute(
    'data-state',
    'interrupted',
  );
  await expect(resume.getByTestId('continue-at')).toHaveText('You continue at question 2 of 2.');
  // Nothing was submitted by the reload, however long the candidate stays here.
  await expect(page.getByTestId('thank-you')).toBeHidden();
  expect((await getApplicant(request, started)).timestamp.submitted).toBeNull();

  await page.getByRole('button', { name: 'Continue your interview' }).click();
  const interrupted = page.getByTestId('interrupted-take');
  await expect(interrupted).toBeVisible({ timeout: 20_000 });
  await expect(interrupted).toContainText('Your recording was interrupted');
  await interrupted.getByRole('button', { name: 'Record again' }).click();

  // Until the camera is open again the question waits, with nothing to tap that would fail.
  await expect(page.getByTestId('camera-starting')).toHaveText('Starting your camera…');
  await expect(page.getByRole('button', { name: 'Start recording' })).toHaveCount(0);
  await page.evaluate(() => (window as unknown as { releaseCamera: () => void }).releaseCamera());

  // The question starts afresh: a new take, the whole time.
  await expect(page.getByRole('heading', { name: 'Why this job?' })).toBeVisible();
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-badge')).toBeVisible();
  await page.waitForTimeout(3000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  const finish = page.getByRole('button', { name: 'Finish interview' });
  await expect(finish).toBeEnabled({ timeout: 10_000 });
  await finish.click();
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });

  // Takes: question 1, the cut take of question 2, its retake. The answer is the retake.
  const takes = await recordedTakes(page);
  expect(takes).toHaveLength(3);
  const saved = await getApplicant(request, started);
  expect(saved.timestamp.submitted).toBeTruthy();
  const q2Key = saved.answerMap.q2?.faceKey ?? '';
  const uploaded = await readUploadedBytes(q2Key);
  expectIdenticalToRecorded(uploaded, takes[2]!);

  const listed = await recruiterApplicants(request, recruiter, job._id);
  expect(listed).toHaveLength(1);
  const view = await recruiterView(request, recruiter, job._id, started.applicantId);
  expectDurationOfChunks(view.answers.q1?.faceDurationSec ?? null, takes[0]!);
  expectDurationOfChunks(view.answers.q2?.faceDurationSec ?? null, takes[2]!);
  expect(view.activities.filter((activity) => activity === 'submitted')).toHaveLength(1);
  expect(view.activities).not.toContain('quited');
});
