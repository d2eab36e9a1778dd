import { createRecruiter, logInWithTokens } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';

test('a mistyped address shows the not-found page, with the login for a visitor and the interview for a candidate', async ({
  page,
}) => {
  await page.goto('/no/such/page?x=1');
  await expect(page.getByRole('heading', { name: "We couldn't find this page" })).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page\?x=1$/);
  await expect(page).toHaveTitle('Candid | Page not found');
  await expect(page.getByText('Invited to an interview?')).toBeVisible();
  await page.getByRole('link', { name: 'Recruiter log in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/interview/some-job/no-such-step');
  await expect(page.getByRole('heading', { name: "We couldn't find this page" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the interview' })).toHaveAttribute(
    'href',
    '/interview/some-job',
  );
});

test('a logged-in recruiter on a mistyped back-office address goes back to the jobs, in Hebrew too', async ({
  page,
  request,
}) => {
  const recruiter = await createRecruiter(request);
  await logInWithTokens(page, recruiter, 'he');
  await page.goto('/backoffice/no-such-screen');
  await expect(page.getByRole('heading', { name: 'לא מצאנו את הדף הזה' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('link', { name: 'חזרה למשרות שלי' }).click();
  await expect(page).toHaveURL(/\/backoffice\/job$/);
});
