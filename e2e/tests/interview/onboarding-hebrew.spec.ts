import { expect, test } from '../../fixtures/test';
import { createInterviewJob } from './interview-helpers';

test('onboarding in Hebrew: right-to-left, details and media check', async ({ page, request }) => {
  const { job } = await createInterviewJob(request);
  await page.addInitScript(() => window.localStorage.setItem('candid.lang', 'he'));
  await page.goto(`/interview/${job._id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'התחלת ראיון' }).click();
  await page.getByRole('button', { name: 'המשך' }).click();
  await expect(page.getByText('שדה חובה').first()).toBeVisible();
  await page.getByLabel('שם פרטי').fill('נועה');
  await page.getByLabel('שם משפחה').fill('כהן');
  await page.getByLabel('אימייל').fill('noa@example.com');
  await page.getByLabel('טלפון').fill('0501234567');
  await page.getByLabel('עיר מגורים').fill('חיפה');
  await page.getByRole('button', { name: 'המשך' }).click();
  await page.getByRole('button', { name: 'הפעלת בדיקה' }).click();
  await expect(page.getByTestId('status-camera')).toHaveAttribute('data-status', 'ok', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('status-camera')).toContainText('הפנים זוהו');
  await expect(page.getByRole('button', { name: 'התחלת הראיון' })).toBeEnabled();
});
