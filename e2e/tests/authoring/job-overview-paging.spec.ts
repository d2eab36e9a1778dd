import { apiCall, createRecruiter, logInWithTokens } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';

const question = {
  id: 'q1',
  txt: 'Introduce yourself',
  desc: '',
  vidUrl: null,
  timeLimit: 5,
  ansRule: {
    isVidAns: true,
    isScreenAns: false,
    isTxtAns: false,
    isImgAns: false,
    isCodeAns: false,
  },
};

test('the job overview with 31 jobs: two pages, a debounced search, and archiving the only job of page 2', async ({
  page,
  request,
}) => {
  const recruiter = await createRecruiter(request);
  // One after the other, so "Role 1" is the oldest and, newest first, alone on page 2.
  for (let number = 1; number <= 31; number += 1) {
    await apiCall(request, recruiter, 'POST', 'job', {
      job: {
        info: { title: `Role ${number}`, location: 'Haifa', desc: '', coverUrl: '' },
        company: { name: 'Acme', logoUrl: '' },
        rule: { isCvRequired: false, isOneTry: true },
        quests: [question],
      },
    });
  }
  await logInWithTokens(page, recruiter);
  await page.goto('/backoffice/job');
  const cards = page.getByTestId('job-card');
  await expect(cards).toHaveCount(30);
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager.getByRole('button', { name: 'Page 2' })).toBeVisible();

  // The search waits for typing to stop, then asks the server.
  const searched = page.waitForRequest((call) => {
    const url = new URL(call.url());
    return url.pathname === '/api/job' && url.searchParams.get('txt') === 'Role 3';
  });
  await page.getByRole('textbox', { name: 'Search jobs' }).fill('  Role 3 ');
  await searched;
  await expect(cards).toHaveCount(3);
  await expect(cards.filter({ hasText: 'Role 31' })).toHaveCount(1);
  await expect(pager).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Search jobs' }).fill('');
  await expect(cards).toHaveCount(30);
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Role 1');

  await page.getByRole('button', { name: 'Actions for Role 1', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByText('The job was archived')).toBeVisible();
  // Page 2 is empty now: back on page 1, the only page left.
  await expect(cards).toHaveCount(30);
  await expect(cards.filter({ hasText: 'Role 31' })).toHaveCount(1);
  await expect(pager).toHaveCount(0);
  await expect(page.getByTestId('job-count')).toHaveText('30 jobs');
});
