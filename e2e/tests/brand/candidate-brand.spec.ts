import type { Browser, Page } from '@playwright/test';
import { logInWithTokens } from '../../fixtures/api';
import { makePng } from '../../fixtures/images';
import { expect, test } from '../../fixtures/test';
import { createInterviewJob } from '../interview/interview-helpers';

const ACCENT = '#0f766e';
const ACCENT_RGB = 'rgb(15, 118, 110)';

/** The candidate's invitation in a fresh browser: the company's logo, its colour, no Candid mark. */
async function expectBrandedInvitation(page: Page, jobId: string, startLabel: string) {
  await page.goto(`/interview/${jobId}`);
  // The server-drawn first screen already carries the logo and no Candid mark.
  await expect(page.getByTestId('company-brand-logo')).toBeVisible();
  await expect(page.getByTestId('company-brand-logo')).toHaveAttribute(
    'src',
    /^\/api\/files\/org\/.+\/images\/[0-9a-f]{32}\.png$/,
  );
  expect(
    await page
      .getByTestId('company-brand-logo')
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  await expect(page.getByTestId('vendor-mark')).toHaveCount(0);
  // Neither Candid's drawing nor its name anywhere on the page.
  await expect(page.locator('svg rect[rx="7"]')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('Candid');
  const start = page.getByRole('button', { name: startLabel });
  await expect(start).toBeVisible();
  await expect(start).toHaveCSS('background-color', ACCENT_RGB);
  await expect(start).toHaveCSS('color', 'rgb(255, 255, 255)');
}

async function candidatePage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

test('the owner sets a logo and an accent and hides the Candid mark; candidates see the company, in English and in Hebrew on a phone', async ({
  page,
  request,
  browser,
}) => {
  const { recruiter, job } = await createInterviewJob(request);
  await logInWithTokens(page, recruiter);
  await page.goto('/backoffice/brand');
  await expect(page.getByRole('heading', { name: 'Brand on candidate pages' })).toBeVisible();

  await page
    .getByTestId('brand-form')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(96, [20, 90, 160]) });
  await expect(page.getByTestId('logo-preview').locator('img')).toBeVisible();

  // A colour white does not read on is refused before saving, with its ratio shown.
  const accent = page.getByLabel('Accent color');
  await accent.fill('#ffcc00');
  await expect(page.getByTestId('brand-contrast')).toContainText('1.5');
  await expect(page.getByText('This color is too light').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save brand' })).toBeDisabled();
  await accent.fill(ACCENT);
  await expect(page.getByTestId('brand-contrast')).toContainText('Readable');
  await expect(page.getByTestId('brand-preview-button')).toHaveCSS('background-color', ACCENT_RGB);
  await accent.press('Escape');

  await page
    .getByRole('switch', { name: 'Show the Candid mark on candidate pages' })
    .uncheck({ force: true });
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/org/brand') && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save brand' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('The brand is saved').first()).toBeVisible();

  const english = await candidatePage(browser);
  await expectBrandedInvitation(english.page, job._id, 'Start interview');
  await english.context.close();

  const hebrew = await candidatePage(browser, {
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  await hebrew.page.addInitScript(() => window.localStorage.setItem('candid.lang', 'he'));
  await expectBrandedInvitation(hebrew.page, job._id, 'התחלת ראיון');
  await expect(hebrew.page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The logo leads from the right on a right-to-left page, inside the 360 px screen.
  const box = await hebrew.page.getByTestId('company-brand-logo').boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeGreaterThan(250);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  expect(
    await hebrew.page.evaluate(() => document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(360);
  await hebrew.context.close();
});
