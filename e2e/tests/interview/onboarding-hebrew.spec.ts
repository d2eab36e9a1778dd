import { expect, test } from '../../fixtures/test';
import { acceptConsent, createInterviewJob } from './interview-helpers';

test('onboarding in Hebrew: right-to-left, details and media check', async ({ page, request }) => {
  const { job } = await createInterviewJob(request);
  await page.addInitScript(() => window.localStorage.setItem('candid.lang', 'he'));
  await page.goto(`/interview/${job._id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The job's English description reads left to right inside the Hebrew page: its first word
  // starts at the paragraph's left edge.
  const paragraph = page.getByTestId('job-description').locator('p').first();
  await expect(paragraph).toHaveText('Build great things with us.');
  const offset = await paragraph.evaluate((element) => {
    const range = document.createRange();
    range.setStart(element.firstChild!, 0);
    range.setEnd(element.firstChild!, 1);
    return range.getBoundingClientRect().left - element.getBoundingClientRect().left;
  });
  expect(Math.abs(offset)).toBeLessThan(2);
  await page.getByRole('button', { name: 'התחלת ראיון' }).click();
  await page.getByRole('button', { name: 'המשך' }).click();
  await expect(page.getByText('שדה חובה').first()).toBeVisible();
  await page.getByLabel('שם פרטי').fill('נועה');
  await page.getByLabel('שם משפחה').fill('כהן');
  await page.getByLabel('אימייל').fill('noa@example.com');
  await page.getByLabel('טלפון').fill('0501234567');
  await page.getByLabel('עיר מגורים').fill('חיפה');
  await page.getByRole('button', { name: 'המשך' }).click();
  // The consent notice in Hebrew, right to left, before anything is recorded.
  await expect(page.getByTestId('consent-text')).toContainText('מה מוקלט');
  await expect(page.getByRole('heading', { name: 'לפני שמקליטים משהו' })).toBeVisible();
  await acceptConsent(page);
  await page.getByRole('button', { name: 'הפעלת בדיקה' }).click();
  await expect(page.getByTestId('status-camera')).toHaveAttribute('data-status', 'ok', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('status-camera')).toContainText('הפנים זוהו');
  await expect(page.getByRole('button', { name: 'התחלת הראיון' })).toBeEnabled();
});
