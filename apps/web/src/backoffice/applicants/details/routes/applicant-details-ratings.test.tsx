import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeRoute, type FetchCall } from '../../../common/test/render-screen';
import {
  DETAILS_PATH,
  findHeading,
  makeApplicant,
  renderDetails,
  resetDetailsScreen,
} from './applicant-details-suite';

vi.mock('../../player/interview-player', async () => ({
  InterviewPlayer: (await import('./applicant-details-fakes')).FakeInterviewPlayer,
}));
vi.mock('../../../../common/realtime', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useApplicantEvents: (await import('./applicant-details-fakes')).useFakeApplicantEvents,
}));

beforeEach(resetDetailsScreen);

describe('ApplicantDetailsPage: scorecard and ratings', () => {
  const RATE_PATH = 'PUT job/j1/a1/rating';

  /** The star a user clicks: the radio's label. */
  const starOf = (radio: HTMLElement) => (radio as HTMLInputElement).labels![0]!;

  /**
   * A fake rating call that keeps Dana's (u1) ratings beside Mia's, with the summary, and the
   * details call that answers them (the server's truth after a refetch).
   */
  function ratingRoutes(options: { fail?: boolean } = {}): Record<string, FakeRoute> {
    const applicant = makeApplicant();
    let ratings = applicant.ratings;
    return {
      [DETAILS_PATH]: () => ({ body: { applicant: { ...applicant, ratings } } }),
      [RATE_PATH]: (call: FetchCall) => {
        if (options.fail) return apiError(500, 'INTERNAL_ERR');
        const body = call.body as {
          targetType: 'criterion' | 'question';
          targetId: string;
          score: number | null;
        };
        const list = ratings.ratings.filter(
          (r) =>
            !(
              r.reviewer?._id === 'u1' &&
              r.targetType === body.targetType &&
              r.targetId === body.targetId
            ),
        );
        if (body.score !== null) {
          list.push({
            reviewer: { _id: 'u1', fName: 'Dana', lName: 'Levi' },
            targetType: body.targetType,
            targetId: body.targetId,
            score: body.score,
            updatedAt: '2024-05-03T12:00:00.000Z',
          });
        }
        const scored = list.filter((r) => r.targetType === 'criterion');
        const avg = scored.length
          ? scored.reduce((sum, r) => sum + r.score, 0) / scored.length
          : null;
        ratings = { summary: { avg, count: scored.length }, ratings: list };
        return { body: { ratings } };
      },
    };
  }

  it('shows the team average, each criterion with who rated, and the answer rating', async () => {
    renderDetails();
    await findHeading();
    const scorecard = await screen.findByTestId('scorecard');
    expect(within(scorecard).getByRole('heading', { name: 'Scorecard' })).toBeVisible();
    expect(
      within(scorecard).getAllByRole('img', { name: 'Average rating 4 from one reviewer' })[0],
    ).toBeVisible();
    expect(within(scorecard).getByText('Rated by one reviewer')).toBeVisible();
    const criteria = within(scorecard).getAllByTestId('rated-target');
    expect(criteria.map((item) => item.dataset.target)).toEqual(['overall', 'skills']);
    expect(within(criteria[0]!).getByText('Mia Levi')).toBeVisible();
    expect(within(criteria[1]!).getByText('No ratings yet')).toBeVisible();
    // My stars are radio buttons named by their score; nothing chosen yet.
    const mine = within(criteria[0]!).getByRole('group', { name: 'My rating: Overall' });
    // Five stars and Mantine's "none" radio before them.
    expect(within(mine).getAllByRole('radio')).toHaveLength(6);
    expect(within(mine).getByRole('radio', { name: 'No rating' })).toBeChecked();
    expect(within(mine).getByRole('radio', { name: '3 of 5 stars' })).not.toBeChecked();
    expect(screen.getByTestId('answer-rating')).toHaveTextContent('Answer 1');
  });

  it('saves my rating from the stars and clears it, refreshing the details', async () => {
    const user = userEvent.setup();
    const view = renderDetails({ routes: ratingRoutes() });
    await findHeading();
    const scorecard = await screen.findByTestId('scorecard');
    const overall = within(scorecard).getByRole('group', { name: 'My rating: Overall' });
    // From the keyboard: the star in focus is set with Enter.
    within(overall).getByRole('radio', { name: '2 of 5 stars' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(view.fetchMock.callsTo(RATE_PATH).map((call) => call.body)).toEqual([
        { targetType: 'criterion', targetId: 'overall', score: 2 },
      ]),
    );
    // The answer of the call shows at once: my score among the team's, and the new average.
    expect(await within(scorecard).findByText('You')).toBeVisible();
    expect(
      within(scorecard).getAllByRole('img', { name: 'Average rating 3 from 2 reviewers' })[0],
    ).toBeVisible();
    expect(overall).toHaveAttribute('data-value', '2');
    // The details are read again for the timeline.
    await waitFor(() => expect(view.fetchMock.callsTo(DETAILS_PATH).length).toBeGreaterThan(1));
    await user.click(within(scorecard).getByRole('button', { name: 'Clear my rating: Overall' }));
    await waitFor(() =>
      expect(view.fetchMock.callsTo(RATE_PATH).at(-1)?.body).toEqual({
        targetType: 'criterion',
        targetId: 'overall',
        score: null,
      }),
    );
    await waitFor(() => expect(within(scorecard).queryByText('You')).toBeNull());
    // An answer is rated on its own target.
    const answer = screen.getByTestId('answer-rating');
    // With the mouse: a click on the star (the radio's label).
    await user.click(starOf(within(answer).getByRole('radio', { name: '5 of 5 stars' })));
    await waitFor(() =>
      expect(view.fetchMock.callsTo(RATE_PATH).at(-1)?.body).toEqual({
        targetType: 'question',
        targetId: 'q1',
        score: 5,
      }),
    );
  });

  it('puts the stars back and alerts when the save fails', async () => {
    const user = userEvent.setup();
    renderDetails({ routes: ratingRoutes({ fail: true }) });
    await findHeading();
    const scorecard = await screen.findByTestId('scorecard');
    const skills = within(scorecard).getByRole('group', { name: 'My rating: Technical skills' });
    await user.click(starOf(within(skills).getByRole('radio', { name: '4 of 5 stars' })));
    expect(await screen.findByText('Could not save the rating')).toBeVisible();
    await waitFor(() => expect(skills).toHaveAttribute('data-value', ''));
  });

  it('lists ratings on the timeline with the reviewer, target and score', async () => {
    const user = userEvent.setup();
    renderDetails({
      applicant: makeApplicant({
        timeline: [
          { type: 'activity', activity: 'created', createdAt: '2024-05-01T09:00:00.000Z' },
          {
            type: 'rating',
            targetType: 'criterion',
            targetId: 'overall',
            label: 'Overall',
            score: 4,
            reviewer: 'Mia Levi',
            createdAt: '2024-05-02T11:00:00.000Z',
          },
          {
            type: 'rating',
            targetType: 'question',
            targetId: 'q1',
            label: 'Introduce yourself',
            score: null,
            reviewer: null,
            createdAt: '2024-05-02T12:00:00.000Z',
          },
        ],
      }),
    });
    await findHeading();
    await user.click(screen.getByRole('tab', { name: 'Timeline' }));
    const timeline = await screen.findByTestId('timeline');
    // Names and labels are bidirectional isolates (FSI…PDI) inside the sentence.
    const isolated = (text: string) => `\u2068${text}\u2069`;
    expect(
      within(timeline).getByText(`${isolated('Mia Levi')} rated ${isolated('Overall')}: 4 of 5`),
    ).toBeVisible();
    expect(
      within(timeline).getByText(
        `${isolated('Former team member')} cleared their rating of answer “${isolated('Introduce yourself')}”`,
      ),
    ).toBeVisible();
  });
});
