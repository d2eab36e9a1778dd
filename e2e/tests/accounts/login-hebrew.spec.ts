import { expect, test } from '../../fixtures/test';

test.use({ locale: 'he-IL' });

test('the login form in Hebrew shows translated validation messages right to left', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('טוב לראות אותך שוב');

  await page.getByRole('button', { name: 'התחברות' }).click();
  const required = page.getByText('זהו שדה חובה');
  await expect(required).toHaveCount(2);
  expect(await required.first().evaluate((element) => getComputedStyle(element).direction)).toBe(
    'rtl',
  );

  // The message sits under its field, starting from the right edge.
  const email = page.getByLabel('אימייל');
  const emailBox = await email.boundingBox();
  const messageBox = await required.first().boundingBox();
  expect(emailBox && messageBox).toBeTruthy();
  expect(
    Math.abs(emailBox!.x + emailBox!.width - (messageBox!.x + messageBox!.width)),
  ).toBeLessThan(4);
  expect(messageBox!.y).toBeGreaterThan(emailBox!.y);

  await email.fill('not-an-email');
  await email.blur();
  await expect(page.getByText('יש להזין כתובת אימייל תקינה')).toBeVisible();
  await expect(required).toHaveCount(1);
});
