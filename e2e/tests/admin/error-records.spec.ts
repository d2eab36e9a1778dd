import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { logInWithTokens, type Recruiter } from '../../fixtures/api';
import { E2E_ADMIN } from '../../fixtures/global-setup';
import { expect, test } from '../../fixtures/test';

async function logInAdmin(request: APIRequestContext): Promise<Recruiter> {
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const session = (await login.json()) as { accessToken: string; refreshToken: string };
  return { ...E2E_ADMIN, ...session };
}

/**
 * Error records: a candidate's broken invitation link is logged by the web app
 * (the failed call, batched to POST record) and the admin finds it in the record overview.
 */
test('an error the candidate app logged reaches the admin record overview', async ({
  browser,
  page,
  request,
}) => {
  const jobId = randomUUID();
  const candidate = await browser.newContext();
  const candidatePage = await candidate.newPage();
  const sent = candidatePage.waitForResponse(
    (response) => response.url().endsWith('/api/record') && response.request().method() === 'POST',
  );
  await candidatePage.goto(`/interview/${jobId}`);
  await expect(
    candidatePage.getByText('This interview is not available, please contact the recruiter'),
  ).toBeVisible();
  expect((await sent).status()).toBe(200);
  await candidate.close();

  await logInWithTokens(page, await logInAdmin(request));
  await page.goto('/backoffice/job');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'Admin' })
    .click();
  await page.getByRole('menuitem', { name: 'Error records' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Error records' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Message' }).fill(jobId);
  const row = page.getByTestId('record-row').filter({ hasText: jobId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('404');
  await row.getByRole('button', { name: 'Show details' }).click();
  const details = page.getByTestId('record-details');
  await expect(details).toContainText(`/interview/${jobId}`);
  await expect(details).toContainText('Web app');
  await expect(page).toHaveURL(new RegExp(`txt=${jobId}`));
});

test('the record overview in Hebrew on a phone: right to left, filters folded unless the link names some', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await logInWithTokens(page, await logInAdmin(request), 'he');
  await page.goto('/backoffice/admin/record?levels=error');
  await expect(page.getByRole('heading', { level: 1, name: 'יומן שגיאות' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('checkbox', { name: 'שגיאה' })).toBeChecked();
  const levels = page.getByRole('group', { name: 'רמות' });
  await expect(levels).toBeVisible();
  await page.getByRole('button', { name: 'הסתרת המסננים' }).click();
  await expect(levels).toBeHidden();
  await page.getByRole('button', { name: 'מסננים' }).click();
  await expect(levels).toBeVisible();
  // Nothing wider than the phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
