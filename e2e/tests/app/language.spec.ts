import { expect, test } from '../../fixtures/test';

test.describe('language', () => {
  test('opens in English by default, switches to Hebrew right-to-left, and keeps the choice', async ({
    page,
  }) => {
    await page.goto('/not-found');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find this page");
    await expect(page).toHaveTitle('Candid | Page not found');

    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'עברית' }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('לא מצאנו את הדף הזה');
    // Logged out, the way back is the recruiters' login (a logged-in recruiter's is their jobs).
    await expect(page.getByRole('link', { name: 'כניסה למגייסים' })).toBeVisible();

    // The heading's text starts at the right edge in RTL.
    const heading = await page
      .getByRole('heading', { level: 1 })
      .evaluate((element) => getComputedStyle(element).direction);
    expect(heading).toBe('rtl');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('לא מצאנו את הדף הזה');
    await expect(page.getByRole('button', { name: 'שפה: עברית' })).toBeVisible();
  });
});

test.describe('language from the browser', () => {
  test.use({ locale: 'he-IL' });

  test('opens in Hebrew when the browser language is Hebrew', async ({ page }) => {
    await page.goto('/not-found');
    await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('לא מצאנו את הדף הזה');
  });
});
