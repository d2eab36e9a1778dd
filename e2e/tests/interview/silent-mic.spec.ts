import { expect, test } from '../../fixtures/test';
import { createInterviewJob, fillDetails, runMediaCheck } from './interview-helpers';

test('a silent microphone: MIC_LOW_VOLUME blocks starting the interview', async ({
  page,
  request,
}) => {
  const { job } = await createInterviewJob(request);
  await fillDetails(page, job._id);
  await runMediaCheck(page);
  const microphone = page.getByTestId('status-microphone');
  await expect(microphone).toHaveAttribute('data-status', 'error');
  await expect(microphone).toContainText('try speaking louder');
  await expect(page.getByTestId('status-camera')).toHaveAttribute('data-status', 'ok');
  await expect(page.getByRole('button', { name: 'Start interview' })).toBeDisabled();

  await page.getByRole('button', { name: 'What to do about the Microphone' }).click();
  await expect(page.getByTestId('media-error-MIC_LOW_VOLUME')).toBeVisible();
});
