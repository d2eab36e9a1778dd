import { expect, test } from '../../fixtures/test';
import { createInterviewJob, fillDetails, runMediaCheck } from './interview-helpers';

test('no face in the camera: NOT_RECOGNIZED blocks starting the interview', async ({
  page,
  request,
}) => {
  const { job } = await createInterviewJob(request);
  await fillDetails(page, job._id);
  await runMediaCheck(page);
  const camera = page.getByTestId('status-camera');
  await expect(camera).toHaveAttribute('data-status', 'error');
  await expect(camera).toContainText('Face recognition failed');
  await expect(camera).toContainText('Maximum capture time passed');
  await expect(page.getByRole('button', { name: 'Start interview' })).toBeDisabled();

  await page.getByRole('button', { name: 'What to do about the Camera' }).click();
  const detail = page.getByTestId('error-detail');
  await expect(detail.getByTestId('media-error-NOT_RECOGNIZED')).toHaveAttribute(
    'data-blocking',
    'true',
  );
  await expect(detail.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
});
