import type { Page } from '@playwright/test';
import { apiCall, createRecruiter } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';
import { fillDetails, RULE_OFF, runMediaCheck, type SavedJob } from './interview-helpers';
import { expectPlayable, readStoredObject } from './interview-resilience-helpers';

const QUESTS = [
  {
    id: 'q1',
    txt: 'Introduce yourself',
    desc: '',
    vidUrl: null,
    timeLimit: 2,
    ansRule: { ...RULE_OFF, isVidAns: true },
  },
  {
    id: 'q2',
    txt: 'Why this job?',
    desc: '',
    vidUrl: null,
    timeLimit: 2,
    ansRule: { ...RULE_OFF, isTxtAns: true },
  },
  {
    id: 'q3',
    txt: 'Which is a UI library?',
    desc: '',
    vidUrl: null,
    timeLimit: 2,
    ansRule: { ...RULE_OFF, isMultiChoiceAns: true },
    opts: [
      { txt: 'Postgres', isCorrect: false },
      { txt: 'React', isCorrect: true },
    ],
  },
];

interface StoredApplicant {
  timestamp: { submitted: string | null };
  answerMap: Record<
    string,
    { resTime: number; txt?: string; faceKey?: string | null; optIdx?: number[] }
  >;
}

/** Records for about `ms` (the length of the take, not a wait for the UI). */
async function recordFor(page: Page, ms: number): Promise<void> {
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-badge')).toBeVisible();
  await page.waitForTimeout(ms);
  await page.getByRole('button', { name: 'Stop recording' }).click();
}

test('a candidate completes an interview with a retake; every answer is stored and the video plays and seeks', async ({
  page,
  request,
}) => {
  const recruiter = await createRecruiter(request);
  const job = await apiCall<SavedJob>(request, recruiter, 'POST', 'job', {
    job: {
      info: { title: 'Full interview', location: 'Haifa', desc: '<p>Hi</p>', coverUrl: '' },
      company: { name: 'Acme', logoUrl: '' },
      rule: { isCvRequired: false, isOneTry: false },
      quests: QUESTS,
    },
  });

  await fillDetails(page, job._id);
  await runMediaCheck(page);
  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/applicant') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Start interview' }).click();
  const { applicant, candidateToken } = (await (await created).json()) as {
    applicant: { id: string };
    candidateToken: string;
  };
  await expect(page).toHaveURL(new RegExp(`/interview/${job._id}/inprogress$`));

  // Question 1, video: a take, a retake, then save and proceed.
  await expect(page.getByRole('heading', { name: 'Introduce yourself' })).toBeVisible();
  await recordFor(page, 1500);
  await page.getByRole('button', { name: 'Retake' }).click();
  await recordFor(page, 3000);
  await page.getByRole('button', { name: 'Save and proceed' }).click();

  // Question 2, text: proceed is disabled during the first 6 s.
  await expect(page.getByRole('heading', { name: 'Why this job?' })).toBeVisible();
  const proceed = page.getByRole('button', { name: 'Save and proceed' });
  await expect(proceed).toBeDisabled();
  await page.getByLabel('Your answer').fill('I love building products.');
  await expect(proceed).toBeEnabled({ timeout: 10_000 });
  await proceed.click();

  // Question 3, multiple choice, the last: "Finish interview".
  await expect(page.getByRole('heading', { name: 'Which is a UI library?' })).toBeVisible();
  await page.getByLabel('React').check();
  const finish = page.getByRole('button', { name: 'Finish interview' });
  await expect(finish).toBeEnabled({ timeout: 10_000 });
  await finish.click();

  await expect(page).toHaveURL(new RegExp(`/interview/${job._id}/end$`));
  await expect(page.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });

  // Going back to the interview from the end is sent back to the end.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/interview/${job._id}/end$`));

  const stored = await request.get(`/api/applicant/${applicant.id}`, {
    headers: { Authorization: `Bearer ${candidateToken}` },
  });
  expect(stored.ok()).toBe(true);
  const { applicant: saved } = (await stored.json()) as { applicant: StoredApplicant };
  expect(saved.timestamp.submitted).toBeTruthy();
  expect(Object.keys(saved.answerMap).sort()).toEqual(['q1', 'q2', 'q3']);
  expect(saved.answerMap.q2?.txt).toBe('I love building products.');
  expect(saved.answerMap.q3?.optIdx).toEqual([1]);
  const faceKey = saved.answerMap.q1?.faceKey;
  expect(faceKey).toBe(`${job._id}/${applicant.id}_${job._id}_q1_face.webm`);

  // The stored recording (local storage driver under the e2e DATA_DIR) plays and seeks.
  const bytes = await readStoredObject(faceKey ?? '');
  expect(bytes.length).toBeGreaterThan(10_000);
  await expectPlayable(page, bytes, 1.5);
});
