import { createRecruiter, logInWithTokens } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';

test('in Hebrew: the first-time onboarding is right-to-left and a job is created from it', async ({
  page,
  request,
}) => {
  const recruiter = await createRecruiter(request);
  await logInWithTokens(page, recruiter, 'he');
  await page.goto('/backoffice/job');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const onboarding = page.getByTestId('jobs-onboarding');
  await expect(onboarding.getByText('מקבלים ראיונות וידאו')).toBeVisible();

  await onboarding.getByRole('button', { name: 'יצירת המשרה הראשונה' }).click();
  await expect(page.getByRole('heading', { name: 'משרה חדשה' })).toBeVisible();
  await page.getByRole('textbox', { name: 'שם המשרה' }).fill('נציג/ת שירות');
  await page.getByRole('textbox', { name: 'שם החברה' }).fill('אקמה');
  // A field takes the direction of what is typed in it: English reads left to right here.
  const location = page.getByRole('textbox', { name: 'מיקום' });
  await location.fill('Tel Aviv');
  await expect(location).toHaveCSS('unicode-bidi', 'plaintext');
  await expect(page).toHaveURL(/\/create\/[\w-]+$/);
  await expect(page.getByTestId('save-status')).toHaveText('נשמר');
  await expect(page.getByRole('button', { name: 'שיתוף' })).toBeEnabled();
});
