import { z } from 'zod';
import { applicantConsentSchema } from './consent';
import { accommodationSchema } from '../accommodations/accommodation.schemas';
import { mediaCheckResultSchema } from '../interview/media-check.schemas';
import { DEFAULT_SORTS, type SortOrder } from '../common/constants';
import { isoDateSchema } from '../common/date-schemas';
import { idSchema } from '../common/ids';
import { optionalQueryTextSchema } from '../common/query';
import { viewAsIdSchema } from '../jobs/job-api.schemas';
import { questionSchema } from '../jobs/question.schemas';
import { miniUserSchema } from '../users/user.schemas';
import { applicantEditSchema, noteInputSchema } from '../validation/forms';
import { VALIDATION_KEYS } from '../validation/validation-keys';
import {
  RATING_TARGET_TYPES,
  ratingScoreSchema,
  ratingSummarySchema,
  scorecardSchema,
} from '../jobs/scorecard';
import { applicantFilterSchema } from './applicant-filter';
import { bookmarkTimeSchema, statusCodeSchema, timelineEventSchema } from './applicant.schemas';

/**
 * Wire schemas of the recruiter's side of applicants ("Jobs": `job/applicant`,
 * `job/{jobId}/{applicantId}`, `job/applicantVideos/…`, `job/applicantCount`,
 * `PUT job/applicant`, `PUT job/applicantDelete`). Every call carries the recruiter's access
 * token and reads or changes only applicants of the caller's organisation (or of the admin's
 * view-as account). A candidate token opens none of them.
 */

/** Longest note text (characters, after trimming). */
export const NOTE_MAX_LENGTH = 2000;

/** Applicant list columns that can be sorted on (free users always get the default). */
export const APPLICANT_SORT_FIELDS = [
  'timestamp.submitted',
  'info.fName',
  'jobInfo.title',
  'info.hometown',
  'status',
  /** The average scorecard rating; unrated applicants last in either direction. */
  'rating',
  /** The knockout-scoring score (0–100); unscored applicants last in either direction. */
  'score',
] as const;
export type ApplicantSortField = (typeof APPLICANT_SORT_FIELDS)[number];

export interface ApplicantSort {
  field: ApplicantSortField;
  order: SortOrder;
}

export const DEFAULT_APPLICANT_SORT = `${DEFAULT_SORTS.applicants.field}:${DEFAULT_SORTS.applicants.order}`;

/** `field:order` in the query string (`info.fName:asc`); defaults to submitted, newest first. */
export const applicantSortSchema = z
  .string()
  .trim()
  .default(DEFAULT_APPLICANT_SORT)
  .transform((value, ctx): ApplicantSort => {
    const [field = '', order = 'asc'] = (value || DEFAULT_APPLICANT_SORT).split(':');
    if (
      !(APPLICANT_SORT_FIELDS as readonly string[]).includes(field) ||
      (order !== 'asc' && order !== 'desc')
    ) {
      ctx.addIssue({ code: 'custom', message: VALIDATION_KEYS.INVALID_VALUE });
      return z.NEVER;
    }
    return { field: field as ApplicantSortField, order };
  });

/** `GET job/applicant?filters&sort&viewAsId`. */
export const applicantListQuerySchema = applicantFilterSchema.extend({
  sort: applicantSortSchema,
  viewAsId: optionalQueryTextSchema,
  /**
   * Keyset paging (infinite scroll): the `nextCursor` of the previous answer. With it the page
   * starts right after that answer's last row, whatever `currPage` says, and costs what the
   * first page costs however deep the scroll goes.
   */
  cursor: optionalQueryTextSchema,
});
export type ApplicantListQuery = z.infer<typeof applicantListQuerySchema>;

/** `GET job/applicantCount?filters&viewAsId`. */
export const applicantCountQuerySchema = applicantFilterSchema
  .omit({ currPage: true, itemsPerPage: true })
  .extend({ viewAsId: optionalQueryTextSchema });
export type ApplicantCountQuery = z.infer<typeof applicantCountQuerySchema>;

/** Answer of `GET job/applicantCount`: matching applicants, and all unarchived ones. */
export const applicantCountResponseSchema = z.object({
  filteredApplicantCount: z.number().int().min(0),
  totalApplicantCount: z.number().int().min(0),
  /** The count stopped at LIST_COUNT_CAP: there are more (the UI shows "10,000+"). */
  filteredApplicantCountCapped: z.boolean().optional(),
  totalApplicantCountCapped: z.boolean().optional(),
});
export type ApplicantCountResponse = z.infer<typeof applicantCountResponseSchema>;

const timestampSchema = z.object({
  sent: isoDateSchema.nullable(),
  opened: isoDateSchema.nullable(),
  submitted: isoDateSchema.nullable(),
  quited: isoDateSchema.nullable(),
});

/** One row of the applicant overview. */
export const applicantListItemSchema = z.object({
  id: idSchema,
  info: z.object({
    fName: z.string(),
    lName: z.string(),
    email: z.string(),
    phone: z.string(),
    hometown: z.string(),
    /** Short-lived signed URL of the face image, or null. */
    imgUrl: z.string().nullable(),
  }),
  jobInfo: z.object({ title: z.string(), jobId: idSchema }),
  status: statusCodeSchema,
  timestamp: timestampSchema,
  isRead: z.boolean(),
  isFree: z.boolean(),
  /** The caller lacks UNLIMITED_INTERVIEWS and this applicant is not free. */
  isLocked: z.boolean(),
  archivedAt: isoDateSchema.nullable(),
  /** Quit without submitting. */
  incomplete: z.boolean(),
  /**
   * At least one answer saved (an invited candidate who started, beside invited,
   * opened and submitted). Older servers' rows may lack it.
   */
  started: z.boolean().optional(),
  /** The average scorecard rating and how many reviewers gave one. */
  rating: ratingSummarySchema,
  /**
   * Share (0–100) of the job's scored multiple-choice questions answered right, set on submit;
   * null when the job scores none or the interview is not submitted. Never shown to candidates.
   */
  score: z.number().int().min(0).max(100).nullable(),
  /** A knockout question was answered wrong (set with the score). */
  knockedOut: z.boolean(),
});
export type ApplicantListItem = z.infer<typeof applicantListItemSchema>;

export const applicantListResponseSchema = z.object({
  applicants: z.array(applicantListItemSchema),
  pageCount: z.number().int().min(0),
  filteredApplicantCount: z.number().int().min(0),
  /** The count stopped at LIST_COUNT_CAP: there are more (pageCount covers the capped count). */
  filteredApplicantCountCapped: z.boolean().optional(),
  /** The `cursor` of the next page; null on the last page. */
  nextCursor: z.string().nullable().optional(),
});
export type ApplicantListResponse = z.infer<typeof applicantListResponseSchema>;

/** A note as the back office reads it. */
export const reviewNoteSchema = z.object({
  id: idSchema,
  txt: z.string(),
  createdAt: isoDateSchema,
  /** The recruiter who wrote it (null when their account was deleted). */
  owner: miniUserSchema.nullable(),
  timeStamp: bookmarkTimeSchema.optional(),
  /** The question whose answer a bookmarked note points into; only with `timeStamp`. */
  questId: z.string().optional(),
});
export type ReviewNote = z.infer<typeof reviewNoteSchema>;

/** One reviewer's rating of a scorecard criterion or an answer. */
export const reviewRatingSchema = z.object({
  /** The reviewer; null when their account was deleted, or for a guest. */
  reviewer: miniUserSchema.nullable(),
  /** A hiring manager's rating through a share link: the guest's name. */
  guestName: z.string().optional(),
  targetType: z.enum(RATING_TARGET_TYPES),
  /** The criterion's id, or the question's id for an answer. */
  targetId: z.string(),
  score: ratingScoreSchema,
  updatedAt: isoDateSchema,
});
export type ReviewRating = z.infer<typeof reviewRatingSchema>;

/** An applicant's ratings: everyone's, oldest first, and the overview's summary. */
export const applicantRatingsSchema = z.object({
  summary: ratingSummarySchema,
  ratings: z.array(reviewRatingSchema),
});
export type ApplicantRatings = z.infer<typeof applicantRatingsSchema>;

/**
 * `PUT job/{jobId}/{applicantId}/rating`: the caller's own rating of one criterion of the job's
 * scorecard or one of its questions; `score` null clears it.
 */
export const rateApplicantBodySchema = z
  .object({
    targetType: z.enum(RATING_TARGET_TYPES, { error: VALIDATION_KEYS.INVALID_VALUE }),
    targetId: z
      .string({ error: VALIDATION_KEYS.REQUIRED_VALIDATE })
      .trim()
      .min(1, { error: VALIDATION_KEYS.REQUIRED_VALIDATE })
      .max(80, { error: VALIDATION_KEYS.INVALID_VALUE }),
    score: ratingScoreSchema.nullable(),
    viewAsId: viewAsIdSchema,
  })
  .strict();
export type RateApplicantBody = z.infer<typeof rateApplicantBodySchema>;

/** Answer of the rating call: the applicant's ratings after the change. */
export const rateApplicantResponseSchema = z.object({ ratings: applicantRatingsSchema });
export type RateApplicantResponse = z.infer<typeof rateApplicantResponseSchema>;

/** `GET job/{jobId}/{applicantId}`: the applicant with CV, notes, timeline and questions. */
export const applicantDetailsSchema = applicantListItemSchema.extend({
  info: applicantListItemSchema.shape.info.extend({
    /** Short-lived signed URL of the CV (opens inline), or null. */
    cvUrl: z.string().nullable(),
    /** Short-lived signed URL that downloads the CV under its stored name, or null. */
    cvDownloadUrl: z.string().nullable(),
    /** The CV's stored name (file name, dash, upload timestamp), or null. */
    cv: z.string().nullable(),
    isPreview: z.boolean(),
  }),
  notes: z.array(reviewNoteSchema),
  /** Oldest first; begins with the created event. */
  timeline: z.array(timelineEventSchema),
  /** The candidate's adjustment request; null or absent when none was asked for. */
  accommodation: accommodationSchema.nullable().optional(),
  /** How the candidate's device check ended; null or absent when none was reported. */
  mediaCheck: mediaCheckResultSchema.nullable().optional(),
  /** The consent notice the candidate accepted; null for an applicant from before the notice. */
  consent: applicantConsentSchema.nullable().optional(),
  job: z.object({
    _id: idSchema,
    title: z.string(),
    /** The questions in order, with multiple-choice options and their correct flags. */
    quests: z.array(questionSchema),
    archivedAt: isoDateSchema.nullable(),
    /** The criteria reviewers rate the applicant on. */
    scorecard: scorecardSchema,
  }),
  /** Every reviewer's ratings of the applicant and its answers. */
  ratings: applicantRatingsSchema,
});
export type ApplicantDetails = z.infer<typeof applicantDetailsSchema>;

export const applicantDetailsResponseSchema = z.object({ applicant: applicantDetailsSchema });
export type ApplicantDetailsResponse = z.infer<typeof applicantDetailsResponseSchema>;

export const applicantDetailsParamsSchema = z.object({ jobId: idSchema, applicantId: idSchema });
/** `GET job/applicantVideos/{applicantId}/{jobId}`. */
export const applicantVideosParamsSchema = z.object({ applicantId: idSchema, jobId: idSchema });

/** One answer as the back office plays and shows it: short-lived signed URLs instead of keys. */
export const reviewAnswerSchema = z.object({
  resTime: z.number().min(0),
  faceUrl: z.string().nullable(),
  screenUrl: z.string().nullable(),
  /** Image answers. */
  imgUrl: z.string().nullable(),
  /** Text and code answers. */
  txt: z.string().nullable(),
  /** Chosen options of a multiple-choice answer. */
  optIdx: z.array(z.number().int().min(0)).nullable(),
  /** Seconds of the stored recordings when known (webm Duration written on upload). */
  faceDurationSec: z.number().min(0).nullable(),
  screenDurationSec: z.number().min(0).nullable(),
});
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;

/** Answer of `GET job/applicantVideos/…`: the answers by question id. */
export const applicantVideosResponseSchema = z.object({
  answerMap: z.record(z.string(), reviewAnswerSchema),
});
export type ApplicantVideosResponse = z.infer<typeof applicantVideosResponseSchema>;

/** A note to add: trimmed text, at most 2000 characters, optional `mm:ss` bookmark. */
export const newNoteSchema = noteInputSchema.extend({
  txt: noteInputSchema.shape.txt.max(NOTE_MAX_LENGTH, {
    error: VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE,
  }),
});
export type NewNote = z.infer<typeof newNoteSchema>;

/**
 * One applicant's change in `PUT job/applicant`. Only the fields present change:
 * `status` (0–7; only once submitted and not archived; the same status changes nothing;
 * adds a status event), `isRead`, `archivedAt` (any date archives now, null restores),
 * `info` (the edit form), `newNote` (adds the note and its note event), `removeNoteId`
 * (removes the note with its note event).
 */
export const applicantChangeSchema = z
  .object({
    id: idSchema,
    status: statusCodeSchema.optional(),
    isRead: z.boolean().optional(),
    archivedAt: isoDateSchema.nullable().optional(),
    info: applicantEditSchema.optional(),
    newNote: newNoteSchema.optional(),
    removeNoteId: idSchema.optional(),
  })
  .strict();
export type ApplicantChange = z.infer<typeof applicantChangeSchema>;

/** `PUT job/applicant {applicants, viewAsId}`: 1–100 changes, applied all or nothing. */
export const updateApplicantsBodySchema = z.object({
  applicants: z.array(applicantChangeSchema).min(1).max(100),
  viewAsId: viewAsIdSchema,
});
export type UpdateApplicantsBody = z.infer<typeof updateApplicantsBodySchema>;

/** Answer of `PUT job/applicant`: the changed applicants as the overview lists them. */
export const updateApplicantsResponseSchema = z.object({
  applicants: z.array(applicantListItemSchema),
});
export type UpdateApplicantsResponse = z.infer<typeof updateApplicantsResponseSchema>;

/** `PUT job/applicantDelete {applicants, viewAsId}`: permanently deletes archived applicants. */
export const deleteApplicantsBodySchema = z.object({
  applicants: z
    .array(z.object({ id: idSchema }))
    .min(1)
    .max(100),
  viewAsId: viewAsIdSchema,
});
export type DeleteApplicantsBody = z.infer<typeof deleteApplicantsBodySchema>;

export const deleteApplicantsResponseSchema = z.object({
  deletedCount: z.number().int().min(0),
});

/**
 * `POST job/{jobId}/{applicantId}/cv?name=` (raw PDF/DOC/DOCX body): the recruiter replaces the
 * applicant's CV (the CV menu's replace); the same file rules as the candidate's upload.
 */
export const replaceCvResponseSchema = z.object({
  cv: z.string(),
  cvUrl: z.string().nullable(),
  cvDownloadUrl: z.string().nullable(),
});
export type ReplaceCvResponse = z.infer<typeof replaceCvResponseSchema>;
