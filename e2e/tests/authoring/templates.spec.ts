import { apiCall, createRecruiter, logInWithTokens } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';

interface SavedJob {
  info: { title: string; coverUrl: string };
  quests: { txt: string }[];
}

test('a template: create it, make it the default, and start a job from it', async ({
  page,
  request,
}) => {
  const recruiter = await createRecruiter(request);
  await logInWithTokens(page, recruiter);
  await page.goto('/backoffice/template/edit');
  await page.getByRole('textbox', { name: 'Template name' }).fill('Support interview');
  await page.getByRole('button', { name: 'Choose a cover' }).click();
  await page.getByTestId('cover-option').first().click();
  await page
    .getByRole('textbox', { name: 'Question 1 text' })
    .fill('Tell us about a hard customer');
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('textbox', { name: 'Question 2 text' }).fill('Write a reply');
  await page.getByRole('button', { name: /Answer type of question 2/ }).click();
  await page.getByRole('menuitem', { name: 'Text' }).click();
  await page.getByRole('button', { name: 'Save template' }).last().click();

  await expect(page).toHaveURL(/\/backoffice\/template$/);
  await page.getByRole('link', { name: 'Support interview' }).click();
  await expect(page.getByRole('heading', { name: 'Support interview' })).toBeVisible();
  await page.getByRole('button', { name: 'Actions for Support interview' }).click();
  await page.getByRole('menuitem', { name: 'Make default' }).click();
  await expect(page.getByTestId('default-badge')).toBeVisible();

  await page.getByRole('link', { name: 'Use template' }).click();
  await expect(page.getByRole('textbox', { name: 'Job title' })).toHaveValue('Support interview');
  // A new recruiter has no company in the profile yet: the job needs one before it saves.
  await page.getByRole('textbox', { name: 'Company name' }).fill('Acme');
  await expect(page).toHaveURL(/\/create\/[\w-]+$/);
  await expect(page.getByRole('textbox', { name: 'Question 2 text' })).toHaveValue('Write a reply');
  const jobId = new URL(page.url()).pathname.split('/').pop()!;
  const job = await apiCall<SavedJob>(request, recruiter, 'GET', `job/${jobId}`);
  expect(job.info.title).toBe('Support interview');
  expect(job.info.coverUrl).not.toBe('');
  expect(job.quests.map((quest) => quest.txt)).toEqual([
    'Tell us about a hard customer',
    'Write a reply',
  ]);

  // The default template leads the job overview's template picker.
  await page.goto('/backoffice/job');
  await expect(page.getByTestId('template-card').first()).toContainText('Support interview');

  // Making another template the default clears the old one.
  const other = await apiCall<{ _id: string }>(request, recruiter, 'POST', 'template', {
    title: 'Sales interview',
    quests: [
      {
        txt: 'Sell us this pen',
        desc: '',
        vidUrl: '',
        timeLimit: 1,
        ansRule: {
          isVidAns: true,
          isScreenAns: false,
          isTxtAns: false,
          isImgAns: false,
          isCodeAns: false,
        },
      },
    ],
  });
  await page.goto(`/backoffice/template/${other._id}`);
  await page.getByRole('button', { name: 'Actions for Sales interview' }).click();
  await page.getByRole('menuitem', { name: 'Make default' }).click();
  await expect(page.getByTestId('default-badge')).toBeVisible();
  const list = await apiCall<{ templates: { title: string; isDefault: boolean }[] }>(
    request,
    recruiter,
    'GET',
    'template',
  );
  expect(list.templates.filter((template) => template.isDefault).map((t) => t.title)).toEqual([
    'Sales interview',
  ]);
  await page.goto('/backoffice/job');
  await expect(page.getByTestId('template-card').first()).toContainText('Sales interview');
});
