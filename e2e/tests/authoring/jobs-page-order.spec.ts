import { apiCall, createRecruiter, logInWithTokens } from '../../fixtures/api';
import { TEXT_QUESTION } from '../../fixtures/applicants';
import { expect, test } from '../../fixtures/test';

test('the jobs page shows the recruiter’s own jobs first and the templates below, on a phone too', async ({
  page,
  request,
}) => {
  const recruiter = await createRecruiter(request);
  await apiCall(request, recruiter, 'POST', 'job', {
    job: {
      info: { title: 'Warehouse lead', location: '', desc: '', coverUrl: '' },
      company: { name: 'Levi Logistics', logoUrl: '' },
      rule: { isCvRequired: false, isOneTry: true },
      quests: [TEXT_QUESTION],
    },
  });
  await logInWithTokens(page, recruiter);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/backoffice/job');

  const myJobs = page.getByRole('heading', { name: 'My jobs' });
  const templates = page.getByRole('heading', { name: 'Start from a template' });
  await expect(page.getByTestId('job-card').filter({ hasText: 'Warehouse lead' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(templates).toBeAttached();
  await expect(page.getByTestId('template-card').first()).toBeAttached();
  const jobsTop = (await myJobs.boundingBox())!.y;
  const templatesTop = (await templates.boundingBox())!.y;
  expect(jobsTop).toBeLessThan(templatesTop);
  // The phone's first screen shows the recruiter's own job.
  const card = (await page.getByTestId('job-card').first().boundingBox())!;
  expect(card.y).toBeLessThan(844);
  // One way to create a job on the screen.
  await expect(page.getByRole('button', { name: /^(Create a job|New)$/ })).toHaveCount(1);
});
