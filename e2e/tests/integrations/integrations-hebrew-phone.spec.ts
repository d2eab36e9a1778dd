import { createRecruiter, logInWithTokens } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';

test.use({ viewport: { width: 360, height: 780 } });

/**
 * Hebrew (RTL) on a 360 px phone: the owner reaches Integrations from the account
 * sheet, makes a read-only key (shown once) and adds a webhook: an http address that is not
 * this machine is refused on its field, in Hebrew, and nothing is added.
 */
test('an owner on a phone, in Hebrew, makes an API key and adds a webhook', async ({
  page,
  request,
}) => {
  const owner = await createRecruiter(request, { fName: 'Tamar', lName: 'Golan' });
  await logInWithTokens(page, owner, 'he');
  await page.goto('/backoffice/job');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: /Tamar Golan/ }).click();
  await page.getByRole('link', { name: 'אינטגרציות' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'אינטגרציות' })).toBeVisible();

  await page.getByRole('button', { name: 'יצירת מפתח' }).click();
  const create = page.getByRole('dialog', { name: 'יצירת מפתח API' });
  await create.getByRole('textbox', { name: /שם/ }).fill('סנכרון ATS');
  await create.getByRole('button', { name: 'יצירת מפתח' }).click();
  const shown = page.getByRole('dialog', { name: 'מפתח ה-API החדש שלכם' });
  await expect(shown.getByTestId('api-key-value')).toHaveText(/^cnd_/);
  await shown.getByRole('button', { name: 'סיום' }).click();
  const row = page.getByTestId('api-key-row');
  await expect(row).toContainText('סנכרון ATS');
  await expect(row).toContainText('קריאה בלבד');

  await page.getByRole('button', { name: 'הוספת כתובת' }).click();
  const add = page.getByRole('dialog', { name: 'הוספת כתובת Webhook' });
  const address = add.getByRole('textbox', { name: /כתובת/ });
  await address.fill('http://ats.example.com/hook');
  await add.getByRole('button', { name: 'הוספת כתובת' }).click();
  await expect(add.getByText('נא להזין כתובת https://')).toBeVisible();
  await address.fill('https://ats.example.com/candid');
  await add.getByRole('button', { name: 'הוספת כתובת' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByTestId('webhook-row')).toContainText('https://ats.example.com/candid');
  // Nothing overflows the phone's width.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
