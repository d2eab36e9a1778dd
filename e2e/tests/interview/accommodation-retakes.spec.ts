import { logInWithTokens } from '../../fixtures/api';
import { expect, expectAccessible, test } from '../../fixtures/test';
import { createInterviewJob, fillDetails, runMediaCheck, videoQuestion } from './interview-helpers';
import { expectPlayable, getApplicant, readStoredObject } from './interview-resilience-helpers';

test('a candidate of a one-try job asks for an extra take, the recruiter approves, the candidate retakes once and the second take is the answer', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const { recruiter, job } = await createInterviewJob(request, {
    title: 'One-try interview',
    isOneTry: true,
    quests: [{ ...videoQuestion, timeLimit: 1 }],
  });

  const candidateContext = await browser.newContext({
    baseURL,
    permissions: ['camera', 'microphone'],
  });
  const candidate = await candidateContext.newPage();
  await fillDetails(candidate, job._id);
  await runMediaCheck(candidate);
  await candidate.getByRole('button', { name: 'Need an adjustment?' }).click();
  const form = candidate.getByTestId('accommodation-form');
  await form.getByRole('radio', { name: 'No extra time' }).check();
  await form.getByRole('radio', { name: '1 extra take' }).check();
  await form.getByLabel(/What would you like the team to know/).fill('My first take often fails.');
  await expectAccessible(candidate);
  const asked = candidate.waitForResponse(
    (response) =>
      /\/api\/applicant\/[^/]+\/accommodation$/.test(response.url()) &&
      response.request().method() === 'PUT',
  );
  await form.getByRole('button', { name: 'Send request' }).click();
  const askedResponse = await asked;
  const applicantId = /\/api\/applicant\/([^/]+)\/accommodation$/.exec(askedResponse.url())![1]!;
  const candidateToken = askedResponse.request().headers().authorization!.replace('Bearer ', '');
  const status = candidate.getByTestId('accommodation-status');
  await expect(status).toHaveAttribute('data-status', 'pending');
  await expect(status).toContainText('You asked for 1 extra take of each answer.');

  // The recruiter approves from the applicant page.
  await logInWithTokens(page, recruiter);
  await page.goto(`/backoffice/details/${job._id}/${applicantId}`);
  const card = page.getByTestId('accommodation-card');
  // The back office loads while the candidate's browser records beside it: slow on a loaded
  // machine, so the page gets longer than one expectation to appear.
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('accommodation-retakes')).toHaveText('1 extra take of each answer');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toHaveAttribute('data-status', 'approved');

  // The candidate sees it live, then starts.
  await expect(status).toHaveAttribute('data-status', 'approved');
  await expect(status).toContainText('You can record each answer 1 more time');
  await candidate.getByRole('button', { name: 'Start interview' }).click();
  await expect(candidate).toHaveURL(new RegExp(`/interview/${job._id}/inprogress$`), {
    timeout: 30_000,
  });
  const step = candidate.getByTestId('question-step');

  // Take 1: recorded after the countdown, stopped after a moment.
  await expect(step).toHaveAttribute('data-phase', 'recording', { timeout: 20_000 });
  await expect(candidate.getByTestId('one-try-retakes')).toContainText('1 more time');
  await candidate.waitForTimeout(1_500);
  await candidate.getByRole('button', { name: 'Stop recording' }).click();
  await expect(step).toHaveAttribute('data-phase', 'recorded');
  await expect(candidate.getByTestId('take-review')).toBeVisible();
  await expectAccessible(candidate);
  await candidate.getByRole('button', { name: 'Retake (1 left)' }).click();

  // Take 2: the same countdown, then the last take: no Stop, no Retake.
  await expect(candidate.getByTestId('one-try-countdown')).toBeVisible();
  await expect(step).toHaveAttribute('data-phase', 'recording', { timeout: 20_000 });
  // The stored take can last no longer than from here to the end page (plus the recorder's
  // start before this check saw it): a loaded machine stretches it past a fixed bound.
  const secondTakeSeen = Date.now();
  await expect(candidate.getByTestId('one-try-retakes')).toContainText('This is your last take');
  await expect(candidate.getByRole('button', { name: /Retake/ })).toHaveCount(0);
  await expect(candidate.getByRole('button', { name: 'Stop recording' })).toHaveCount(0);
  await candidate.waitForTimeout(6_000);
  await candidate.getByRole('button', { name: 'Finish interview' }).click();
  await expect(candidate).toHaveURL(new RegExp(`/interview/${job._id}/end$`));
  const secondTakeSeconds = (Date.now() - secondTakeSeen) / 1000;
  await expect(candidate.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });
  await expect(candidate.getByRole('button', { name: /Retake/ })).toHaveCount(0);

  // The saved answer is the second take: about 6 s, where the first lasted under 3 s.
  const applicant = await getApplicant(request, { applicantId, candidateToken });
  expect(applicant.timestamp.submitted).toBeTruthy();
  const answer = applicant.answerMap[videoQuestion.id]!;
  expect(answer.faceKey).toBe(`${job._id}/${applicantId}_${job._id}_${videoQuestion.id}_face.webm`);
  expect(answer.resTime).toBeGreaterThanOrEqual(5);
  // The stored recording is the second take's, not the first one's.
  const duration = await expectPlayable(candidate, await readStoredObject(answer.faceKey!), 4.5);
  expect(duration).toBeLessThan(secondTakeSeconds + 2);
  await candidateContext.close();
});
