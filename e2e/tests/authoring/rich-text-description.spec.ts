import { apiCall, createRecruiter, logInWithTokens } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';

test('a rich-text description with bold text is autosaved and shown again after a reload', async ({
  page,
  request,
}) => {
  const recruiter = await createRecruiter(request);
  const job = await apiCall<{ _id: string }>(request, recruiter, 'POST', 'job', {
    job: {
      info: { title: 'Product designer', location: 'Tel Aviv', desc: '', coverUrl: '' },
      company: { name: 'Acme', logoUrl: '' },
      rule: { isCvRequired: false, isOneTry: true },
      quests: [
        {
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
        },
      ],
    },
  });
  await logInWithTokens(page, recruiter);
  await page.goto(`/create/${job._id}`);
  // The job's description comes before the questions' own.
  const description = page.getByRole('textbox', { name: 'Description' }).first();
  await description.click();
  await page.keyboard.type('We are ');
  await page.getByRole('button', { name: 'Bold', exact: true }).first().click();
  await page.keyboard.type('hiring');
  await expect(description.locator('strong')).toHaveText('hiring');

  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/job') && response.request().method() === 'PUT',
  );
  expect((await saved).ok()).toBe(true);
  const stored = await apiCall<{ info: { desc: string } }>(
    request,
    recruiter,
    'GET',
    `job/${job._id}`,
  );
  expect(stored.info.desc).toBe('<p>We are <strong>hiring</strong></p>');

  await page.reload();
  const reloaded = page.getByRole('textbox', { name: 'Description' }).first();
  await expect(reloaded.locator('strong')).toHaveText('hiring');
  await expect(reloaded).toHaveText('We are hiring');
});
