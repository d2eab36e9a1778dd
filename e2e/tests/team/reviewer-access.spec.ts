import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiCall, createRecruiter, logInWithTokens, type Recruiter } from '../../fixtures/api';
import { addSubmittedApplicant, TEXT_QUESTION } from '../../fixtures/applicants';
import { extractLink, snapshotOutbox, waitForEmail } from '../../fixtures/outbox';
import { expect, test } from '../../fixtures/test';

const PHONE = { width: 360, height: 780 };

/** A reviewer of the owner's organisation with a password (the invitation link, through the API). */
async function addReviewer(request: APIRequestContext, owner: Recruiter): Promise<Recruiter> {
  const email = `reviewer-${Date.now()}-${process.pid}@example.com`;
  const seen = await snapshotOutbox();
  await apiCall(request, owner, 'POST', 'team/member', {
    fName: 'Rita',
    lName: 'Reviewer',
    email,
    orgRole: 'reviewer',
  });
  const invitation = await waitForEmail(email, { seen });
  const token = new URL(extractLink(invitation, '/set-password')).searchParams.get('token');
  const session = await request.put('/api/auth/set-password', {
    data: { token, password: 'Review123' },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const tokens = (await session.json()) as { accessToken: string; refreshToken: string };
  return { email, password: 'Review123', ...tokens };
}

/** A job of the owner's with one text question and one submitted applicant named `fName`. */
async function addJobWithApplicant(
  request: APIRequestContext,
  owner: Recruiter,
  title: string,
  fName: string,
): Promise<{ jobId: string; applicantId: string }> {
  const job = await apiCall<{ _id: string }>(request, owner, 'POST', 'job', {
    job: {
      info: { title, location: 'Haifa', desc: '', coverUrl: '' },
      company: { name: 'Olga Co', logoUrl: '' },
      rule: { isCvRequired: false, isOneTry: false },
      quests: [TEXT_QUESTION],
    },
  });
  const applicantId = await addSubmittedApplicant(request, job._id, { fName, lName: 'Candidate' });
  return { jobId: job._id, applicantId };
}

async function newPage(
  browser: Browser,
  user: Recruiter,
  language: 'en' | 'he',
  viewport?: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({
    locale: language === 'he' ? 'he-IL' : 'en-US',
    ...(viewport ? { viewport } : {}),
  });
  const page = await context.newPage();
  await logInWithTokens(page, user, language);
  return page;
}

/**
 * The owner has two jobs with an applicant each and gives a reviewer job A in the "Who can see
 * this job" dialog; the reviewer sees job A alone (jobs and applicants), rates its applicant and
 * writes a note, has no status control, and job B's applicant is not found for them.
 */
test('a reviewer sees, rates and writes notes on the one job the owner assigns them', async ({
  page,
  browser,
  request,
}) => {
  const owner = await createRecruiter(request, { fName: 'Olga', lName: 'Owner' });
  const reviewer = await addReviewer(request, owner);
  const jobA = await addJobWithApplicant(request, owner, 'Support lead', 'Ada');
  const jobB = await addJobWithApplicant(request, owner, 'Backend engineer', 'Ben');

  // The owner ticks the reviewer for job A from the job's actions.
  await logInWithTokens(page, owner);
  await page.goto('/backoffice/job');
  await page.getByRole('button', { name: 'Actions for Support lead' }).click();
  await page.getByRole('menuitem', { name: 'Who can see this job' }).click();
  const dialog = page.getByRole('dialog', { name: /Who can see this job/ });
  await expect(dialog.getByTestId('access-member')).toHaveCount(1);
  await expect(dialog.getByTestId('access-member')).toContainText('Sees every job');
  const box = dialog.getByRole('checkbox', { name: 'Rita Reviewer' });
  await expect(box).not.toBeChecked();
  await box.check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: the chosen reviewers see this job')).toBeVisible();
  await expect(dialog).toBeHidden();
  const access = await apiCall<{ members: { email: string; canSee: boolean }[] }>(
    request,
    owner,
    'GET',
    `job/${jobA.jobId}/access`,
  );
  expect(access.members.find((member) => member.email === reviewer.email)?.canSee).toBe(true);

  // The reviewer's jobs: job A alone, nothing to create.
  const reviewerPage = await newPage(browser, reviewer, 'en');
  await reviewerPage.goto('/backoffice/job');
  const cards = reviewerPage.getByTestId('job-cards');
  await expect(cards).toContainText('Support lead', { timeout: 30_000 });
  await expect(cards).not.toContainText('Backend engineer');
  await expect(reviewerPage.getByTestId('job-count')).toHaveText('1 job');
  await expect(reviewerPage.getByRole('button', { name: 'Create job' })).toHaveCount(0);

  // Their applicants: Ada alone. They open her, rate and write a note; no status control.
  await reviewerPage.goto('/backoffice/applicant');
  const rows = reviewerPage.getByTestId('applicant-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Ada');
  await rows.first().getByText('Ada Candidate').click();
  await expect(reviewerPage).toHaveURL(new RegExp(`/backoffice/details/${jobA.jobId}/`));
  await expect(reviewerPage.getByTestId('status-badge')).toBeVisible();
  await expect(reviewerPage.getByRole('button', { name: /^Status:/ })).toHaveCount(0);
  await expect(reviewerPage.getByRole('button', { name: /^Actions for Ada/ })).toHaveCount(0);
  const stars = reviewerPage.getByRole('group', { name: 'My rating: Overall' });
  await stars.locator('label').nth(4).click();
  await expect(stars).toHaveAttribute('data-value', '4');
  await reviewerPage.getByRole('textbox', { name: 'New note' }).fill('Clear and calm answers');
  await reviewerPage.getByRole('button', { name: 'Add note' }).click();
  await expect(reviewerPage.getByTestId('note')).toContainText('Clear and calm answers');
  await expect(
    reviewerPage.getByTestId('note').getByRole('button', { name: 'Remove note' }),
  ).toBeVisible();

  // Job B's applicant is not theirs: not found, back on the applicants.
  await reviewerPage.goto(`/backoffice/details/${jobB.jobId}/${jobB.applicantId}`);
  await expect(reviewerPage.getByText('Resource not found')).toBeVisible();
  await expect(reviewerPage).toHaveURL(/\/backoffice\/applicant$/);
  await reviewerPage.context().close();
});

/**
 * Hebrew on a phone (RTL, 360 px): the owner assigns the reviewer from the job editor; the
 * reviewer opens the job's editor address and lands on its applicants, opens the applicant and
 * writes a note, with no status control.
 */
test('in Hebrew on a phone, the owner assigns a reviewer from the editor and they review', async ({
  browser,
  request,
}) => {
  const owner = await createRecruiter(request, { fName: 'Olga', lName: 'Owner' });
  const reviewer = await addReviewer(request, owner);
  const job = await addJobWithApplicant(request, owner, 'Support lead', 'Ada');

  const ownerPage = await newPage(browser, owner, 'he', PHONE);
  await ownerPage.goto(`/create/${job.jobId}`);
  await expect(ownerPage.locator('html')).toHaveAttribute('dir', 'rtl');
  await ownerPage.getByRole('button', { name: 'מי רואה אותה' }).click();
  const dialog = ownerPage.getByRole('dialog', { name: /מי רואה את המשרה/ });
  await expect(dialog.getByTestId('access-member')).toContainText('רואה כל משרה');
  await dialog.getByRole('checkbox', { name: 'Rita Reviewer' }).check();
  await dialog.getByRole('button', { name: 'שמירה' }).click();
  await expect(ownerPage.getByText('נשמר: הסוקרים שנבחרו רואים את המשרה')).toBeVisible();
  await ownerPage.context().close();

  const page = await newPage(browser, reviewer, 'he', PHONE);
  await page.goto(`/create/${job.jobId}`);
  await expect(page).toHaveURL(new RegExp(`/backoffice/applicant/${job.jobId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Support lead' })).toBeVisible();
  await page.getByText('Ada Candidate').first().click();
  await expect(page.getByTestId('status-badge')).toBeVisible();
  await page.getByRole('textbox', { name: 'הערה חדשה' }).fill('תשובות ברורות');
  await page.getByRole('button', { name: 'הוספת הערה' }).click();
  await expect(page.getByTestId('note')).toContainText('תשובות ברורות');
  await page.context().close();
});
