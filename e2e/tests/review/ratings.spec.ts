import type { APIRequestContext, Page } from '@playwright/test';
import { apiCall, createRecruiter, logInWithTokens, type Recruiter } from '../../fixtures/api';
import { extractLink, snapshotOutbox, waitForEmail } from '../../fixtures/outbox';
import { addSubmittedApplicant, TEXT_QUESTION } from '../../fixtures/applicants';
import { expect, test } from '../../fixtures/test';
import { pickFilterChip } from '../../fixtures/filter-menu';

/** A submitted applicant named `fName` Candidate, with a text answer. */
function addApplicant(request: APIRequestContext, jobId: string, fName: string) {
  return addSubmittedApplicant(request, jobId, { fName, lName: 'Candidate' });
}

/** A member of the owner's organisation with a password (the invitation link, through the API). */
async function addMember(request: APIRequestContext, owner: Recruiter): Promise<Recruiter> {
  const email = `member-${Date.now()}-${process.pid}@example.com`;
  const seen = await snapshotOutbox();
  await apiCall(request, owner, 'POST', 'team/member', { fName: 'Mia', lName: 'Member', email });
  const invitation = await waitForEmail(email, { seen });
  const token = new URL(extractLink(invitation, '/set-password')).searchParams.get('token');
  const session = await request.put('/api/auth/set-password', {
    data: { token, password: 'Member123' },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const tokens = (await session.json()) as { accessToken: string; refreshToken: string };
  return { email, password: 'Member123', ...tokens };
}

/**
 * Sets a star of one rating group on the details page, with the mouse, and waits for the server
 * to store it: the star shows at once, before the save, and a navigation right after would
 * cancel the request still in flight (on a loaded machine it often is).
 */
async function rate(page: Page, group: string, score: number) {
  const stars = page.getByRole('group', { name: `My rating: ${group}` });
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && /\/rating$/.test(new URL(response.url()).pathname),
  );
  await stars.locator('label').nth(score).click();
  await expect(stars).toHaveAttribute('data-value', String(score));
  expect((await saved).ok()).toBe(true);
}

/**
 * The owner gives a job a scorecard of two criteria; the owner and a member of the
 * same organisation each rate two applicants (the member also an answer, from the keyboard);
 * the details page shows the team's average, who rated and the timeline; the overview shows
 * the average and the number of reviewers and sorts by it.
 */
test('two reviewers of one organisation rate applicants; the overview sorts by rating', async ({
  page,
  browser,
  request,
}) => {
  const owner = await createRecruiter(request, { fName: 'Olga', lName: 'Owner' });
  const member = await addMember(request, owner);
  const job = await apiCall<{ _id: string; scorecard: { id: string }[] }>(
    request,
    owner,
    'POST',
    'job',
    {
      job: {
        info: { title: 'Support lead', location: 'Haifa', desc: '', coverUrl: '' },
        company: { name: 'Olga Co', logoUrl: '' },
        rule: { isCvRequired: false, isOneTry: false },
        quests: [TEXT_QUESTION],
      },
    },
  );
  expect(job.scorecard.map((criterion) => criterion.id)).toEqual(['overall']);
  const ada = await addApplicant(request, job._id, 'Ada');
  const ben = await addApplicant(request, job._id, 'Ben');
  await addApplicant(request, job._id, 'Cy');

  // The owner adds a criterion in the job editor; it is saved with the job.
  await logInWithTokens(page, owner);
  await page.goto(`/create/${job._id}`);
  await page.getByRole('button', { name: 'Scorecard' }).click();
  const scorecard = page.getByTestId('scorecard-field');
  await scorecard.getByRole('button', { name: 'Add criterion' }).click();
  await scorecard.getByRole('textbox', { name: 'Criterion 2' }).fill('Communication');
  await expect
    .poll(async () => {
      const saved = await apiCall<{ scorecard: { label: string }[] }>(
        request,
        owner,
        'GET',
        `job/${job._id}`,
      );
      return saved.scorecard.map((criterion) => criterion.label);
    })
    .toEqual(['Overall', 'Communication']);

  // The owner rates Ada 5 on both and Ben 2 overall.
  await page.goto(`/backoffice/details/${job._id}/${ada}`);
  await expect(page.getByTestId('scorecard')).toBeVisible();
  await rate(page, 'Overall', 5);
  await rate(page, 'Communication', 5);
  await page.goto(`/backoffice/details/${job._id}/${ben}`);
  await rate(page, 'Overall', 2);

  // The member rates Ada 4 and Ben 3, then Ben's answer from the keyboard.
  const memberContext = await browser.newContext({ locale: 'en-US' });
  const memberPage = await memberContext.newPage();
  await logInWithTokens(memberPage, member);
  await memberPage.goto(`/backoffice/details/${job._id}/${ada}`);
  const adaCard = memberPage.getByTestId('scorecard');
  // A new browser's first page: on a loaded machine it has stayed on "Loading…" past 10 s.
  await expect(
    adaCard.getByRole('img', { name: 'Average rating 5 from one reviewer' }).first(),
  ).toBeVisible({ timeout: 30_000 });
  await expect(adaCard.getByText('Olga Owner').first()).toBeVisible();
  await rate(memberPage, 'Overall', 4);
  await expect(
    adaCard.getByRole('img', { name: 'Average rating 4.5 from 2 reviewers' }).first(),
  ).toBeVisible();
  await memberPage.goto(`/backoffice/details/${job._id}/${ben}`);
  await rate(memberPage, 'Overall', 3);
  await memberPage
    .getByRole('group', { name: 'My rating: Answer 1' })
    .getByRole('radio', { name: '4 of 5 stars' })
    .focus();
  await memberPage.keyboard.press('Enter');
  await expect(memberPage.getByRole('group', { name: 'My rating: Answer 1' })).toHaveAttribute(
    'data-value',
    '4',
  );
  await memberPage.getByRole('tab', { name: 'Timeline' }).click();
  // Names and labels are bidirectional isolates (FSI…PDI) in the sentence.
  const isolated = (text: string) => `\u2068${text}\u2069`;
  await expect(
    memberPage.getByText(`${isolated('Mia Member')} rated ${isolated('Overall')}: 3 of 5`),
  ).toBeVisible();
  await expect(
    memberPage.getByText(`${isolated('Olga Owner')} rated ${isolated('Overall')}: 2 of 5`),
  ).toBeVisible();
  await memberContext.close();

  // The overview: averages with reviewer counts; sorted by rating, best first, unrated last.
  await page.goto(`/backoffice/applicant/${job._id}`);
  const rows = page.getByTestId('applicant-row');
  await expect(rows).toHaveCount(3);
  await page.getByRole('button', { name: 'Sort by Rating' }).click();
  await expect(page).toHaveURL(/sort=rating%3Adesc/);
  await expect(rows.nth(0)).toContainText('Ada');
  await expect(rows.nth(1)).toContainText('Ben');
  await expect(rows.nth(2)).toContainText('Cy');
  await expect(
    rows.nth(0).getByRole('img', { name: 'Average rating 4.5 from 2 reviewers' }),
  ).toBeVisible();
  await expect(
    rows.nth(1).getByRole('img', { name: 'Average rating 2.5 from 2 reviewers' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Sort by Rating' }).click();
  await expect(page).toHaveURL(/sort=rating%3Aasc/);
  await expect(rows.nth(0)).toContainText('Ben');
  await expect(rows.nth(2)).toContainText('Cy');
  // "Not rated yet" leaves Cy.
  await page.getByRole('button', { name: 'Filters' }).click();
  await pickFilterChip(page, 'Not rated yet');
  await expect(page).toHaveURL(/rating=none/);
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText('Cy');
});
