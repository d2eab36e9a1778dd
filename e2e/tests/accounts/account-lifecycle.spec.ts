import type { Page } from '@playwright/test';
import { makePng } from '../../fixtures/images';
import { extractCode, extractLink, snapshotOutbox, waitForEmail } from '../../fixtures/outbox';
import { expect, test } from '../../fixtures/test';

const FIRST_NAME = 'Dana';
const LAST_NAME = 'Levi';

async function logOut(page: Page) {
  await page.getByRole('button', { name: `Account menu of ${FIRST_NAME} ${LAST_NAME}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('candid.refreshToken'))).toBeNull();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/backoffice\/applicant$/);
  // No job yet: the empty overview leads to the first one.
  await expect(page.getByRole('link', { name: 'Create your first job' })).toBeVisible();
}

async function enterCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

async function startForgotPassword(page: Page, email: string, choice: RegExp) {
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The URL changes before the lazily loaded screen replaces the login page (which has an
  // Email field too): wait for the new screen itself.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  const seen = await snapshotOutbox();
  await page.getByRole('button', { name: choice }).click();
  return seen;
}

test('an account from signup to logout: verify by link, log in, reset by code, log in by one-time code, edit the profile', async ({
  page,
}) => {
  const email = `dana.${Date.now()}@example.com`;
  const password = 'Secret12';
  const newPassword = 'Fresh345x';

  // Signup → VerifyEmail, which shows the address the link went to.
  await page.goto('/signup');
  await expect(page.getByText('10 free video interviews')).toBeVisible();
  await page.getByLabel('First name').fill(FIRST_NAME);
  await page.getByLabel('Last name').fill(LAST_NAME);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Company name').fill('Levi Labs');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  const beforeSignup = await snapshotOutbox();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // The emailed link verifies and logs in.
  const verification = await waitForEmail(email, { seen: beforeSignup, subject: /confirm/i });
  await page.goto(extractLink(verification, '/verify-email'));
  await expect(page).toHaveURL(/\/backoffice\/job$/);
  await expect(page.getByRole('button', { name: 'Create your first job' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  // Logout, then login with the email typed in capitals (sent lower-cased).
  await logOut(page);
  await logIn(page, email.toUpperCase(), password);
  await logOut(page);

  // Forgot password by reset code: email → code → new password → Login.
  const beforeReset = await startForgotPassword(page, email, /^Reset my password$/);
  await expect(page.getByRole('heading', { name: 'Enter your reset code' })).toBeVisible();
  const resetEmail = await waitForEmail(email, { seen: beforeReset, subject: /reset/i });
  await enterCode(page, extractCode(resetEmail));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('The password was changed')).toBeVisible();

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible();
  await page.getByLabel('Email').fill('');
  await logIn(page, email, newPassword);
  await logOut(page);

  // Forgot password by one-time code: email → code → logged in.
  const beforeOtp = await startForgotPassword(page, email, /one-time login code/);
  await expect(page.getByRole('heading', { name: 'Enter your login code' })).toBeVisible();
  const otpEmail = await waitForEmail(email, { seen: beforeOtp, subject: /login code/i });
  await enterCode(page, extractCode(otpEmail));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/backoffice\/applicant$/);

  // Profile: details, an avatar, an over-size image refused before any upload.
  await page.getByRole('button', { name: `Account menu of ${FIRST_NAME} ${LAST_NAME}` }).click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Phone').fill('050-1234567');
  await page.getByLabel('Company name').fill('Acme Hiring');

  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/upload/image')) uploads.push(request.url());
  });
  const fileInputs = page.locator('input[type="file"]');
  await fileInputs.first().setInputFiles({
    name: 'avatar.png',
    mimeType: 'image/png',
    buffer: makePng(64, [21, 101, 192]),
  });
  await expect(page.getByRole('img', { name: 'Profile picture' })).toHaveAttribute(
    'src',
    /\/api\/files\//,
  );
  expect(uploads).toHaveLength(1);

  const big = makePng(300, 'noise');
  expect(big.length).toBeGreaterThan(200 * 1024);
  await fileInputs.first().setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(page.getByText('File size is too large')).toBeVisible();
  expect(uploads).toHaveLength(1);

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile was saved')).toBeVisible();

  // Saved for real: a reload shows the stored profile and picture.
  await page.reload();
  await expect(page.getByLabel('Company name')).toHaveValue('Acme Hiring');
  await expect(page.getByLabel('Phone')).toHaveValue('050-1234567');
  const avatarSrc = await page.getByRole('img', { name: 'Profile picture' }).getAttribute('src');
  expect(avatarSrc).toMatch(/\/api\/files\//);
  const picture = await page.request.get(avatarSrc!);
  expect(picture.ok()).toBe(true);
  expect(picture.headers()['content-type']).toBe('image/png');

  await logOut(page);
});
