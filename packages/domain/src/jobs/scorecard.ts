import { z } from 'zod';
import { getDefaultTexts } from '../common/default-texts';
import { makeRandomId } from '../common/ids';
import { hasPermission, type PermissionSubject } from '../permissions/plans';
import { isStorableText } from '../validation/storable-text';
import { VALIDATION_KEYS } from '../validation/validation-keys';

/**
 * Scorecards and ratings: each job has a scorecard, a short list of criteria every
 * reviewer rates an applicant on (1–5), and reviewers may also rate each answer. The overview
 * shows the average of the scorecard ratings and how many reviewers gave one.
 */

/** Lowest and highest score of a rating. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** Every score a reviewer can give, lowest first. */
export const RATING_SCORES = [1, 2, 3, 4, 5] as const;
/** At most this many criteria per job. */
export const SCORECARD_MAX_CRITERIA = 10;
/** Longest criterion label (characters, after trimming). */
export const CRITERION_LABEL_MAX_LENGTH = 80;
/** Longest criterion id (ids are made by the editor; see makeRandomId). */
const CRITERION_ID_MAX_LENGTH = 40;
/** The id of the one criterion of a default scorecard. */
export const OVERALL_CRITERION_ID = 'overall';

/** One scorecard criterion: a stable id (ratings point at it) and its label. */
export const scorecardCriterionSchema = z.object({
  id: z.string().min(1).max(CRITERION_ID_MAX_LENGTH),
  label: z.string(),
});
export type ScorecardCriterion = z.infer<typeof scorecardCriterionSchema>;

/** A job's scorecard as the API returns it: the criteria in order. */
export const scorecardSchema = z.array(scorecardCriterionSchema);
export type Scorecard = z.infer<typeof scorecardSchema>;

/** A criterion as the job editor saves it: label required, at most 80 characters. */
export const scorecardCriterionInputSchema = z.object({
  id: z
    .string({ error: VALIDATION_KEYS.REQUIRED_VALIDATE })
    .trim()
    .min(1, { error: VALIDATION_KEYS.REQUIRED_VALIDATE })
    .max(CRITERION_ID_MAX_LENGTH, { error: VALIDATION_KEYS.INVALID_VALUE }),
  label: z
    .string({ error: VALIDATION_KEYS.REQUIRED_VALIDATE })
    .trim()
    .min(1, { error: VALIDATION_KEYS.REQUIRED_VALIDATE })
    .max(CRITERION_LABEL_MAX_LENGTH, { error: VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE })
    .refine(isStorableText, { error: VALIDATION_KEYS.UNSTORABLE_TEXT_VALIDATE }),
});

/** A scorecard as saved: 1–10 criteria with distinct ids. */
export const scorecardInputSchema = z
  .array(scorecardCriterionInputSchema)
  .min(1, { error: VALIDATION_KEYS.REQUIRED_VALIDATE })
  .max(SCORECARD_MAX_CRITERIA, { error: VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE })
  .superRefine((criteria, ctx) => {
    const seen = new Set<string>();
    criteria.forEach((criterion, index) => {
      if (seen.has(criterion.id)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'id'],
          message: VALIDATION_KEYS.INVALID_VALUE,
        });
      }
      seen.add(criterion.id);
    });
  });
export type ScorecardInput = z.infer<typeof scorecardInputSchema>;

/** The scorecard of a new job: one "Overall" criterion, labelled in the recruiter's language. */
export function defaultScorecard(lang?: string | null): Scorecard {
  return [{ id: OVERALL_CRITERION_ID, label: getDefaultTexts(lang).overallCriterion }];
}

/** The label an empty criterion gets: "Overall" for the first, "Criterion N" for the others. */
export function criterionFallbackLabel(index: number, lang?: string | null): string {
  const texts = getDefaultTexts(lang);
  return index === 0 ? texts.overallCriterion : `${texts.criterion} ${index + 1}`;
}

type PlainObject = Record<string, unknown>;
const isPlainObject = (value: unknown): value is PlainObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Fills the blanks of a scorecard as an editor sends it (like the job's other blanks):
 * a missing, blank or repeated id gets a fresh one, a blank label its fallback in `lang`.
 * Anything that is not a list of objects is left for validation to reject.
 */
export function fillScorecardBlanks(value: unknown, lang?: string | null): unknown {
  if (!Array.isArray(value)) return value;
  const seen = new Set<string>();
  return value.map((criterion: unknown, index) => {
    if (!isPlainObject(criterion)) return criterion;
    let id = typeof criterion.id === 'string' ? criterion.id.trim() : '';
    while (!id || seen.has(id)) id = makeRandomId();
    seen.add(id);
    const label = criterion.label;
    const isBlank =
      label === undefined || label === null || (typeof label === 'string' && !label.trim());
    return { ...criterion, id, label: isBlank ? criterionFallbackLabel(index, lang) : label };
  });
}

/**
 * A scorecard beyond the one overall rating (more than one criterion) needs CUSTOM_SCORECARD;
 * one criterion, whatever its label, is for every plan.
 */
export function isCustomScorecard(scorecard: readonly ScorecardCriterion[]): boolean {
  return scorecard.length > 1;
}

/** Whether the user may save `scorecard` on a job. */
export function canUseScorecard(
  user: PermissionSubject,
  scorecard: readonly ScorecardCriterion[],
): boolean {
  return !isCustomScorecard(scorecard) || hasPermission(user, 'CUSTOM_SCORECARD');
}

/** What a rating is given to: a scorecard criterion of the job, or one of its questions. */
export const RATING_TARGET_TYPES = ['criterion', 'question'] as const;
export type RatingTargetType = (typeof RATING_TARGET_TYPES)[number];

/** A score 1–5. */
export const ratingScoreSchema = z
  .number({ error: VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE })
  .int({ error: VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE })
  .min(RATING_MIN, { error: VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE })
  .max(RATING_MAX, { error: VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE });

/** One reviewer's score on one target. */
export interface RatingScore {
  reviewerId: string | null;
  targetType: RatingTargetType;
  targetId: string;
  score: number;
}

/** An average and how many reviewers it is of; the average is null when nobody rated. */
export const ratingSummarySchema = z.object({
  avg: z.number().min(RATING_MIN).max(RATING_MAX).nullable(),
  count: z.number().int().min(0),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** The mean of `scores`, to two decimals; null when there are none. */
export function averageScores(scores: readonly number[]): number | null {
  if (scores.length === 0) return null;
  const mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
  return Math.round(mean * 100) / 100;
}

/**
 * The applicant's rating (the overview's column): each reviewer's scorecard ratings are
 * averaged first, then those averages, so a reviewer who rated five criteria weighs as much as
 * one who rated one. `count` is the number of reviewers with a scorecard rating. Answer ratings
 * are not part of it; they have their own averages ({@link summarizeTarget}).
 */
export function summarizeApplicantRatings(ratings: readonly RatingScore[]): RatingSummary {
  const byReviewer = new Map<string, number[]>();
  ratings.forEach((rating, index) => {
    if (rating.targetType !== 'criterion') return;
    // A deleted reviewer's ratings stay; each counts as its own reviewer.
    const key = rating.reviewerId ?? `deleted:${index}`;
    byReviewer.set(key, [...(byReviewer.get(key) ?? []), rating.score]);
  });
  const perReviewer = [...byReviewer.values()].map((scores) => averageScores(scores)!);
  return { avg: averageScores(perReviewer), count: perReviewer.length };
}

/** The average and reviewer count of one criterion or one answer. */
export function summarizeTarget(
  ratings: readonly RatingScore[],
  targetType: RatingTargetType,
  targetId: string,
): RatingSummary {
  const scores = ratings
    .filter((rating) => rating.targetType === targetType && rating.targetId === targetId)
    .map((rating) => rating.score);
  return { avg: averageScores(scores), count: scores.length };
}

/**
 * The overview's rating filter (`rating` in the URL): `none` for applicants nobody has rated
 * yet, or N (1–5) for an average of at least N.
 */
export const ratingFilterSchema = z.union([
  z.literal('none'),
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number().int().min(RATING_MIN).max(RATING_MAX),
  ),
]);
export type RatingFilter = z.infer<typeof ratingFilterSchema>;
