import type { Page } from '@playwright/test';
import { apiCall, createRecruiter, logInWithTokens } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';

/**
 * Active or archived jobs, by the "Show" switch. Not by the word alone: right after a row's
 * Archive action its closing menu still holds an "Archive" item.
 */
function showJobs(page: Page, which: 'Active' | 'Archive') {
  return page.getByRole('radiogroup', { name: 'Show' }).getByText(which, { exact: true }).click();
}

const question = {
  id: 'q1',
  txt: 'Introduce yourself',
  desc: '',
  vidUrl: null,
  timeLimit: 5,
  ansRule: {
    isVidAns: true,
    isScreenAns: false,
    isTxtAns: false,
    isImgAns: false,
    isCodeAns: false,
  },
};

test('the job overview: clone, archive, restore and delete permanently, in card and list views', async ({
  page,
  request,
}) => {
  const recruiter = await createRecruiter(request);
  await apiCall(request, recruiter, 'POST', 'job', {
    job: {
      info: { title: 'Data analyst', location: 'Haifa', desc: '', coverUrl: '' },
      company: { name: 'Acme', logoUrl: '' },
      rule: { isCvRequired: false, isOneTry: true },
      quests: [question],
    },
  });
  await logInWithTokens(page, recruiter);
  await page.goto('/backoffice/job');
  await expect(page.getByRole('heading', { name: 'My jobs' })).toBeVisible();
  await expect(page.getByTestId('job-card')).toHaveCount(1);

  await page.getByRole('button', { name: 'Actions for Data analyst' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByText('The job was copied')).toBeVisible();
  await expect(page.getByTestId('job-card')).toHaveCount(2);
  await expect(page.getByText('copy of Data analyst')).toBeVisible();

  await page.getByRole('button', { name: 'Actions for copy of Data analyst' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByText('The job was archived')).toBeVisible();
  await expect(page.getByTestId('job-card')).toHaveCount(1);
  await expect(page.getByTestId('job-count')).toHaveText('1 job');

  await showJobs(page, 'Archive');
  await expect(page.getByTestId('job-card')).toHaveCount(1);
  await page.getByRole('button', { name: 'Actions for copy of Data analyst' }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Restore',
    'Delete permanently',
    'Who can see this job',
  ]);
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expect(page.getByText('The job was restored')).toBeVisible();
  await expect(page.getByTestId('jobs-empty-archive')).toBeVisible();

  await showJobs(page, 'Active');
  await expect(page.getByTestId('job-card')).toHaveCount(2);
  await page.getByRole('button', { name: 'Actions for copy of Data analyst' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await showJobs(page, 'Archive');
  await page.getByRole('button', { name: 'Actions for copy of Data analyst' }).click();
  await page.getByRole('menuitem', { name: 'Delete permanently' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete permanently' }).click();
  await expect(page.getByText('The job was removed')).toBeVisible();
  await expect(page.getByTestId('jobs-empty-archive')).toBeVisible();

  // The list view is kept for the session.
  await showJobs(page, 'Active');
  await page.locator('label').filter({ hasText: 'List' }).click();
  await expect(page.getByTestId('job-row')).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('job-row')).toHaveCount(1);
});
