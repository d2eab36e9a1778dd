import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { apiCall, createRecruiter, logInWithTokens, type Recruiter } from '../../fixtures/api';
import { addSubmittedApplicant, TEXT_QUESTION } from '../../fixtures/applicants';
import { expect, test } from '../../fixtures/test';

async function createJob(request: APIRequestContext, owner: Recruiter, title: string) {
  return apiCall<{ _id: string }>(request, owner, 'POST', 'job', {
    job: {
      info: { title, location: 'Haifa', desc: '', coverUrl: '' },
      company: { name: 'Acme', logoUrl: '' },
      rule: { isCvRequired: false, isOneTry: false },
      quests: [TEXT_QUESTION],
    },
  });
}

/** A submitted applicant named `fName` Cohen, with a text answer. */
function addApplicant(request: APIRequestContext, jobId: string, fName: string) {
  return addSubmittedApplicant(request, jobId, { fName, lName: 'Cohen' });
}

/**
 * A candidate's data requests: the recruiter exports an applicant from the details
 * page (a zip download holding applicant.json), then deletes the applicant for good after the
 * confirmation; the overview no longer lists it and the API no longer finds it.
 */
test('a recruiter exports an applicant’s data and then deletes the applicant', async ({
  page,
  request,
}) => {
  const owner = await createRecruiter(request, { fName: 'Olga', lName: 'Owner' });
  const job = await createJob(request, owner, 'Support lead');
  const noa = await addApplicant(request, job._id, 'Noa');
  await addApplicant(request, job._id, 'Ben');

  await logInWithTokens(page, owner);
  await page.goto(`/backoffice/details/${job._id}/${noa}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Noa Cohen' })).toBeVisible();

  await page.getByRole('button', { name: 'Actions for Noa Cohen' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /Export data \(zip\)/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^applicant-${noa}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
  );
  const zip = await readFile((await download.path())!);
  // A zip (local file header signature) whose first entry is applicant.json.
  expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(zip.subarray(30, 30 + 'applicant.json'.length).toString('latin1')).toBe('applicant.json');
  await expect(page.getByText("The applicant's data was downloaded.")).toBeVisible();

  await page.getByRole('button', { name: 'Actions for Noa Cohen' }).click();
  await page.getByRole('menuitem', { name: 'Delete applicant and data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this applicant for good?' });
  await expect(dialog).toContainText(/Noa Cohen\W*\(\W*Support lead\W*\) will be deleted now/);
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/applicant/${job._id}$`));
  await expect(page.getByText('The applicant and their data were deleted.')).toBeVisible();
  await expect(page.getByText('Ben Cohen').first()).toBeVisible();
  await expect(page.getByText('Noa Cohen')).toHaveCount(0);
  const gone = await request.get(`/api/job/${job._id}/${noa}`, {
    headers: { Authorization: `Bearer ${owner.accessToken}` },
  });
  expect(gone.status()).toBe(404);
});

test.describe('in Hebrew on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  /**
   * The owner reaches Data retention from the account sheet in Hebrew (RTL) at 360 px, sees the
   * dry run of a period (nobody is due in a new organisation), and saves it after confirming.
   */
  test('the owner sets a retention period after seeing who it would delete', async ({
    page,
    request,
  }) => {
    const owner = await createRecruiter(request, { fName: 'Tamar', lName: 'Golan' });
    const job = await createJob(request, owner, 'Support lead');
    await addApplicant(request, job._id, 'Noa');
    await logInWithTokens(page, owner, 'he');
    await page.goto('/backoffice/job');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: /Tamar Golan/ }).click();
    await page.getByRole('link', { name: 'שמירת נתונים' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'שמירת נתונים' })).toBeVisible();
    await expect(page.getByText(/כרגע כבוי/)).toBeVisible();

    await page.getByRole('combobox', { name: /מחיקת מועמדים בארכיון/ }).click();
    await page.getByRole('option', { name: '12 חודשים' }).click();
    await expect(page.getByRole('heading', { name: '0 מועמדים יימחקו עכשיו' })).toBeVisible();
    await expect(page.getByText('אף אחד לא יימחק היום.')).toBeVisible();
    await page.getByRole('button', { name: 'שמירה', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'להפעיל שמירת נתונים?' });
    await dialog.getByRole('button', { name: 'שמירה ומחיקה כשיגיע הזמן' }).click();
    await expect(page.getByText(/פעיל: מועמדים נמחקים 12 חודשים/)).toBeVisible();
    const saved = await apiCall<{ retentionMonths: number | null }>(
      request,
      owner,
      'GET',
      'org/retention',
    );
    expect(saved.retentionMonths).toBe(12);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
