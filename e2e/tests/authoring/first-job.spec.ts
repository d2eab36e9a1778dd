import { createRecruiter, logInWithTokens } from '../../fixtures/api';
import { extractLink, snapshotOutbox, waitForEmail } from '../../fixtures/outbox';
import { expect, test } from '../../fixtures/test';

test('a new recruiter signs up with the company name, lands on "Create your first job", and saves and shares a job without guessing a missing field', async ({
  page,
}) => {
  const email = `first.${Date.now()}@example.com`;
  const password = 'Secret12';

  // The signup states the password rule before anything is typed, and asks the company.
  await page.goto('/signup');
  await expect(page.getByText(/The password must include at least 6 characters/)).toBeVisible({
    timeout: 30_000,
  });
  await page.getByLabel('First name').fill('Rina');
  await page.getByLabel('Last name').fill('Golan');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Company name').fill('Golan Labs');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  const seen = await snapshotOutbox();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);

  // The verification link opens the jobs page with one call to action.
  const verification = await waitForEmail(email, { seen, subject: /confirm/i });
  await page.goto(extractLink(verification, '/verify-email'));
  await expect(page).toHaveURL(/\/backoffice\/job$/);
  const create = page.getByRole('button', { name: 'Create your first job' });
  await expect(create).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^Create|^New$/ })).toHaveCount(1);
  await create.click();

  // The company comes from the signup: a title is all the first save needs.
  await expect(page.getByRole('heading', { name: 'New job' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue('Golan Labs');
  await page.getByRole('textbox', { name: 'Job title' }).fill('Support engineer');
  await expect(page).toHaveURL(/\/create\/[\w-]+$/);
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  const jobId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('link', { name: 'Preview as candidate' })).toHaveAttribute(
    'href',
    `/interview/${jobId}?demo=1`,
  );

  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Copy link' })).toBeVisible();
});

test('an account made without a company name: the editor names the missing field and leads to it', async ({
  page,
  request,
}) => {
  // Made through the API, which leaves the company name optional (as accounts from before the
  // signup asked it): the new job's company field starts empty, below the title.
  const recruiter = await createRecruiter(request);
  await logInWithTokens(page, recruiter);
  await page.goto('/create');
  await page.getByRole('textbox', { name: 'Job title' }).fill('Support engineer');
  const issues = page.getByRole('list', { name: 'What is missing' });
  await expect(page.getByTestId('save-status')).toHaveText('Not saved', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Share' })).toBeDisabled();
  await issues.getByRole('button', { name: 'Company name is required' }).click();
  await expect(page.getByRole('textbox', { name: 'Company name' })).toBeFocused();
  await page.keyboard.type('Levi Labs');
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 30_000 });
  await expect(issues).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share' })).toBeEnabled();
});
