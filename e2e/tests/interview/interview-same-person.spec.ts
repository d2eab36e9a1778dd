import { extractCode, snapshotOutbox, waitForEmail } from '../../fixtures/outbox';
import { expect, expectAccessible, test } from '../../fixtures/test';
import {
  acceptConsent,
  CANDIDATE,
  createInterviewJob,
  fillDetails,
  runMediaCheck,
  videoQuest,
  waitForMediaCheckResults,
} from './interview-helpers';
import {
  countRecordedBytes,
  getApplicant,
  recordedTakes,
  startInterview,
} from './interview-resilience-helpers';
import {
  expectDurationOfChunks,
  recruiterApplicants,
  recruiterView,
  reportTime,
  text,
} from './resume-helpers';

test('the same person starts again on a phone in Hebrew with the same e-mail: the e-mailed code resumes the interview, no second applicant', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // Two devices record in real time; beside another spec on a loaded machine it has taken 3 min.
  test.setTimeout(300_000);
  const { recruiter, job } = await createInterviewJob(request, {
    title: 'Same person',
    quests: [videoQuest('q1', 'Introduce yourself'), videoQuest('q2', 'Why this job?')],
  });

  // On the first device the candidate answers question 1, then that device is gone.
  await countRecordedBytes(page);
  await fillDetails(page, job._id);
  await runMediaCheck(page);
  const started = await startInterview(page, job._id);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-badge')).toBeVisible();
  await page.waitForTimeout(3000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await page.getByRole('button', { name: 'Save and proceed' }).click();
  await expect(page.getByRole('heading', { name: 'Why this job?' })).toBeVisible();
  await expect
    .poll(async () => (await getApplicant(request, started)).answerMap.q1?.faceKey ?? null, {
      timeout: 30_000,
    })
    .not.toBeNull();
  const firstTakes = await recordedTakes(page);

  // A phone, in Hebrew, with nothing of the first device.
  const phone = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    locale: 'he-IL',
    viewport: { width: 390, height: 844 },
    permissions: ['camera', 'microphone'],
  });
  try {
    const second = await phone.newPage();
    await second.addInitScript(() => window.localStorage.setItem('candid.lang', 'he'));
    await countRecordedBytes(second);
    await second.goto(`/interview/${job._id}`);
    await expect(second.locator('html')).toHaveAttribute('dir', 'rtl');
    await second.getByRole('button', { name: 'התחלת ראיון' }).click();
    await second.getByLabel('שם פרטי').fill(CANDIDATE.fName);
    await second.getByLabel('שם משפחה').fill(CANDIDATE.lName);
    await second.getByLabel('אימייל').fill(CANDIDATE.email);
    await second.getByLabel('טלפון').fill(CANDIDATE.phone);
    await second.getByLabel('עיר מגורים').fill(CANDIDATE.hometown);
    await second.getByRole('button', { name: 'המשך' }).click();
    await acceptConsent(second);
    await second.getByRole('button', { name: 'הפעלת בדיקה' }).click();
    // Every result in before the tap, as a candidate waits for the check to finish.
    await waitForMediaCheckResults(second);
    const start = second.getByRole('button', { name: 'התחלת הראיון' });
    await expect(start).toBeEnabled();
    const seen = await snapshotOutbox();
    await start.click();

    // The e-mail has an interview under way: a code, not a second applicant.
    const codeStep = second.getByTestId('resume-code-step');
    await expect(codeStep).toBeVisible({ timeout: 20_000 });
    await expect(codeStep).toContainText(text('he', 'resume.code.title'));
    const listedMeanwhile = await recruiterApplicants(request, recruiter, job._id);
    expect(listedMeanwhile.map((applicant) => applicant.id)).toEqual([started.applicantId]);
    const mail = await waitForEmail(CANDIDATE.email, { seen, subject: /הקוד להמשך הראיון/u });
    const code = extractCode(mail);

    const typeCode = async (digits: string) => {
      await codeStep.locator('input:not([type="hidden"])').first().click();
      await second.keyboard.type(digits);
    };
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await typeCode(wrong);
    await codeStep.getByRole('button', { name: text('he', 'resume.code.submit') }).click();
    await expect(codeStep).toContainText(text('he', 'errors.CONFIRMATION_CODE_MISMATCH_ERR'));
    await expectAccessible(second, testInfo);
    await typeCode(code);
    const sentAt = Date.now();
    await codeStep.getByRole('button', { name: text('he', 'resume.code.submit') }).click();

    const resume = second.getByTestId('continue-interview');
    await expect(resume).toBeVisible({ timeout: 20_000 });
    reportTime(testInfo, 'code entered → Continue visible', Date.now() - sentAt);
    await expect(resume.getByTestId('continue-at')).toHaveText(
      text('he', 'resume.next', { current: 2, count: 2 }),
    );
    await expect(resume.getByTestId('resume-question').nth(0)).toHaveAttribute(
      'data-state',
      'saved',
    );
    await expectAccessible(second, testInfo);
    await resume.getByRole('button', { name: text('he', 'resume.continue') }).click();

    await expect(second.getByRole('heading', { name: 'Why this job?' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(
      second.getByText(text('he', 'interviewProgress.questionOf', { current: 2, count: 2 })),
    ).toBeVisible();
    await second
      .getByRole('button', { name: text('he', 'interviewProgress.actions.start') })
      .click();
    await expect(second.getByTestId('recording-badge')).toBeVisible();
    await second.waitForTimeout(3000);
    await second
      .getByRole('button', { name: text('he', 'interviewProgress.actions.stop') })
      .click();
    const finish = second.getByRole('button', {
      name: text('he', 'interviewProgress.actions.finish'),
    });
    await expect(finish).toBeEnabled({ timeout: 10_000 });
    await finish.click();
    await expect(second.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });
    const secondTakes = await recordedTakes(second);

    // The recruiter: one applicant holding both devices' answers at their recorded lengths.
    const listed = await recruiterApplicants(request, recruiter, job._id);
    expect(listed.map((applicant) => applicant.id)).toEqual([started.applicantId]);
    const view = await recruiterView(request, recruiter, job._id, started.applicantId);
    expect(view.submitted).toBeTruthy();
    expect(firstTakes).toHaveLength(1);
    expect(secondTakes).toHaveLength(1);
    expectDurationOfChunks(view.answers.q1?.faceDurationSec ?? null, firstTakes[0]!);
    expectDurationOfChunks(view.answers.q2?.faceDurationSec ?? null, secondTakes[0]!);
    expect(view.activities).toContain('resumed');
  } finally {
    await phone.close();
  }
});
