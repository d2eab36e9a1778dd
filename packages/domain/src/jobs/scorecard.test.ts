import { describe, expect, it } from 'vitest';
import { PLANS } from '../permissions/plans';
import { VALIDATION_KEYS } from '../validation/validation-keys';
import { jobInputSchema } from '../validation/job-input';
import { applicantFilterSchema } from '../applicants/applicant-filter';
import { applicantSortSchema, rateApplicantBodySchema } from '../applicants/review-api.schemas';
import { fillJobBlanks, jobSaveInputSchema } from './job-api.schemas';
import { answerRuleFor } from './answer-rule';
import { defaultJob } from './job.rules';
import {
  averageScores,
  canUseScorecard,
  defaultScorecard,
  fillScorecardBlanks,
  isCustomScorecard,
  OVERALL_CRITERION_ID,
  ratingFilterSchema,
  scorecardInputSchema,
  SCORECARD_MAX_CRITERIA,
  summarizeApplicantRatings,
  summarizeTarget,
  type RatingScore,
} from './scorecard';

const criterion = (id: string, label = id) => ({ id, label });

describe('scorecard', () => {
  it('a new job has one overall criterion in the recruiter language', () => {
    expect(defaultScorecard()).toEqual([{ id: OVERALL_CRITERION_ID, label: 'Overall' }]);
    expect(defaultScorecard('he')).toEqual([{ id: 'overall', label: 'התרשמות כללית' }]);
    expect(defaultJob({ lang: 'he' }).scorecard).toEqual(defaultScorecard('he'));
  });

  it.each([
    [[criterion('a')], true],
    [[criterion('a'), criterion('b', 'Communication')], true],
    [Array.from({ length: SCORECARD_MAX_CRITERIA }, (_, i) => criterion(`c${i}`)), true],
    [Array.from({ length: SCORECARD_MAX_CRITERIA + 1 }, (_, i) => criterion(`c${i}`)), false],
    [[], false],
    [[criterion('a', '   ')], false],
    [[criterion('a', 'x'.repeat(80))], true],
    [[criterion('a', 'x'.repeat(81))], false],
    [[criterion('a'), criterion('a', 'Again')], false],
    [[{ id: '', label: 'No id' }], false],
  ])('accepts %j → %s', (criteria, valid) => {
    expect(scorecardInputSchema.safeParse(criteria).success).toBe(valid);
  });

  it('says why a scorecard is refused', () => {
    const result = scorecardInputSchema.safeParse([criterion('a', 'x'.repeat(81))]);
    expect(result.error?.issues[0]?.message).toBe(VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE);
  });

  it('fills blank labels and ids in the language, keeping what is there', () => {
    const filled = fillScorecardBlanks(
      [{ id: 'x', label: ' ' }, { label: '' }, { id: 'x', label: 'Skills' }],
      'he',
    ) as { id: string; label: string }[];
    expect(filled[0]).toEqual({ id: 'x', label: 'התרשמות כללית' });
    expect(filled[1]!.label).toBe('קריטריון 2');
    expect(filled[1]!.id).not.toBe('x');
    expect(filled[2]!.label).toBe('Skills');
    expect(new Set(filled.map((c) => c.id)).size).toBe(3);
    expect(fillScorecardBlanks('nope')).toBe('nope');
  });

  it('a saved job keeps its scorecard; a new one without gets the default', () => {
    const job = {
      info: { title: 'Nurse' },
      company: { name: 'Acme' },
      rule: { isCvRequired: false, isOneTry: true },
      quests: [{ txt: 'Hi', ansRule: answerRuleFor('video') }],
    };
    const created = fillJobBlanks(job, 'he', { isNew: true }) as { scorecard: unknown };
    expect(created.scorecard).toEqual(defaultScorecard('he'));
    expect((fillJobBlanks(job, 'he') as { scorecard?: unknown }).scorecard).toBeUndefined();
    const saved = jobSaveInputSchema.parse({
      ...job,
      scorecard: [criterion('a', 'Skills'), { id: 'b', label: '' }],
    });
    expect(saved.scorecard).toEqual([criterion('a', 'Skills'), criterion('b', 'Criterion 2')]);
    const tooMany = jobInputSchema.safeParse({
      ...job,
      scorecard: Array.from({ length: 11 }, (_, i) => criterion(`c${i}`)),
    });
    expect(tooMany.success).toBe(false);
  });

  it('gates custom scorecards (several criteria) by plan', () => {
    const one = defaultScorecard();
    const two = [criterion('a'), criterion('b')];
    expect(isCustomScorecard(one)).toBe(false);
    expect(isCustomScorecard(two)).toBe(true);
    expect(canUseScorecard({ perm: PLANS.STARTER }, one)).toBe(true);
    expect(canUseScorecard({ perm: PLANS.STARTER }, [criterion('a', 'Renamed')])).toBe(true);
    expect(canUseScorecard({ perm: PLANS.BASIC }, two)).toBe(false);
    expect(canUseScorecard({ perm: PLANS.PROFESSIONAL }, two)).toBe(true);
    expect(
      canUseScorecard({ perm: PLANS.STARTER, advancedPrm: { CUSTOM_SCORECARD: true } }, two),
    ).toBe(true);
  });
});

describe('ratings', () => {
  const rating = (
    reviewerId: string | null,
    targetId: string,
    score: number,
    targetType: RatingScore['targetType'] = 'criterion',
  ): RatingScore => ({ reviewerId, targetType, targetId, score });

  it.each([
    [[], null],
    [[4], 4],
    [[1, 2], 1.5],
    [[5, 4, 4], 4.33],
    [[1, 1, 2], 1.33],
    [[2, 3, 3], 2.67],
  ])('averageScores(%j) → %s', (scores, expected) => {
    expect(averageScores(scores)).toBe(expected);
  });

  it('averages each reviewer first, then the reviewers; answers stay out', () => {
    const ratings = [
      rating('ann', 'overall', 5),
      rating('ann', 'skills', 3),
      rating('bob', 'overall', 2),
      rating('bob', 'q1', 1, 'question'),
      rating('cid', 'q1', 5, 'question'),
    ];
    // Ann: 4, Bob: 2 → 3, from two reviewers (Cid rated only an answer).
    expect(summarizeApplicantRatings(ratings)).toEqual({ avg: 3, count: 2 });
    expect(summarizeTarget(ratings, 'question', 'q1')).toEqual({ avg: 3, count: 2 });
    expect(summarizeTarget(ratings, 'criterion', 'skills')).toEqual({ avg: 3, count: 1 });
    expect(summarizeApplicantRatings([])).toEqual({ avg: null, count: 0 });
    // Deleted reviewers (null) each count on their own.
    expect(
      summarizeApplicantRatings([rating(null, 'overall', 5), rating(null, 'overall', 1)]),
    ).toEqual({ avg: 3, count: 2 });
  });

  it.each([
    ['none', 'none'],
    ['4', 4],
    [3, 3],
    ['0', undefined],
    ['6', undefined],
    ['2.5', undefined],
    ['many', undefined],
  ])('rating filter %j → %j', (value, expected) => {
    const result = ratingFilterSchema.safeParse(value);
    expect(result.success ? result.data : undefined).toBe(expected);
  });

  it('the overview filter and sort read the rating from the URL', () => {
    expect(applicantFilterSchema.parse({ rating: '4' }).rating).toBe(4);
    expect(applicantFilterSchema.parse({}).rating).toBeUndefined();
    expect(applicantFilterSchema.safeParse({ rating: '9' }).success).toBe(false);
    expect(applicantSortSchema.parse('rating:desc')).toEqual({ field: 'rating', order: 'desc' });
  });

  it.each([
    [{ targetType: 'criterion', targetId: 'overall', score: 5 }, true],
    [{ targetType: 'question', targetId: 'q1', score: null }, true],
    [{ targetType: 'criterion', targetId: 'overall', score: 0 }, false],
    [{ targetType: 'criterion', targetId: 'overall', score: 6 }, false],
    [{ targetType: 'criterion', targetId: 'overall', score: 3.5 }, false],
    [{ targetType: 'criterion', targetId: 'overall', score: '4' }, false],
    [{ targetType: 'note', targetId: 'overall', score: 4 }, false],
    [{ targetType: 'criterion', targetId: ' ', score: 4 }, false],
    [{ targetType: 'criterion', targetId: 'overall' }, false],
    [{ targetType: 'criterion', targetId: 'overall', score: 4, extra: 1 }, false],
  ])('a rating body %j is valid: %s', (body, valid) => {
    expect(rateApplicantBodySchema.safeParse(body).success).toBe(valid);
  });
});
