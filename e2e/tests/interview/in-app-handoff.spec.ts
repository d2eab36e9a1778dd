import { expect, test } from '../../fixtures/test';
import { createInterviewJob } from './interview-helpers';

/** Instagram's built-in browser on an iPhone, as the app sends it: no Safari token. */
const INSTAGRAM_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 307.0.0.18.111 (iPhone14,2; iOS 17_0; he_IL; he; scale=3.00; 1170x2532; 534289522)';

test.use({ userAgent: INSTAGRAM_IOS, viewport: { width: 390, height: 844 } });

test('inside Instagram on an iPhone the invitation hands off to Safari instead of "not supported"', async ({
  page,
  request,
}) => {
  const { job } = await createInterviewJob(request, { title: 'Courier' });
  await page.goto(`/interview/${job._id}?lng=en`);
  await expect(page.getByRole('heading', { name: 'Courier' })).toBeVisible();
  await expect(page.getByText('Your browser is not supported')).toHaveCount(0);

  const notice = page.getByTestId('in-app-notice');
  await expect(notice).toContainText('Open this page in Safari');
  await expect(notice).toContainText("Instagram's built-in browser");
  await expect(notice.getByTestId('safari-steps')).toContainText('Open in Safari');
  // No Android intent on iOS.
  await expect(notice.getByRole('link', { name: 'Open in Chrome' })).toHaveCount(0);
  await expect(notice.getByRole('button', { name: 'Copy link' })).toBeVisible();

  await notice.getByRole('button', { name: 'Continue on another device' }).click();
  const qr = page.getByTestId('phone-qr');
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('data-value', new RegExp(`/interview/${job._id}\\?lng=en$`));
});

test('the back office keeps the browser gate for the same browser', async ({ page }) => {
  await page.goto('/backoffice/job');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your browser is not supported');
});
