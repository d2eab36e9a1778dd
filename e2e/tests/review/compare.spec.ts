import type { APIRequestContext } from '@playwright/test';
import { logInWithTokens } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';
import { CANDIDATE, createInterviewJob } from '../interview/interview-helpers';

const textQuestion = {
  id: 'q-why',
  txt: 'Why do you want this job?',
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

async function submitText(request: APIRequestContext, jobId: string, fName: string, txt: string) {
  const created = await request.post('/api/applicant', {
    data: {
      applicant: { info: { ...CANDIDATE, fName, email: `${fName}@example.com` } },
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
        answerMap: { [textQuestion.id]: { txt, resTime: 40 } },
        timestamp: { submitted: new Date().toISOString() },
      },
      jobId,
    },
  });
  expect(submitted.status()).toBe(200);
}

for (const [language, names] of [
  ['en', { compare: 'Compare', title: 'Compare applicants' }],
  ['he', { compare: 'השוואה', title: 'השוואת מועמדים' }],
] as const) {
  test(`${language}: two applicants of one job side by side on one question`, async ({
    page,
    request,
  }, testInfo) => {
    const { recruiter, job } = await createInterviewJob(request, {
      title: 'Product designer',
      quests: [textQuestion],
    });
    await submitText(request, job._id, 'Maya', 'I love design systems.');
    await submitText(request, job._id, 'Omer', 'I want to work on hiring.');
    await logInWithTokens(page, recruiter, language);
    await page.goto(`/backoffice/applicant/${job._id}`);
    for (const name of ['Maya Cohen', 'Omer Cohen']) {
      await page
        .getByRole('checkbox', { name: new RegExp(name) })
        .first()
        .check();
    }
    await page.getByRole('button', { name: names.compare }).click();
    await expect(page).toHaveURL(new RegExp(`/backoffice/compare/${job._id}\\?ids=`));
    await expect(page.getByRole('heading', { level: 1, name: names.title })).toBeVisible();
    const cards = page.getByTestId('compare-applicant');
    await expect(cards).toHaveCount(2);
    await expect(page.getByText('I love design systems.')).toBeVisible();
    await expect(page.getByText('I want to work on hiring.')).toBeVisible();
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/compare-${language}.png` });
    }
    expect(testInfo.status).not.toBe('failed');
  });
}
