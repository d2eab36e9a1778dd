import { apiCall } from '../../fixtures/api';
import { readOutbox } from '../../fixtures/outbox';
import { expect, test } from '../../fixtures/test';
import { createInterviewJob, runMediaCheck } from '../interview/interview-helpers';
import { startInterview } from '../interview/interview-resilience-helpers';

const TEXT_QUESTION = {
  id: 'why',
  txt: 'Why do you want to join us?',
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

/** Waits for the e-mail to `to` whose subject `match` accepts (the queue sends in the background). */
async function mailTo(to: string, match: (subject: string) => boolean) {
  let found: Awaited<ReturnType<typeof readOutbox>>[number] | undefined;
  await expect
    .poll(async () => {
      found = (await readOutbox()).find((mail) => mail.to === to && match(mail.subject));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

test('an invited candidate submits, follows the stage the recruiter sets, and a closed job says so', async ({
  page,
  browser,
  request,
}) => {
  const { recruiter, job } = await createInterviewJob(request, {
    title: 'Support lead',
    quests: [TEXT_QUESTION],
  });
  const email = `maya.${Date.now().toString(36)}@example.com`;
  await apiCall(request, recruiter, 'POST', `job/${job._id}/invitations`, {
    rows: [{ fName: 'Maya', lName: 'Bar', email, phone: '050-1234567' }],
    subject: 'Video interview: Support lead',
    message: 'Hello Maya',
    language: 'en',
  });
  const invitation = await mailTo(email, (subject) => subject.startsWith('Video interview'));
  const link = new URL(/(http\S+\?invite=[A-Za-z0-9_-]{32})/u.exec(invitation.text)![1]!);

  // The invited candidate: details pre-filled, one text answer, submit.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Start interview' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Maya');
  await page.getByLabel('City').fill('Haifa');
  await page.getByRole('button', { name: 'Continue' }).click();
  await runMediaCheck(page);
  const started = await startInterview(page, job._id);
  await page.getByLabel('Your answer').fill('I like helping people.');
  const finish = page.getByRole('button', { name: 'Finish interview' });
  await expect(finish).toBeEnabled({ timeout: 10_000 });
  await finish.click();
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });

  // The thank-you page and the confirmation e-mail carry the same private link.
  const confirmation = await mailTo(email, (subject) => subject.startsWith('We received'));
  const statusUrl = new URL(
    /(http\S+\/application\/[A-Za-z0-9_-]{32})/u.exec(confirmation.text)![1]!,
  );
  await page
    .getByTestId('status-link')
    .getByRole('link', { name: 'Follow your application' })
    .click();
  await expect(page).toHaveURL(statusUrl.pathname);
  const stage = page.getByTestId('application-stage');
  await expect(stage).toHaveAttribute('data-stage', 'received');
  await expect(stage).toContainText('Received');

  // The recruiter moves the applicant on: the page shows the mapped stage, not the status.
  const setStatus = (status: number) =>
    apiCall(request, recruiter, 'PUT', 'job/applicant', {
      applicants: [{ id: started.applicantId, status }],
    });
  await setStatus(3);
  await page.reload();
  await expect(stage).toHaveAttribute('data-stage', 'review');
  await expect(page.getByText('Good fit')).toHaveCount(0);
  await setStatus(7);
  await page.reload();
  await expect(stage).toHaveAttribute('data-stage', 'decision');
  await expect(page.getByTestId('application-outcome')).toHaveText('Hired');

  // The job closes: its link says so, in Hebrew for a Hebrew reader, naming the company.
  const saved = await apiCall<Record<string, unknown>>(request, recruiter, 'GET', `job/${job._id}`);
  const closesAt = new Date(Date.now() + 1500).toISOString();
  await apiCall(request, recruiter, 'PUT', 'job', { jobs: [{ ...saved, closesAt }] });
  await expect
    .poll(async () => {
      const response = await request.get(`/api/job/${job._id}/public`);
      return ((await response.json()) as { isClosed: boolean }).isClosed;
    })
    .toBe(true);
  const hebrew = await browser.newContext();
  await hebrew.addInitScript(() => window.localStorage.setItem('candid.lang', 'he'));
  const closedPage = await hebrew.newPage();
  await closedPage.goto(`/interview/${job._id}`);
  const closed = closedPage.getByTestId('job-closed');
  await expect(closed).toContainText('המשרה הזו נסגרה');
  await expect(closed).toContainText('Acme');
  await expect(closedPage.locator('html')).toHaveAttribute('dir', 'rtl');
  await hebrew.close();
});
