import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { apiCall, logInWithTokens, type Recruiter } from '../../fixtures/api';
import { E2E_ADMIN } from '../../fixtures/global-setup';
import { expect, test } from '../../fixtures/test';

async function logInAdmin(request: APIRequestContext): Promise<Recruiter> {
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const session = (await login.json()) as { accessToken: string; refreshToken: string };
  return { ...E2E_ADMIN, ...session };
}

const VIDEO_QUESTION = {
  id: 'q1abcd',
  txt: 'Introduce yourself',
  desc: '',
  ansRule: {
    isVidAns: true,
    isScreenAns: false,
    isTxtAns: false,
    isImgAns: false,
    isCodeAns: false,
  },
  timeLimit: 5,
};

/**
 * Accounts and view-as: the admin adds a user (a bad email is shown on its field, no
 * generic alert), views the back office as them (their jobs, a banner, every job call carrying
 * viewAsId, a reload keeping it), archives one of their jobs, comes back, and finds that action
 * in the activity list under the admin's own name, marked as done while viewing as the user.
 */
test('admin creates a user, views as them, comes back, and finds the view-as actions in the activity log', async ({
  page,
  request,
}) => {
  const stamp = `${Date.now()}${process.pid}`;
  const email = `vera-${stamp}@example.com`;
  const password = 'Viewed123';
  const jobTitle = `Vera's job ${stamp}`;

  await logInWithTokens(page, await logInAdmin(request));
  await page.goto('/backoffice/job');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'Admin' })
    .click();
  await page.getByRole('menuitem', { name: 'Accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();

  // Add a user; a bad email is a field error, not an alert.
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Vera');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Viewed');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await dialog.getByRole('textbox', { name: 'Password' }).fill(password);
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect(dialog.getByText('Please enter a valid email')).toBeVisible();
  await expect(page.getByTestId('form-error')).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  const created = page.waitForResponse(
    (response) => /\/api\/user\/?$/.test(response.url()) && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Add user' }).click();
  expect((await created).status()).toBe(201);
  await expect(dialog).toBeHidden();

  // The new user has a job of their own (made through the API as them).
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const vera = {
    email,
    password,
    ...((await login.json()) as Omit<Recruiter, 'email' | 'password'>),
  };
  await apiCall(request, vera, 'POST', 'job', {
    job: {
      info: { title: jobTitle, location: 'Haifa', desc: '<p>Join us</p>', coverUrl: '' },
      company: { name: 'Vera Co', logoUrl: '' },
      rule: { isCvRequired: false, isOneTry: true },
      quests: [VIDEO_QUESTION],
    },
  });

  // View as Vera: the job list is hers, the banner says so, job calls carry viewAsId.
  await page.getByRole('searchbox', { name: 'Search accounts' }).fill(email);
  const row = page.getByTestId('account-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  const jobList = page.waitForRequest(
    (req) => req.url().includes('/api/job?') && req.url().includes('viewAsId='),
  );
  await row.getByRole('button', { name: 'Actions for Vera Viewed' }).click();
  await page.getByRole('menuitem', { name: 'View as' }).click();
  await expect(page).toHaveURL(/\/backoffice\/job$/);
  await jobList;
  const banner = page.getByTestId('view-as-banner');
  await expect(banner).toContainText('You are viewing the back office as Vera Viewed');
  await expect(page.getByText(jobTitle)).toBeVisible();

  // A reload keeps viewing as Vera.
  await page.reload();
  await expect(banner).toBeVisible();
  await expect(page.getByText(jobTitle)).toBeVisible();

  // An action while viewing as: archive her job (PUT job {jobs, viewAsId}).
  const saved = page.waitForRequest(
    (req) => new URL(req.url()).pathname === '/api/job' && req.method() === 'PUT',
  );
  await page.getByRole('button', { name: `Actions for ${jobTitle}` }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  const saveRequest = await saved;
  expect((saveRequest.postDataJSON() as { viewAsId?: string }).viewAsId).toBeTruthy();
  await expect(page.getByText(jobTitle)).toBeHidden();

  // Back to the accounts page; the banner is gone and the admin is themselves again.
  await banner.getByRole('button', { name: 'Back to accounts' }).click();
  await expect(page).toHaveURL(/\/backoffice\/admin\/account$/);
  await expect(banner).toHaveCount(0);

  // The activity log has the archive, under the admin's name, marked as done viewing as Vera.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'Admin' })
    .click();
  await page.getByRole('menuitem', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await page.getByRole('combobox', { name: 'User' }).fill(E2E_ADMIN.email);
  await page.getByRole('option', { name: new RegExp(E2E_ADMIN.email) }).click();
  await expect(page).toHaveURL(/userId=/);
  const archived = page
    .getByTestId('activity-row')
    .filter({ hasText: jobTitle })
    .filter({ hasText: 'Archived · job' });
  await expect(archived).toHaveCount(1);
  await expect(archived).toContainText('while viewing as Vera Viewed');

  // The filtered list exports as CSV, with the view-as account named.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(
    'date,type,target,description,userId,userName,userEmail,viewAsId,viewAsName,meta',
  );
  const archiveLine = lines.find((line) => line.includes(`,archive,job,${jobTitle},`));
  expect(archiveLine).toContain(',Vera Viewed,');
});

test('the accounts overview in Hebrew on a phone: right to left cards, the delete dialog says what happens to the jobs', async ({
  page,
  request,
}) => {
  const admin = await logInAdmin(request);
  const stamp = `${Date.now()}${process.pid}`;
  const email = `solo-${stamp}@example.com`;
  await apiCall(request, admin, 'POST', 'user', {
    fName: 'Solo',
    lName: 'Member',
    email,
    perm: 999,
    role: 'user',
  });

  await page.setViewportSize({ width: 360, height: 740 });
  await logInWithTokens(page, admin, 'he');
  await page.goto(`/backoffice/admin/account?txt=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'חשבונות' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const card = page.getByTestId('account-card').filter({ hasText: email });
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'פעולות עבור Solo Member' }).click();
  await page.getByRole('menuitem', { name: 'מחיקה' }).click();
  const dialog = page.getByRole('dialog', { name: 'מחיקת חשבון' });
  await expect(dialog).toContainText('בטוח שברצונך למחוק את החשבון של Solo Member');
  // The last member of their organisation: the organisation and its jobs go too.
  await expect(dialog.getByTestId('deletion-outcome')).toContainText('גם הארגון יימחק');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await dialog.getByRole('button', { name: 'מחיקת החשבון' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);
});
