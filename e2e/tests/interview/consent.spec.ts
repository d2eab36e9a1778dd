import type { Page } from '@playwright/test';
import { apiCall, logInWithTokens } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';
import { CANDIDATE, createInterviewJob, runMediaCheck } from './interview-helpers';
import { recruiterApplicants } from './resume-helpers';

/** Opens the invitation and fills the details; the consent notice comes next. */
async function reachConsent(page: Page, jobId: string) {
  await page.goto(`/interview/${jobId}`);
  await page.getByRole('button', { name: 'Start interview' }).click();
  await page.getByLabel('First name').fill(CANDIDATE.fName);
  await page.getByLabel('Last name').fill(CANDIDATE.lName);
  await page.getByLabel('Email').fill(CANDIDATE.email);
  await page.getByLabel('Phone').fill(CANDIDATE.phone);
  await page.getByLabel('City').fill(CANDIDATE.hometown);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('consent-step')).toBeVisible();
}

test('a candidate accepts the organisation notice; the recruiter sees the consent, its version and text', async ({
  page,
  request,
  browser,
}) => {
  const { recruiter, job } = await createInterviewJob(request);
  await apiCall(request, recruiter, 'PUT', 'org/retention', { retentionMonths: 6 });
  const saved = await apiCall<{ version: number }>(
    request,
    recruiter,
    'PUT',
    'org/consent-notice',
    {
      texts: { en: 'Acme records your video and voice. Ask Acme to delete it.', he: '' },
    },
  );
  expect(saved.version).toBe(1);

  await reachConsent(page, job._id);
  await expect(page.getByTestId('consent-text')).toHaveText(
    'Acme records your video and voice. Ask Acme to delete it.',
  );
  await expect(page.getByTestId('consent-accept')).toBeDisabled();
  await page.getByTestId('consent-agree').check();
  await page.getByTestId('consent-accept').click();
  await runMediaCheck(page);
  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/applicant') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Start interview' }).click();
  const { applicant } = (await (await created).json()) as { applicant: { id: string } };
  await expect(page).toHaveURL(new RegExp(`/interview/${job._id}/inprogress$`));
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeVisible();

  // A reload resumes the interview without asking for consent again.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await page.getByRole('button', { name: 'Continue your interview' }).click();
  await expect(page).toHaveURL(new RegExp(`/interview/${job._id}/inprogress$`));
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeVisible();
  await expect(page.getByTestId('consent-step')).toHaveCount(0);

  const context = await browser.newContext();
  const backoffice = await context.newPage();
  await logInWithTokens(backoffice, recruiter);
  await backoffice.goto(`/backoffice/details/${job._id}/${applicant.id}`);
  const line = backoffice.getByTestId('applicant-consent');
  // The back office's first load on a loaded machine takes longer than one expectation.
  await expect(line).toBeVisible({ timeout: 30_000 });
  await expect(line).toContainText('Consent given');
  await expect(line).toContainText('notice version 1');
  await line.getByRole('button', { name: 'Read the notice' }).click();
  await expect(backoffice.getByTestId('applicant-consent-text')).toHaveText(
    'Acme records your video and voice. Ask Acme to delete it.',
  );
  await context.close();
});

test('a candidate who declines ends the interview with nothing recorded and no applicant', async ({
  page,
  request,
}) => {
  const { recruiter, job } = await createInterviewJob(request);
  // Counts every request for the camera or microphone made on the page.
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const original = devices.getUserMedia.bind(devices);
    (window as unknown as { cameraAsks: number }).cameraAsks = 0;
    devices.getUserMedia = (constraints) => {
      (window as unknown as { cameraAsks: number }).cameraAsks += 1;
      return original(constraints);
    };
  });
  await reachConsent(page, job._id);
  // The standard notice quotes who sees it and how to ask for deletion.
  await expect(page.getByTestId('consent-text')).toContainText('recruiters of Acme');
  await expect(page.getByTestId('consent-text')).toContainText('delete');
  const writes: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() !== 'GET' && sent.url().includes('/api/')) writes.push(sent.url());
  });
  await page.getByTestId('consent-decline').click();
  await expect(page.getByTestId('consent-declined')).toContainText(
    'You chose not to take part. Nothing was recorded.',
  );
  await expect(page.getByTestId('media-check')).toHaveCount(0);
  // Nothing was sent, and the camera and microphone were never opened.
  expect(writes).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { cameraAsks: number }).cameraAsks)).toBe(
    0,
  );
  expect(await recruiterApplicants(request, recruiter, job._id)).toEqual([]);
});
