import type { APIRequestContext, Page } from '@playwright/test';
import { apiCall, createRecruiter, logInWithTokens, type Recruiter } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';

/** One text question, so an applicant can submit through the API without recordings. */
const TEXT_QUESTION = {
  id: 'q1',
  txt: 'Why this job?',
  desc: '',
  vidUrl: null,
  timeLimit: 5,
  ansRule: {
    isVidAns: false,
    isScreenAns: false,
    isTxtAns: true,
    isImgAns: false,
    isCodeAns: false,
  },
};

async function createJob(request: APIRequestContext, recruiter: Recruiter, title: string) {
  const job = await apiCall<{ _id: string }>(request, recruiter, 'POST', 'job', {
    job: {
      info: { title, location: 'Haifa', desc: '', coverUrl: '' },
      company: { name: 'Acme', logoUrl: '' },
      rule: { isCvRequired: false, isOneTry: false },
      quests: [TEXT_QUESTION],
    },
  });
  return job._id;
}

/**
 * A candidate as the interview app makes one (`POST applicant`), submitted with an
 * answer when `submit` is set (`PUT applicant` with the candidate token); else still in progress.
 */
async function addApplicant(
  request: APIRequestContext,
  jobId: string,
  name: { fName: string; lName: string },
  submit: boolean,
): Promise<string> {
  const created = await request.post('/api/applicant', {
    data: {
      applicant: {
        info: {
          ...name,
          email: `${name.fName.toLowerCase()}-${Date.now()}@example.com`,
          phone: '0501234567',
          hometown: 'Haifa',
        },
      },
      jobId,
      consent: { version: 0, language: 'en' },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { applicant, candidateToken } = (await created.json()) as {
    applicant: { id: string };
    candidateToken: string;
  };
  if (submit) {
    const submitted = await request.put('/api/applicant', {
      headers: { Authorization: `Bearer ${candidateToken}` },
      data: {
        applicant: {
          id: applicant.id,
          answerMap: { q1: { resTime: 20, txt: 'I love design' } },
          timestamp: { submitted: new Date().toISOString() },
        },
        jobId,
      },
    });
    expect(submitted.ok(), await submitted.text()).toBe(true);
  }
  return applicant.id;
}

/** A recruiter with one job and three applicants: Good fit, Need evaluation, in progress. */
async function seed(request: APIRequestContext, jobTitle: string) {
  const recruiter = await createRecruiter(request);
  const jobId = await createJob(request, recruiter, jobTitle);
  const noa = await addApplicant(request, jobId, { fName: 'Noa', lName: 'Cohen' }, true);
  await addApplicant(request, jobId, { fName: 'Avi', lName: 'Mizrahi' }, true);
  await addApplicant(request, jobId, { fName: 'Maya', lName: 'Katz' }, false);
  await apiCall(request, recruiter, 'PUT', 'job/applicant', {
    applicants: [{ id: noa, status: 3 }],
  });
  return { recruiter, jobId };
}

const rows = (page: Page) => page.getByTestId('applicant-row');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });

test('the applicant overview: URL filters, back and forward, bulk read, archive and restore', async ({
  page,
  request,
}) => {
  const { recruiter } = await seed(request, 'Product designer');
  await logInWithTokens(page, recruiter);
  await page.goto('/backoffice/applicant');
  await expect(page.getByRole('heading', { name: 'Applicants' })).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByTestId('applicant-count')).toHaveText('3 applicants');
  await expect(row(page, 'Noa Cohen').getByText('Good fit')).toBeVisible();
  await expect(row(page, 'Maya Katz').getByText('In progress')).toBeVisible();

  // Filters through the URL, then back and forward restore each view.
  await page.goto('/backoffice/applicant?statuses=3');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Noa Cohen');
  await page.goto('/backoffice/applicant?statuses=0&daysAgo=7');
  await expect(rows(page)).toHaveCount(2);
  const pills = page.getByRole('group', { name: 'Active filters' });
  await expect(pills.getByText('Need evaluation')).toBeVisible();
  await expect(pills.getByText('Last week')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/backoffice\/applicant\?statuses=3$/);
  await expect(rows(page)).toHaveCount(1);
  await page.goForward();
  await expect(rows(page)).toHaveCount(2);

  // The search box writes the URL after its debounce; back empties it again.
  await page.goto('/backoffice/applicant');
  const search = page.getByRole('textbox', { name: 'Search applicants' });
  await search.fill(' maya ');
  await expect(page).toHaveURL(/\?txt=maya$/);
  await expect(rows(page)).toHaveCount(1);
  await page.goBack();
  await expect(search).toHaveValue('');
  await expect(rows(page)).toHaveCount(3);

  // Bulk read toggle; it is saved.
  await expect(page.locator('[data-testid="applicant-row"][data-unread]')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select all applicants on this page' }).check();
  await page.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.locator('[data-testid="applicant-row"][data-unread]')).toHaveCount(0);
  await page.reload();
  await expect(rows(page)).toHaveCount(3);
  await expect(page.locator('[data-testid="applicant-row"][data-unread]')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Select Avi Mizrahi' }).check();
  await page.getByRole('button', { name: 'Mark as unread' }).click();
  await expect(row(page, 'Avi Mizrahi')).toHaveAttribute('data-unread', 'true');

  // Archive from the row menu, then restore from the archive view.
  await page.getByRole('button', { name: 'Actions for Noa Cohen' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByText('The applicant was archived')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByTestId('applicant-count')).toHaveText('2 applicants');

  await page
    .locator('label')
    .filter({ hasText: /^Archive$/ })
    .click();
  await expect(page).toHaveURL(/\/backoffice\/archive\/applicant$/);
  await expect(page.getByRole('heading', { name: 'Applicant archive' })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  // Archived applicants cannot be opened.
  await row(page, 'Noa Cohen').getByText('Haifa').click();
  await expect(page).toHaveURL(/\/backoffice\/archive\/applicant$/);
  await page.getByRole('button', { name: 'Actions for Noa Cohen' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Restore']);
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expect(page.getByText('The applicant was restored')).toBeVisible();
  await expect(page.getByTestId('applicants-empty-archive')).toBeVisible();

  await page
    .locator('label')
    .filter({ hasText: /^Active$/ })
    .click();
  await expect(rows(page)).toHaveCount(3);
  await row(page, 'Noa Cohen').getByText('Haifa').click();
  await expect(page).toHaveURL(/\/backoffice\/details\/[\w-]+\/[\w-]+$/);
});

test('a finished interview shows up without a reload, with an alert', async ({ page, request }) => {
  const { recruiter, jobId } = await seed(request, 'Support lead');
  await logInWithTokens(page, recruiter);
  // The page watches the recruiter's events once its socket has sent "user watch".
  const watching = page.waitForEvent('websocket').then((socket) =>
    socket.waitForEvent('framesent', {
      predicate: (frame) => String(frame.payload).includes('user watch'),
    }),
  );
  await page.goto(`/backoffice/applicant/${jobId}`);
  await expect(page.getByRole('heading', { name: 'Support lead' })).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
  await watching;

  await addApplicant(request, jobId, { fName: 'Dan', lName: 'Peretz' }, true);
  await expect(page.getByText('Dan Peretz completed the interview for Support lead')).toBeVisible();
  await expect(rows(page)).toHaveCount(4);
  await expect(row(page, 'Dan Peretz')).toHaveAttribute('data-unread', 'true');
});

test('in Hebrew: one job’s applicants, right to left, filtered from the filter menu', async ({
  page,
  request,
}) => {
  const { recruiter, jobId } = await seed(request, 'מעצב/ת מוצר');
  await logInWithTokens(page, recruiter, 'he');
  await page.goto(`/backoffice/applicant/${jobId}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'מעצב/ת מוצר' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'חזרה למשרות' })).toHaveAttribute(
    'href',
    '/backoffice/job',
  );
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByTestId('applicant-count')).toHaveText('3 מועמדים');
  await expect(row(page, 'Maya Katz').getByText('בתהליך')).toBeVisible();

  await page.getByRole('button', { name: 'סינון' }).click();
  const menu = page.getByRole('dialog');
  await menu.locator('label').filter({ hasText: 'התאמה טובה' }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/applicant/${jobId}\\?statuses=3$`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).getByText('התאמה טובה')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goBack();
  await expect(rows(page)).toHaveCount(3);
});
