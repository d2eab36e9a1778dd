import { apiCall } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';
import { CANDIDATE, createInterviewJob, fillDetails, runMediaCheck } from './interview-helpers';

test('a candidate passes the media check with a real face and speech, and the applicant is created', async ({
  page,
  request,
}) => {
  const { recruiter, job } = await createInterviewJob(request);
  await page.goto(`/interview/${job._id}`);
  await expect(page.getByRole('heading', { name: 'Frontend developer' })).toBeVisible();
  await expect(page.getByTestId('company-name')).toHaveText('Acme');
  await expect(page.getByText('Tel Aviv')).toBeVisible();
  await expect(page.getByTestId('job-description')).toContainText('Build great things');

  await fillDetails(page, job._id);
  await runMediaCheck(page);
  await expect(page.getByTestId('status-camera')).toHaveAttribute('data-status', 'ok');
  await expect(page.getByTestId('status-camera')).toContainText('face recognised');
  await expect(page.getByTestId('status-microphone')).toHaveAttribute('data-status', 'ok');
  await expect(page.getByTestId('status-connection')).toHaveAttribute('data-status', 'ok');
  await expect(page.getByTestId('sample-clip')).toBeVisible();

  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/applicant') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Start interview' }).click();
  await expect(page.getByTestId('start-countdown')).toBeVisible();
  const response = await created;
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { applicant: { id: string }; candidateToken: string };
  expect(body.candidateToken).toBeTruthy();
  await expect(page).toHaveURL(new RegExp(`/interview/${job._id}/inprogress$`));
  expect(await page.evaluate(() => localStorage.getItem('candid.candidateToken'))).toBe(
    body.candidateToken,
  );
  // The recorder's bitrate follows the uplink the media check measured; the probe
  // runs after the connectivity probe and may answer after the hand-over.
  const readBitrates = () =>
    page.evaluate(
      () =>
        (
          JSON.parse(sessionStorage.getItem('candid.interview.session') ?? '{}') as {
            state?: {
              recordingBitrates?: { videoBitsPerSecond: number; audioBitsPerSecond: number } | null;
            };
          }
        ).state?.recordingBitrates ?? null,
    );
  await expect.poll(readBitrates, { timeout: 15_000 }).not.toBeNull();
  const bitrates = await readBitrates();
  expect(bitrates?.audioBitsPerSecond).toBe(64_000);
  expect(bitrates?.videoBitsPerSecond).toBeGreaterThanOrEqual(250_000);
  expect(bitrates?.videoBitsPerSecond).toBeLessThanOrEqual(2_500_000);

  // The recruiter sees the new applicant with the candidate's details.
  const stored = await apiCall<{ applicant: { info: { email: string; fName: string } } }>(
    request,
    recruiter,
    'GET',
    `job/${job._id}/${body.applicant.id}`,
  );
  expect(stored.applicant.info).toMatchObject({ email: CANDIDATE.email, fName: CANDIDATE.fName });
});

test('demo mode runs the same flow but creates no applicant', async ({ page, request }) => {
  const { job } = await createInterviewJob(request, { isOneTry: true });
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().includes('/api/applicant')) posts.push(req.url());
  });
  await fillDetails(page, job._id, '?demo=1');
  await expect(page.getByTestId('demo-banner')).toBeVisible();
  await runMediaCheck(page);
  await page.getByRole('button', { name: 'Start interview' }).click();
  await expect(page).toHaveURL(new RegExp(`/interview/${job._id}/inprogress\\?demo=1$`));
  expect(posts).toEqual([]);
});

test('the details form shows every required error and the CV rules', async ({ page, request }) => {
  const { job } = await createInterviewJob(request, { isCvRequired: true });
  await page.goto(`/interview/${job._id}`);
  await page.getByRole('button', { name: 'Start interview' }).click();
  const upload = page.getByRole('button', { name: 'Upload CV' });
  await expect(upload).toBeDisabled();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(6);

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await page.getByLabel('Phone').fill('12345');
  await page.getByLabel('Phone').blur();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();

  await page.getByLabel('First name').fill('Noa');
  await page.getByLabel('Last name').fill('Cohen');
  await expect(upload).toBeEnabled();
  const input = page.locator('input[type=file][name=cv]');
  await input.setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('png'),
  });
  await expect(
    page.getByText('Please upload an acceptable document format (DOC, DOCX, PDF)'),
  ).toBeVisible();
  await input.setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(5_000_001, 1),
  });
  await expect(page.getByText('File size is too large')).toBeVisible();
  await input.setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 small'),
  });
  await expect(page.getByTestId('cv-name')).toHaveText('cv.pdf');
  await expect(page.getByText('File size is too large')).toHaveCount(0);
});

test('an archived or missing job is not available', async ({ page, request }) => {
  const { recruiter, job } = await createInterviewJob(request);
  const full = await apiCall<Record<string, unknown>>(request, recruiter, 'GET', `job/${job._id}`);
  await apiCall(request, recruiter, 'PUT', 'job', {
    jobs: [{ ...full, archivedAt: new Date().toISOString() }],
  });
  expect((await request.get(`/api/job/${job._id}/public`)).status()).toBe(404);
  await page.goto(`/interview/${job._id}`);
  await expect(
    page.getByText('This interview is not available, please contact the recruiter'),
  ).toBeVisible();
  await page.goto('/interview/doesnotexist');
  await expect(
    page.getByText('This interview is not available, please contact the recruiter'),
  ).toBeVisible();
});

test('the embed preview forces the language from lng', async ({ page, request }) => {
  const { job } = await createInterviewJob(request);
  await page.goto(`/embed/${job._id}?lng=he`);
  await expect(page.getByRole('link', { name: 'להגשת מועמדות' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'Frontend developer' })).toBeVisible();
});

test.describe('opened from a link inside Instagram on Android', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.0.0 Mobile Safari/537.36 Instagram 307.0.0.34.111 Android',
    viewport: { width: 360, height: 780 },
  });

  test('the invitation warns first and offers Chrome and the link, and the candidate may still start', async ({
    page,
    request,
  }) => {
    const { job } = await createInterviewJob(request);
    await page.goto(`/interview/${job._id}`);
    const notice = page.getByTestId('in-app-notice');
    await expect(notice).toContainText("Instagram's built-in browser may not record");
    await expect(notice.getByRole('link', { name: 'Open in Chrome' })).toHaveAttribute(
      'href',
      new RegExp(
        `^intent://127\\.0\\.0\\.1:\\d+/interview/${job._id}#Intent;scheme=http;package=com\\.android\\.chrome;`,
      ),
    );
    await expect(page.getByTestId('continue-on-phone')).toHaveCount(0);
    await page.getByRole('button', { name: 'Start interview' }).click();
    await expect(page.getByRole('textbox', { name: 'First name' })).toBeVisible();
  });
});
