import { z } from 'zod';
import { isoDateSchema } from '../common/date-schemas';
import { viewAsIdSchema } from '../jobs/job-api.schemas';
import { isStorableText } from '../validation/storable-text';
import { VALIDATION_KEYS } from '../validation/validation-keys';

/**
 * Accommodations: before the interview starts, a candidate may ask for more time on
 * every question and/or extra retakes, with a short reason; the recruiter approves or declines
 * the request once, as a whole.
 *
 * Extra time is a share of each question's own limit: +50 % or +100 %. A share (rather than
 * minutes) keeps a 1-minute and a 10-minute question in proportion, and two fixed steps are what
 * a recruiter can weigh at a glance.
 *
 * Extra retakes (1 or 2 more takes of each recorded question) apply to one-try jobs only: a job
 * with retakes already allows as many as the candidate wants, so there is nothing to add and the
 * candidate is not offered it (the server refuses it too). On a one-try job, an approved
 * allowance of N lets the candidate re-record each question up to N more times, each take with
 * the full limit and the same countdown; the last take saved is the answer. The server counts
 * takes per applicant, question and kind and refuses a take beyond 1 + N (rules:
 * {@link maxTakesPerQuestion}).
 */

/** The extra time a candidate may ask for, in percent of each question's time limit. */
export const EXTRA_TIME_PCTS = [50, 100] as const;
export type ExtraTimePct = (typeof EXTRA_TIME_PCTS)[number];

/** The extra takes of each question a candidate of a one-try job may ask for. */
export const EXTRA_RETAKE_COUNTS = [1, 2] as const;
export type ExtraRetakes = (typeof EXTRA_RETAKE_COUNTS)[number];

/** The longest reason a candidate may give, in characters (after trimming). */
export const ACCOMMODATION_REASON_MAX_CHARS = 500;

/** Where a request is: waiting for the recruiter, or decided (final). */
export const ACCOMMODATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type AccommodationStatus = (typeof ACCOMMODATION_STATUSES)[number];

/** The recruiter's decision on a pending request. */
export const ACCOMMODATION_DECISIONS = ['approved', 'declined'] as const;
export type AccommodationDecision = (typeof ACCOMMODATION_DECISIONS)[number];

const extraTimePctSchema = z.union([z.literal(50), z.literal(100)], {
  error: VALIDATION_KEYS.REQUIRED_VALIDATE,
});

const extraRetakesSchema = z.union([z.literal(1), z.literal(2)], {
  error: VALIDATION_KEYS.REQUIRED_VALIDATE,
});

/** The reason: trimmed, required, at most {@link ACCOMMODATION_REASON_MAX_CHARS} characters. */
export const accommodationReasonSchema = z
  .string({ error: VALIDATION_KEYS.REQUIRED_VALIDATE })
  .trim()
  .min(1, VALIDATION_KEYS.REQUIRED_VALIDATE)
  .max(ACCOMMODATION_REASON_MAX_CHARS, VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE)
  .refine(isStorableText, VALIDATION_KEYS.UNSTORABLE_TEXT_VALIDATE);

/**
 * `PUT applicant/{id}/accommodation` (candidate token): ask, or replace a pending request. Extra
 * time, extra retakes or both (null or absent: not asked); at least one of them.
 */
export const accommodationRequestBodySchema = z
  .object({
    extraTimePct: extraTimePctSchema.nullable().default(null),
    extraRetakes: extraRetakesSchema.nullable().default(null),
    reason: accommodationReasonSchema,
  })
  .refine((body) => body.extraTimePct !== null || body.extraRetakes !== null, {
    message: VALIDATION_KEYS.REQUIRED_VALIDATE,
    path: ['extraTimePct'],
  });
export type AccommodationRequestBody = z.infer<typeof accommodationRequestBodySchema>;

/** `PUT job/{jobId}/{applicantId}/accommodation` (recruiter): decide a pending request. */
export const accommodationDecisionBodySchema = z.object({
  decision: z.enum(ACCOMMODATION_DECISIONS),
  /** An admin viewing as another account. */
  viewAsId: viewAsIdSchema,
});
export type AccommodationDecisionBody = z.infer<typeof accommodationDecisionBodySchema>;

/** A request as both sides see it. */
export const accommodationSchema = z.object({
  /** Null: no extra time asked (only retakes). */
  extraTimePct: extraTimePctSchema.nullable(),
  /** Extra takes of each question (one-try jobs only); null: none asked. */
  extraRetakes: extraRetakesSchema.nullable(),
  reason: z.string(),
  status: z.enum(ACCOMMODATION_STATUSES),
  requestedAt: isoDateSchema,
  decidedAt: isoDateSchema.nullable(),
});
export type Accommodation = z.infer<typeof accommodationSchema>;

/** The accommodation of an applicant, or null when none was asked for. */
export const accommodationResponseSchema = z.object({
  accommodation: accommodationSchema.nullable(),
});
export type AccommodationResponse = z.infer<typeof accommodationResponseSchema>;

/** Socket event to the candidate's interview when the recruiter decided (payload: Accommodation). */
export const ACCOMMODATION_DECIDED_EVENT = 'accommodation decided';
