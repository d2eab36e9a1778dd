import { createRecruiter, logInWithTokens } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';

test('a Hebrew recruiter’s new job is prefilled in Hebrew, and the candidate sees those texts', async ({
  page,
  request,
  browser,
}) => {
  const recruiter = await createRecruiter(request);
  await logInWithTokens(page, recruiter, 'he');
  await page.goto('/create');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('textbox', { name: 'שם המשרה' })).toHaveValue('משרה ללא שם');
  await expect(page.getByRole('textbox', { name: 'הטקסט של שאלה 1' })).toHaveValue(
    'הציגו את עצמכם',
  );
  await page.getByRole('textbox', { name: 'שם החברה' }).fill('אקמה');

  // An added question starts empty: the first question's description is not copied.
  await page.getByRole('button', { name: 'הוספת שאלה' }).click();
  const second = page.getByTestId('question-card').nth(1);
  await expect(second.getByRole('textbox', { name: 'הטקסט של שאלה 2' })).toHaveValue('');
  await expect(second.getByText('ספרו לנו קצת על עצמכם')).toHaveCount(0);
  await second.getByRole('textbox', { name: 'הטקסט של שאלה 2' }).fill('למה דווקא אצלנו?');

  await expect(page).toHaveURL(/\/create\/[\w-]+$/);
  await expect(page.getByTestId('save-status')).toHaveText('נשמר');
  const jobId = /\/create\/([\w-]+)$/.exec(page.url())![1]!;

  // The candidate's browser is in English; the job reads as the recruiter wrote it.
  const candidate = await browser.newContext({ locale: 'en-US' });
  const invitation = await candidate.newPage();
  await invitation.goto(`/interview/${jobId}`);
  await expect(invitation.getByRole('heading', { name: 'משרה ללא שם' })).toBeVisible();
  await expect(invitation.getByText('אקמה').first()).toBeVisible();
  const publicJob = (await (await request.get(`/api/job/${jobId}/public`)).json()) as {
    quests: { txt: string; desc: string }[];
  };
  expect(publicJob.quests.map((quest) => quest.txt)).toEqual([
    'הציגו את עצמכם',
    'למה דווקא אצלנו?',
  ]);
  expect(publicJob.quests[0]!.desc).toContain('ספרו לנו קצת על עצמכם');
  expect(publicJob.quests[1]!.desc).toBe('');
  await candidate.close();
});
