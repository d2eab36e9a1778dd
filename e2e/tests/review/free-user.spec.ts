import type { APIRequestContext } from '@playwright/test';
import { apiCall, createRecruiter, logInWithTokens, setRecruiterPlan } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';

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

async function addApplicant(
  request: APIRequestContext,
  jobId: string,
  fName: string,
  lName: string,
) {
  const created = await request.post('/api/applicant', {
    data: {
      applicant: {
        info: {
          fName,
          lName,
          email: `${fName}@example.com`,
          phone: '0501234567',
          hometown: 'Haifa',
        },
      },
      jobId,
      consent: { version: 0, language: 'en' },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { applicant: { id: string } }).applicant.id;
}

test('a free user: ten free interviews open, the eleventh is locked in the list and by URL', async ({
  page,
  request,
}) => {
  const recruiter = await createRecruiter(request);
  const job = await apiCall<{ _id: string }>(request, recruiter, 'POST', 'job', {
    job: {
      info: { title: 'Free plan job', location: 'Haifa', desc: '', coverUrl: '' },
      company: { name: 'Acme', logoUrl: '' },
      rule: { isCvRequired: false, isOneTry: false },
      quests: [TEXT_QUESTION],
    },
  });
  // The starter plan has no UNLIMITED_INTERVIEWS: 10 free interviews.
  await setRecruiterPlan(request, recruiter, 0);
  const names = ['Adi', 'Bar', 'Chen', 'Dor', 'Eden', 'Gal', 'Hila', 'Itai', 'Lior', 'Maor'];
  const free: string[] = [];
  for (const name of names) free.push(await addApplicant(request, job._id, name, 'Free'));
  const locked = await addApplicant(request, job._id, 'Omri', 'Locked');

  await logInWithTokens(page, recruiter);
  await page.goto(`/backoffice/applicant/${job._id}`);
  const rows = page.getByTestId('applicant-row');
  await expect(rows).toHaveCount(11);
  const lockedRow = rows.filter({ hasText: 'Omri Locked' });
  await expect(lockedRow).toHaveAttribute('data-locked', 'true');
  await expect(rows.filter({ hasText: 'Adi Free' })).not.toHaveAttribute('data-locked', 'true');
  // Sorting is for full users only: the headers are plain text.
  await expect(page.getByRole('button', { name: /^Sort by/u })).toHaveCount(0);

  // Clicking the locked row explains instead of opening it.
  await lockedRow.click();
  await expect(
    page.getByText('Your plan includes only the free interviews.', { exact: false }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/backoffice/applicant/${job._id}$`));

  // Opening it by URL sends the free user back to the overview.
  await page.goto(`/backoffice/details/${job._id}/${locked}`);
  await expect(page).toHaveURL(/\/backoffice\/applicant/u);
  await expect(page.getByRole('heading', { name: 'Omri Locked' })).toHaveCount(0);

  // A free applicant opens.
  await page.goto(`/backoffice/details/${job._id}/${free[0]}`);
  await expect(page.getByRole('heading', { name: 'Adi Free' })).toBeVisible();
});
