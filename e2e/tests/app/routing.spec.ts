import { expect, test } from '../../fixtures/test';

test('the site root goes to the applicant overview, which sends a visitor to log in', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fbackoffice%2Fapplicant$/);
});

test('a back-office route keeps its full path in the login redirect', async ({ page }) => {
  await page.goto('/backoffice/job?view=list');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fbackoffice%2Fjob%3Fview%3Dlist$/);
});

test('the server answers deep links with the app and keeps API 404s as JSON', async ({
  request,
}) => {
  const page = await request.get('/backoffice/applicant', { headers: { accept: 'text/html' } });
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
  const api = await request.get('/api/no-such-call');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ status: 404, key: 'NOT_FOUND_ERR' });
  const health = await request.get('/api/health');
  expect(await health.json()).toMatchObject({
    status: 'ok',
    database: { ok: true },
    storage: { ok: true },
  });
});
