import { expect, test } from '../../fixtures/test';

const CHROME_60 =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/60.0.3112.113 Safari/537.36';
const IE_11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';

test.describe('an old version of a supported browser', () => {
  test.use({ userAgent: CHROME_60 });

  test('gets the not-supported page asking to update only that browser', async ({ page }) => {
    await page.goto('/backoffice/job');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Your browser version is not supported',
    );
    await expect(page.getByText('Please update Chrome to the latest version')).toBeVisible();
    const browsers = page.getByRole('list', { name: 'Supported browsers' }).getByRole('listitem');
    await expect(browsers).toHaveCount(1);
    await expect(browsers).toContainText('Chrome');
  });
});

test.describe('an unsupported browser', () => {
  test.use({ userAgent: IE_11, locale: 'he-IL' });

  test('gets the not-supported page listing Chrome, Firefox, Safari and Edge, in Hebrew', async ({
    page,
  }) => {
    await page.goto('/interview/some-job');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('הדפדפן שלך אינו נתמך');
    const browsers = page.getByRole('list', { name: 'דפדפנים נתמכים' }).getByRole('listitem');
    await expect(browsers).toHaveCount(4);
    for (const name of ['Chrome', 'Firefox', 'Safari', 'Edge']) {
      await expect(browsers.filter({ hasText: name })).toHaveCount(1);
    }
  });
});

test('a current Chromium is supported', async ({ page }) => {
  await page.goto('/not-found');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find this page");
});
