import { expect, test } from '../../fixtures/test';
import { createInterviewJob, fillDetails, runMediaCheck } from './interview-helpers';
import {
  countRecordedBytes,
  expectIdenticalToRecordedPrefix,
  expectPlayable,
  getApplicant,
  readStoredObject,
  readUploadedBytes,
  recordedTakes,
  startInterview,
} from './interview-resilience-helpers';

const RULE_OFF = {
  isVidAns: false,
  isScreenAns: false,
  isTxtAns: false,
  isImgAns: false,
  isCodeAns: false,
  isMultiChoiceAns: false,
};

test('a reload in the middle of an answer: the take resumes from IndexedDB, becomes the answer, and the interview goes on', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { job } = await createInterviewJob(request, {
    title: 'Reload interview',
    quests: [
      {
        id: 'q1',
        txt: 'Introduce yourself',
        desc: '',
        vidUrl: null,
        timeLimit: 2,
        ansRule: { ...RULE_OFF, isVidAns: true },
      },
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
  await page.reload();

  // The same tab continues: the recorded take became question 1's answer; question 2 is next.
  await expect(page).toHaveURL(new RegExp(`/interview/${job._id}/inprogress$`));
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
});
