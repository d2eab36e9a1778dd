import { z } from 'zod';
import { isoDateSchema } from '../common/date-schemas';
import { idSchema } from '../common/ids';
import { viewAsIdSchema } from '../jobs/job-api.schemas';
import { questionSchema } from '../jobs/question.schemas';
import { RATING_TARGET_TYPES, ratingScoreSchema, scorecardSchema } from '../jobs/scorecard';
import { optionalEmailSchema } from '../validation/primitives';
import { isStorableText } from '../validation/storable-text';
import { VALIDATION_KEYS } from '../validation/validation-keys';
import { rateApplicantBodySchema, reviewAnswerSchema } from './review-api.schemas';

/**
 * Sharing applicants with a hiring manager: a recruiter makes an expiring, revocable
 * link for a named guest who has no account. The link opens only the applicants it names: their
 * details, answers, CV and the job's scorecard for the guest to fill in. Never notes (there is no
 * "private" flag on notes, so no note is ever shown), other reviewers' ratings or other
 * applicants. The token is shown once; only its SHA-256 is stored.
 */

/** How long a link may stay open, in days (the dialog's choices). */
export const SHARE_LINK_EXPIRY_DAYS = [3, 7, 30] as const;
export type ShareLinkExpiryDays = (typeof SHARE_LINK_EXPIRY_DAYS)[number];
export const DEFAULT_SHARE_LINK_EXPIRY_DAYS: ShareLinkExpiryDays = 7;
/** At most this many applicants in one link (a selection of the overview). */
export const SHARE_LINK_MAX_APPLICANTS = 20;
/** Longest guest name (characters, after trimming). */
export const GUEST_NAME_MAX_LENGTH = 80;
/** A share token: `shr_` and 32 random bytes in base64url (256 bits). */
export const SHARE_TOKEN_PREFIX = 'shr_';
export const SHARE_TOKEN_PATTERN = /^shr_[A-Za-z0-9_-]{43}$/u;
/** The web app's page a link opens. */
export const SHARE_PAGE_PATH = '/share';

/** Whether `value` looks like a share token (anything else is not even looked up). */
export function isShareToken(value: unknown): value is string {
  return typeof value === 'string' && SHARE_TOKEN_PATTERN.test(value);
}

/** When a link made at `now` for `days` days stops opening. */
export function shareLinkExpiry(now: Date, days: number): Date {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
}

/** Why a link no longer opens, or null while it does. Revocation wins over expiry. */
export function shareLinkClosedReason(
  link: { expiresAt: Date | string; revokedAt: Date | string | null },
  now: Date,
): 'revoked' | 'expired' | null {
  if (link.revokedAt) return 'revoked';
  return new Date(link.expiresAt).getTime() <= now.getTime() ? 'expired' : null;
}

/** The guest's name as the dialog sends it. */
export const guestNameSchema = z
  .string({ error: VALIDATION_KEYS.REQUIRED_VALIDATE })
  .trim()
  .min(1, { error: VALIDATION_KEYS.REQUIRED_VALIDATE })
  .max(GUEST_NAME_MAX_LENGTH, { error: VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE })
  .refine(isStorableText, { error: VALIDATION_KEYS.UNSTORABLE_TEXT_VALIDATE });

/** The create-link dialog's form. */
export const shareLinkFormSchema = z.object({
  guestName: guestNameSchema,
  guestEmail: optionalEmailSchema,
  expiresInDays: z.union(
    SHARE_LINK_EXPIRY_DAYS.map((days) => z.literal(days)),
    {
      error: VALIDATION_KEYS.INVALID_VALUE,
    },
  ),
});
export type ShareLinkForm = z.infer<typeof shareLinkFormSchema>;

/** `POST job/share-link`: a link for the applicants named (one, or the overview's selection). */
export const createShareLinkBodySchema = shareLinkFormSchema
  .extend({
    applicantIds: z
      .array(idSchema)
      .min(1, { error: VALIDATION_KEYS.REQUIRED_VALIDATE })
      .max(SHARE_LINK_MAX_APPLICANTS, { error: VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE }),
    expiresInDays: shareLinkFormSchema.shape.expiresInDays.default(DEFAULT_SHARE_LINK_EXPIRY_DAYS),
    viewAsId: viewAsIdSchema,
  })
  .strict();
export type CreateShareLinkBody = z.input<typeof createShareLinkBodySchema>;

/** A link as the recruiter sees it (never its token). */
export const shareLinkSchema = z.object({
  _id: idSchema,
  guestName: z.string(),
  guestEmail: z.string().nullable(),
  /** Who made it ("first last"); null when that account was deleted. */
  createdBy: z.string().nullable(),
  createdAt: isoDateSchema,
  expiresAt: isoDateSchema,
  revokedAt: isoDateSchema.nullable(),
  /** How many times the guest opened an applicant through it. */
  viewCount: z.number().int().min(0),
  lastViewedAt: isoDateSchema.nullable(),
  applicantIds: z.array(idSchema),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** Answer of `POST job/share-link`: the link, and its token and page path, shown this once. */
export const createShareLinkResponseSchema = z.object({
  link: shareLinkSchema,
  token: z.string(),
  /** The page's path (`/share/{token}`); the web app puts its own origin in front. */
  path: z.string(),
});
export type CreateShareLinkResponse = z.infer<typeof createShareLinkResponseSchema>;

/** `GET job/{jobId}/{applicantId}/share-link`: the applicant's links that still open. */
export const shareLinksResponseSchema = z.object({ links: z.array(shareLinkSchema) });
export type ShareLinksResponse = z.infer<typeof shareLinksResponseSchema>;

export const shareLinkIdParamsSchema = z.object({ id: idSchema });
export const revokeShareLinkQuerySchema = z.object({ viewAsId: viewAsIdSchema });
export const revokeShareLinkResponseSchema = z.object({ link: shareLinkSchema });

/** The guest's calls name the link by its token in the path (no account, no other header). */
export const shareTokenParamsSchema = z.object({ shareToken: z.string().max(100) });
export const sharedApplicantParamsSchema = shareTokenParamsSchema.extend({
  applicantId: idSchema,
});

/** `GET share/{shareToken}`: who the link is for and the applicants it opens. */
export const sharedLinkResponseSchema = z.object({
  guestName: z.string(),
  expiresAt: isoDateSchema,
  applicants: z.array(
    z.object({
      id: idSchema,
      fName: z.string(),
      lName: z.string(),
      jobTitle: z.string(),
    }),
  ),
});
export type SharedLinkResponse = z.infer<typeof sharedLinkResponseSchema>;

/** One of the guest's own ratings. */
export const guestRatingSchema = z.object({
  targetType: z.enum(RATING_TARGET_TYPES),
  targetId: z.string(),
  score: ratingScoreSchema,
});
export type GuestRating = z.infer<typeof guestRatingSchema>;

/**
 * `GET share/{shareToken}/{applicantId}`: one shared applicant as the guest sees it (a view is
 * recorded). Details, CV and answers with short-lived signed URLs, the job's questions and
 * scorecard, and the guest's own ratings only.
 */
export const sharedApplicantSchema = z.object({
  id: idSchema,
  info: z.object({
    fName: z.string(),
    lName: z.string(),
    email: z.string(),
    phone: z.string(),
    hometown: z.string(),
    imgUrl: z.string().nullable(),
    cvUrl: z.string().nullable(),
    cvDownloadUrl: z.string().nullable(),
  }),
  submittedAt: isoDateSchema.nullable(),
  job: z.object({
    title: z.string(),
    quests: z.array(questionSchema),
    scorecard: scorecardSchema,
  }),
  answerMap: z.record(z.string(), reviewAnswerSchema),
  myRatings: z.array(guestRatingSchema),
});
export type SharedApplicant = z.infer<typeof sharedApplicantSchema>;
export const sharedApplicantResponseSchema = z.object({ applicant: sharedApplicantSchema });
export type SharedApplicantResponse = z.infer<typeof sharedApplicantResponseSchema>;

/** `PUT share/{shareToken}/{applicantId}/rating`: the guest's rating, as a reviewer's. */
export const guestRateBodySchema = rateApplicantBodySchema.omit({ viewAsId: true }).strict();
export type GuestRateBody = z.infer<typeof guestRateBodySchema>;
export const guestRateResponseSchema = z.object({ myRatings: z.array(guestRatingSchema) });
export type GuestRateResponse = z.infer<typeof guestRateResponseSchema>;
