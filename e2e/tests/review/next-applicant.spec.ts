import { apiCall, createRecruiter, logInWithTokens } from '../../fixtures/api';
import { addSubmittedApplicant, TEXT_QUESTION } from '../../fixtures/applicants';
import { expect, test } from '../../fixtures/test';

test('previous / next applicant on the details page keep the overview’s filter and order, by button and key', async ({
  page,
  request,
}) => {
  const recruiter = await createRecruiter(request);
  const job = await apiCall<{ _id: string }>(request, recruiter, 'POST', 'job', {
    job: {
      info: { title: 'Barista', location: '', desc: '', coverUrl: '' },
      company: { name: 'Levi Coffee', logoUrl: '' },
      rule: { isCvRequired: false, isOneTry: true },
      quests: [TEXT_QUESTION],
    },
  });
  const ids: Record<string, string> = {};
  for (const fName of ['Carmel', 'Adi', 'Boaz', 'Dror']) {
    ids[fName] = await addSubmittedApplicant(request, job._id, { fName, lName: 'Tal' });
  }
  // "Good fit" for three of them; Boaz stays out of the filtered list.
  await apiCall(request, recruiter, 'PUT', 'job/applicant', {
    applicants: ['Carmel', 'Adi', 'Dror'].map((name) => ({ id: ids[name], status: 3 })),
  });

  await logInWithTokens(page, recruiter);
  const overview = '/backoffice/applicant?statuses=3&sort=info.fName%3Aasc';
  await page.goto(overview);
  const rows = page.getByTestId('applicant-row');
  await expect(rows).toHaveCount(3, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Unread Adi Tal' }).click();

  const name = page.getByRole('heading', { level: 1 });
  const stepper = page.getByRole('group', { name: 'Step through the list' });
  await expect(name).toHaveText('Adi Tal', { timeout: 30_000 });
  await expect(stepper.getByTestId('review-position')).toHaveText('1 of 3');
  await expect(stepper.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await stepper.getByRole('button', { name: 'Next' }).click();
  await expect(name).toHaveText('Carmel Tal');
  await expect(stepper.getByTestId('review-position')).toHaveText('2 of 3');

  // J steps on (Boaz, not in the filter, is skipped); K steps back; Alt+← too.
  await page.keyboard.press('j');
  await expect(name).toHaveText('Dror Tal');
  await expect(stepper.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.keyboard.press('k');
  await expect(name).toHaveText('Carmel Tal');
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(name).toHaveText('Adi Tal');

  // Back returns to the overview with its filter and order.
  await page.getByRole('button', { name: 'Back to applicants' }).click();
  await expect(page).toHaveURL(new RegExp(`${overview.replace(/[?]/g, '\\?')}$`));
  await expect(rows).toHaveCount(3);
});
