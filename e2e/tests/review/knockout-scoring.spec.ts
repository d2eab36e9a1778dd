import type { APIRequestContext, Page } from '@playwright/test';
import { apiCall, logInWithTokens } from '../../fixtures/api';
import { expect, test } from '../../fixtures/test';
import { pickFilterChip } from '../../fixtures/filter-menu';
import {
  CANDIDATE,
  createInterviewJob,
  fillDetails,
  RULE_OFF,
  runMediaCheck,
} from '../interview/interview-helpers';

const choice = (id: string, txt: string) => ({
  id,
  txt,
  desc: '',
  vidUrl: null,
  timeLimit: 2,
  ansRule: { ...RULE_OFF, isMultiChoiceAns: true },
  opts: [
    { txt: 'Yes', isCorrect: true },
    { txt: 'No', isCorrect: false },
  ],
});

const QUESTS = [
  choice('q-licence', 'Do you hold a driving licence?'),
  choice('q-nights', 'Night shifts?'),
];

/** A candidate who answers both questions right, through the API. */
async function submitAllRight(request: APIRequestContext, jobId: string) {
  const created = await request.post('/api/applicant', {
    data: {
      applicant: { info: { ...CANDIDATE, fName: 'Dana', email: 'dana@example.com' } },
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
        answerMap: Object.fromEntries(QUESTS.map((q) => [q.id, { resTime: 5, optIdx: [0] }])),
        timestamp: { submitted: new Date().toISOString() },
      },
      jobId,
    },
  });
  expect(submitted.status()).toBe(200);
  expect(await submitted.text()).not.toMatch(/score|knock/iu);
}

/** Answers the current choice question with `option` and goes on. */
async function answer(page: Page, question: string, option: string, button: string) {
  await expect(page.getByRole('heading', { name: question })).toBeVisible();
  await page.getByLabel(option, { exact: true }).check();
  const next = page.getByRole('button', { name: button });
  await expect(next).toBeEnabled({ timeout: 10_000 });
  await next.click();
}

test('a recruiter makes a question knockout; a wrong answer knocks the candidate out, and the overview shows and sorts by score', async ({
  page,
  request,
  browser,
}) => {
  const { recruiter, job } = await createInterviewJob(request, {
    title: 'Delivery driver',
    quests: QUESTS,
  });

  // The job editor: question 1 a knockout that sets "Not a fit", question 2 scored.
  await logInWithTokens(page, recruiter);
  await page.goto(`/create/${job._id}`);
  const cards = page.getByTestId('question-card');
  const first = cards.nth(0).getByTestId('question-scoring');
  await expect(first.getByRole('radio', { name: 'Not scored' })).toBeChecked();
  await expect(first).toContainText('Candidates never see any of this.');
  await first.locator('label', { hasText: 'Knockout' }).click();
  await first
    .getByRole('combobox', { name: 'Status a wrong answer to question 1 sets' })
    .selectOption({ label: 'Not a fit' });
  await cards
    .nth(1)
    .getByTestId('question-scoring')
    .locator('label', { hasText: /^Scored$/ })
    .click();
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  await expect
    .poll(async () => {
      const saved = await apiCall<{ quests: { scoring?: string; knockoutStatus?: number }[] }>(
        request,
        recruiter,
        'GET',
        `job/${job._id}`,
      );
      return saved.quests.map((q) => `${q.scoring}:${q.knockoutStatus ?? '-'}`).join('|');
    })
    .toBe('knockout:1|scored:-');

  // A candidate answers the knockout question wrong, in the interview itself; nothing tells them.
  const candidate = await browser.newPage();
  await fillDetails(candidate, job._id);
  await runMediaCheck(candidate);
  await candidate.getByRole('button', { name: 'Start interview' }).click();
  await answer(candidate, 'Do you hold a driving licence?', 'No', 'Save and proceed');
  await answer(candidate, 'Night shifts?', 'Yes', 'Finish interview');
  await expect(candidate.getByTestId('thank-you')).toBeVisible({ timeout: 60_000 });
  await expect(candidate.locator('body')).not.toContainText(/knock|score/iu);
  await candidate.close();
  // Another answers both right.
  await submitAllRight(request, job._id);

  // The overview: a score column, the knocked-out badge, "Not a fit" set automatically.
  await page.goto(`/backoffice/applicant/${job._id}`);
  const rows = page.getByTestId('applicant-row');
  await expect(rows).toHaveCount(2);
  const noa = rows.filter({ hasText: 'Noa Cohen' });
  await expect(noa.getByTestId('applicant-score')).toHaveText('50%Knocked out');
  await expect(noa).toContainText('Not a fit');
  await expect(rows.filter({ hasText: 'Dana Cohen' }).getByTestId('applicant-score')).toHaveText(
    '100%',
  );

  // Sort by score: best first, then the other way.
  await page.getByRole('button', { name: 'Sort by Score' }).click();
  await expect(page).toHaveURL(/sort=score%3Adesc/);
  await expect(rows.first().getByTestId('applicant-score')).toHaveText('100%');
  await page.getByRole('button', { name: 'Sort by Score' }).click();
  await expect(page).toHaveURL(/sort=score%3Aasc/);
  await expect(rows.first().getByTestId('applicant-score')).toHaveText('50%Knocked out');

  // Hide the knocked-out applicants.
  await page.getByRole('button', { name: 'Filters' }).click();
  await pickFilterChip(page, 'Hide knocked out');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Dana Cohen');
  await page.keyboard.press('Escape');

  // The knocked-out applicant's page: the score card and the wrong knockout answer marked.
  await page.goto(`/backoffice/applicant/${job._id}`);
  await rows.filter({ hasText: 'Noa Cohen' }).getByText('Noa Cohen').click();
  const card = page.getByTestId('score-card');
  await expect(card).toContainText('50%');
  await expect(card.getByText('Knocked out')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Knockout question: Wrong' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Scored question: Right' })).toBeVisible();
});
