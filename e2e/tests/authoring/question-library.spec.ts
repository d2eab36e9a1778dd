import { apiCall, createRecruiter, logInWithTokens } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';

interface SavedJob {
  quests: { id: string; txt: string; timeLimit: number; ansRule: Record<string, unknown> }[];
}

test('a recruiter adds a library question to a job with the keyboard, it is saved and candidates get it; a saved question of their own is under "Our questions"', async ({
  page,
  request,
}) => {
  const recruiter = await createRecruiter(request);
  await logInWithTokens(page, recruiter);
  await page.goto('/create');
  await page.getByRole('textbox', { name: 'Job title' }).fill('Account executive');
  await page.getByRole('textbox', { name: 'Company name' }).fill('Acme');
  await expect(page).toHaveURL(/\/create\/[\w-]+$/);
  const jobId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByTestId('save-status')).toHaveText('Saved');

  // The built-in bank's 'sales-objection' question (packages/domain/src/questions).
  const pitch = {
    txt: { en: 'A prospect says "it is too expensive". How do you respond?' },
    timeLimit: 2,
  };
  await page.getByRole('button', { name: 'Add from library' }).click();
  const picker = page.getByRole('dialog', { name: 'Question library' });
  // The search field has the focus; the rest by keyboard: the Sales tab, the question, Add.
  await expect(picker.getByRole('textbox', { name: 'Search questions' })).toBeFocused();
  await page.keyboard.type('expensive');
  await picker.getByRole('tab', { name: 'Sales' }).focus();
  await page.keyboard.press('Enter');
  await expect(picker.getByTestId('library-question')).toHaveCount(1);
  await picker.getByRole('checkbox', { name: pitch.txt.en }).focus();
  await page.keyboard.press('Space');
  await picker.getByRole('button', { name: 'Add 1 question' }).focus();
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();

  await expect(page.getByRole('textbox', { name: 'Question 2 text' })).toHaveValue(pitch.txt.en);
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  await expect
    .poll(async () => {
      const job = await apiCall<SavedJob>(request, recruiter, 'GET', `job/${jobId}`);
      return job.quests.map((quest) => [quest.txt, quest.timeLimit]);
    })
    .toEqual([
      ['Introduce yourself', 5],
      [pitch.txt.en, pitch.timeLimit],
    ]);
  // The candidate's side of the job carries it.
  const invitation = await request.get(`/api/job/${jobId}/public`);
  expect(invitation.ok()).toBe(true);
  const publicJob = (await invitation.json()) as SavedJob;
  expect(publicJob.quests.map((quest) => quest.txt)).toContain(pitch.txt.en);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Question 2 text' })).toHaveValue(pitch.txt.en);

  // Their own question, saved from the editor, is offered under "Our questions".
  await page.getByRole('button', { name: 'Add question' }).click();
  await page
    .getByRole('textbox', { name: 'Question 3 text' })
    .fill('Which CRM have you used most?');
  await page.getByRole('button', { name: 'Save question 3 to the library' }).click();
  await expect(page.getByText("Saved to your organisation's library")).toBeVisible();
  await page.getByRole('button', { name: 'Add from library' }).click();
  await picker.getByRole('tab', { name: 'Our questions' }).click();
  await picker.getByRole('textbox', { name: 'Search questions' }).fill('crm');
  await expect(picker.getByTestId('library-question')).toHaveCount(1);
  await expect(picker.getByTestId('library-question')).toContainText(
    'Which CRM have you used most?',
  );
});
