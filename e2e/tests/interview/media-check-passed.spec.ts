import { apiCall } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';
import { createInterviewJob, fillDetails, runMediaCheck } from './interview-helpers';

interface Details {
  applicant: {
    mediaCheck?: { outcome: string; reason: string | null; faceTries: number } | null;
    timeline: { type: string; activity?: string }[];
  };
}

test('a passed device check is logged with the applicant: a record and a timeline entry', async ({
  page,
  request,
}) => {
  const { recruiter, job } = await createInterviewJob(request);
  await fillDetails(page, job._id);
  await runMediaCheck(page);
  await expect(page.getByTestId('status-camera')).toHaveAttribute('data-status', 'ok');
  // The normal path offers no way around the face check: it passed.
  await expect(page.getByTestId('face-skip')).toHaveCount(0);
  await expect(page.getByTestId('face-guide')).toHaveCount(0);

  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/applicant') && response.request().method() === 'POST',
  );
  const reported = page.waitForResponse(
    (response) => response.url().endsWith('/media-check') && response.request().method() === 'POST',
  );
  await page.getByTestId('start-interview').click();
  const { applicant } = (await (await created).json()) as { applicant: { id: string } };
  expect((await reported).request().postDataJSON()).toEqual({ outcome: 'passed' });
  await expect(page).toHaveURL(new RegExp(`/interview/${job._id}/inprogress$`));

  const details = await apiCall<Details>(
    request,
    recruiter,
    'GET',
    `job/${job._id}/${applicant.id}`,
  );
  expect(details.applicant.mediaCheck).toMatchObject({
    outcome: 'passed',
    reason: null,
    faceTries: 0,
  });
  expect(details.applicant.timeline.map((event) => event.activity)).toContain('mediaCheckPassed');
});
