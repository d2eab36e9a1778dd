import { createRecruiter, logInWithTokens, setRecruiterPlan } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';

/**
 * Hebrew (RTL): an owner whose plan lacks teams and departments opens the Team
 * screen from the user menu and is told which plan has them (no dead link, no management).
 */
test('a basic-plan owner sees in Hebrew which plan has teams and departments', async ({
  page,
  request,
}) => {
  const owner = await createRecruiter(request, { fName: 'Basil', lName: 'Katz' });
  await setRecruiterPlan(request, owner, 1);
  await logInWithTokens(page, owner, 'he');
  await page.goto('/backoffice/job');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: /Basil Katz/ }).click();
  await page.getByRole('menuitem', { name: 'צוות' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'צוות' })).toBeVisible();
  const notices = page.getByTestId('plan-notice');
  await expect(notices.first()).toContainText('חשבונות צוות כלולים בתוכנית ארגוני');
  await expect(notices.nth(1)).toContainText('מחלקות כלולות בתוכנית ארגוני');
  await expect(page.getByRole('button', { name: 'הוספת חבר/ת צוות' })).toHaveCount(0);
  await expect(page.getByRole('combobox')).toHaveCount(0);
  // The job overview offers no department filter either.
  await page.goto('/backoffice/job');
  await expect(page.getByRole('heading', { level: 1, name: 'משרות' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'מחלקה' })).toHaveCount(0);
});
