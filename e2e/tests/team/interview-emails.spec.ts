import type { APIRequestContext } from '@playwright/test';
import { logInWithTokens } from '../../fixtures/api';
import { snapshotOutbox, waitForEmail, readOutbox } from '../../fixtures/outbox';
import { expect, test } from '../../fixtures/test';
import { CANDIDATE, createInterviewJob } from '../interview/interview-helpers';

const textQuestion = {
  id: 'q-text',
  txt: 'Tell us about a project you are proud of',
  desc: '',
  vidUrl: null,
  timeLimit: 2,
  ansRule: {
    isVidAns: false,
    isScreenAns: false,
    isTxtAns: true,
    isImgAns: false,
    isCodeAns: false,
    isMultiChoiceAns: false,
  },
};

/** A candidate applies and submits a text answer through the candidate API. */
async function submitInterview(request: APIRequestContext, jobId: string, fName: string) {
  const created = await request.post('/api/applicant', {
    data: {
      applicant: { info: { ...CANDIDATE, fName } },
      jobId,
      consent: { version: 0, language: 'en' },
    },
  });
  expect(created.status()).toBe(201);
  const { applicant, candidateToken } = (await created.json()) as {
    applicant: { id: string };
    candidateToken: string;
  };
  const submitted = await request.put('/api/applicant', {
    headers: { authorization: `Bearer ${candidateToken}` },
    data: {
      applicant: {
        id: applicant.id,
        answerMap: { [textQuestion.id]: { txt: 'A video interview app', resTime: 30 } },
        timestamp: { submitted: new Date().toISOString() },
      },
      jobId,
    },
  });
  expect(submitted.status()).toBe(200);
  return applicant.id;
}

test('a recruiter hears about each submitted interview by e-mail, opens it from the link, and can turn it off', async ({
  page,
  request,
}) => {
  const { recruiter, job } = await createInterviewJob(request, {
    title: 'Support engineer',
    quests: [textQuestion],
  });
  const seen = await snapshotOutbox();
  const first = await submitInterview(request, job._id, 'Avi');
  const mail = await waitForEmail(recruiter.email, {
    seen,
    subject: /^New interview: Avi Cohen for Support engineer$/,
  });
  const link = /https?:\/\/\S+\/backoffice\/details\/\S+/.exec(mail.text)?.[0] ?? '';
  expect(link).toContain(`/backoffice/details/${job._id}/${first}`);

  // The link opens the interview in the back office.
  await logInWithTokens(page, recruiter);
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: /Avi Cohen/ })).toBeVisible();

  // Turned off on the profile: the next interview sends nothing.
  await page.goto('/user');
  await expect(page.getByRole('radio', { name: 'For the jobs I own' })).toBeChecked();
  await page.getByRole('radio', { name: 'Never' }).check();
  await page.getByRole('button', { name: 'Save e-mail preferences' }).click();
  await expect(page.getByText('E-mail preferences saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Never' })).toBeChecked();

  const before = await snapshotOutbox();
  const second = await submitInterview(request, job._id, 'Bella');
  // The candidate's own confirmation is sent; the recruiter's notice is not.
  await waitForEmail(CANDIDATE.email, { seen: before, subject: /We received your interview/ });
  const toRecruiter = (await readOutbox()).filter(
    (email) => !before.has(email.file) && email.to.includes(recruiter.email),
  );
  expect(toRecruiter).toEqual([]);
  expect(second).not.toBe(first);
});
