import { z } from 'zod';
import { isoDateSchema } from '../common/date-schemas';

/**
 * The device check's outcome, stored with the applicant (docs/features.md, "The device check").
 *
 * The normal path is unchanged: the interview starts when the camera shows a picture, a face is
 * recognised, the microphone hears the candidate, the streams run, the screen is shared when a
 * question needs it and no blocking error remains: `passed`.
 *
 * Face detection fails more often in poor light and for some faces, so after
 * {@link FACE_CHECK_SKIP_AFTER_TRIES} checks in a row that found no face (and nothing else
 * wrong), the candidate may go on without it: `faceSkipped`, with the reason and the number of
 * failed tries, which the recruiter sees on the applicant's page and timeline. Only the face can
 * be skipped: a camera that shows nothing, a silent microphone, a missing screen stream or no
 * network stay blocking.
 */

/** Failed face checks in a row after which "Continue without face check" is offered. */
export const FACE_CHECK_SKIP_AFTER_TRIES = 2;

/** The most failed tries a report may name (a bound for the stored number, not a product rule). */
export const FACE_CHECK_MAX_REPORTED_TRIES = 100;

export const MEDIA_CHECK_OUTCOMES = ['passed', 'faceSkipped'] as const;
export type MediaCheckOutcome = (typeof MEDIA_CHECK_OUTCOMES)[number];

/** Why a face check was skipped: the only skippable error is a face that was not recognised. */
export const FACE_CHECK_SKIP_REASONS = ['NOT_RECOGNIZED'] as const;
export type FaceCheckSkipReason = (typeof FACE_CHECK_SKIP_REASONS)[number];

/** Whether "Continue without face check" may be offered after this many failed face checks. */
export function canSkipFaceCheck(failedFaceTries: number): boolean {
  return failedFaceTries >= FACE_CHECK_SKIP_AFTER_TRIES;
}

/**
 * `POST applicant/{id}/media-check` (candidate token): how the candidate's device check ended,
 * sent right after the applicant exists (or after the check, when the applicant came first).
 */
export const mediaCheckReportBodySchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('passed') }).strict(),
  z
    .object({
      outcome: z.literal('faceSkipped'),
      reason: z.enum(FACE_CHECK_SKIP_REASONS),
      /** Failed face checks before the candidate went on without it. */
      faceTries: z
        .number()
        .int()
        .min(FACE_CHECK_SKIP_AFTER_TRIES)
        .max(FACE_CHECK_MAX_REPORTED_TRIES),
    })
    .strict(),
]);
export type MediaCheckReportBody = z.infer<typeof mediaCheckReportBodySchema>;

/** The stored outcome as the candidate and the recruiter see it. */
export const mediaCheckResultSchema = z.object({
  outcome: z.enum(MEDIA_CHECK_OUTCOMES),
  /** Null when the check passed. */
  reason: z.enum(FACE_CHECK_SKIP_REASONS).nullable(),
  /** Failed face checks before skipping; 0 when the check passed. */
  faceTries: z.number().int().min(0),
  checkedAt: isoDateSchema,
});
export type MediaCheckResult = z.infer<typeof mediaCheckResultSchema>;

export const mediaCheckResponseSchema = z.object({ mediaCheck: mediaCheckResultSchema });
export type MediaCheckResponse = z.infer<typeof mediaCheckResponseSchema>;
