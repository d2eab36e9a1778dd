import { z } from 'zod';
import { isoDateSchema } from '../common/date-schemas';
import { idSchema } from '../common/ids';
import { miniUserSchema } from '../users/user.schemas';
import { VALIDATION_KEYS } from '../validation/validation-keys';
import { APPLICANT_STATUS_CODES, DEFAULT_APPLICANT_STATUS } from './applicant-status';

/** A status code 0–7. */
export const statusCodeSchema = z.literal(APPLICANT_STATUS_CODES, {
  error: VALIDATION_KEYS.INVALID_VALUE,
});

/** A bookmark position `mm:ss` (two-digit minutes, seconds 00–59). */
export const bookmarkTimeSchema = z.string().regex(/^\d{2}:[0-5]\d$/u);

/** An answer as the candidate app saves it. Keys name objects in storage. */
export const answerSchema = z.object({
  /** Seconds the candidate took to answer. */
  resTime: z.number().min(0),
  /** Text or code answer. */
  txt: z.string().optional(),
  /** Storage key of the camera recording (or of the uploaded image for image answers). */
  faceKey: z.string().nullable().optional(),
  /** Storage key of the screen recording. */
  screenKey: z.string().nullable().optional(),
  /** Indexes of the chosen options for a multiple-choice answer. */
  selectedOpts: z.array(z.number().int().min(0)).optional(),
});
export type Answer = z.infer<typeof answerSchema>;

/** An entry of an applicant's answer map as the back office reads it: playable URLs instead of keys. */
export const answerMapEntrySchema = z.object({
  faceUrl: z.string().nullable().optional(),
  screenUrl: z.string().nullable().optional(),
  resTime: z.number().min(0),
  txt: z.string().optional(),
  selectedOpts: z.array(z.number().int().min(0)).optional(),
});
export type AnswerMapEntry = z.infer<typeof answerMapEntrySchema>;

/** Answers by question id. */
export const answerMapSchema = z.record(z.string(), answerMapEntrySchema);
export type AnswerMap = z.infer<typeof answerMapSchema>;

/** A recruiter's note on an applicant. */
export const noteSchema = z.object({
  id: idSchema,
  txt: z.string(),
  createdAt: isoDateSchema,
  owner: miniUserSchema,
  /** Optional bookmark into the answer video. */
  timeStamp: bookmarkTimeSchema.optional(),
});
export type Note = z.infer<typeof noteSchema>;

/** Interview milestones that appear on the timeline. */
export const TIMELINE_ACTIVITIES = [
  'created',
  'sent',
  'opened',
  'submitted',
  'quited',
  /** The candidate came back to an unfinished interview (a reload, a crash, another day). */
  'resumed',
  'accommodationRequested',
  'accommodationApproved',
  'accommodationDeclined',
  /** The device check passed (docs/features.md, "The device check"). */
  'mediaCheckPassed',
  /** The candidate went on without the face check after it failed. */
  'faceCheckSkipped',
] as const;
export type TimelineActivity = (typeof TIMELINE_ACTIVITIES)[number];

export const noteEventSchema = z.object({
  type: z.literal('note'),
  createdAt: isoDateSchema,
  txt: z.string(),
  noteId: idSchema,
  timeStamp: bookmarkTimeSchema.optional(),
  /** The question whose answer the bookmark points into; only with `timeStamp`. */
  questId: z.string().optional(),
});
export const activityEventSchema = z.object({
  type: z.literal('activity'),
  createdAt: isoDateSchema,
  activity: z.enum(TIMELINE_ACTIVITIES),
});
export const statusEventSchema = z.object({
  type: z.literal('status'),
  createdAt: isoDateSchema,
  statusCode: statusCodeSchema,
});

/**
 * A reviewer gave, changed or cleared (`score` null) a rating. `label` is the
 * criterion's label or the question's text when rated, so the entry reads the same after an edit.
 */
export const ratingEventSchema = z.object({
  type: z.literal('rating'),
  createdAt: isoDateSchema,
  targetType: z.enum(['criterion', 'question']),
  targetId: z.string(),
  label: z.string(),
  score: z.number().int().min(1).max(5).nullable(),
  /** The reviewer's name; null when their account was deleted. */
  reviewer: z.string().nullable(),
  /** The rating came through a share link: `reviewer` is the guest's name. */
  guest: z.boolean().optional(),
});

/** A hiring manager opened the applicant through a share link. */
export const guestViewEventSchema = z.object({
  type: z.literal('guestView'),
  createdAt: isoDateSchema,
  guestName: z.string(),
});

/** A timeline event, discriminated on `type`. */
export const timelineEventSchema = z.discriminatedUnion('type', [
  noteEventSchema,
  activityEventSchema,
  statusEventSchema,
  ratingEventSchema,
  guestViewEventSchema,
]);
export type TimelineEvent = z.infer<typeof timelineEventSchema>;
export type NoteEvent = z.infer<typeof noteEventSchema>;
export type ActivityEvent = z.infer<typeof activityEventSchema>;
export type StatusEvent = z.infer<typeof statusEventSchema>;
export type RatingEvent = z.infer<typeof ratingEventSchema>;
export type GuestViewEvent = z.infer<typeof guestViewEventSchema>;

export const applicantInfoSchema = z.object({
  fName: z.string(),
  lName: z.string().default(''),
  email: z.string().default(''),
  phone: z.string().default(''),
  hometown: z.string().default(''),
  imgUrl: z.string().nullable().optional(),
  cvUrl: z.string().nullable().optional(),
  /** The CV's original file name. */
  cv: z.string().nullable().optional(),
  /** True for the recruiter's own preview run (?demo=1), kept out of real statistics. */
  isPreview: z.boolean().default(false),
});
export type ApplicantInfo = z.infer<typeof applicantInfoSchema>;

export const applicantTimestampSchema = z.object({
  sent: isoDateSchema.nullable().default(null),
  opened: isoDateSchema.nullable().default(null),
  submitted: isoDateSchema.nullable().default(null),
  quited: isoDateSchema.nullable().default(null),
});
export type ApplicantTimestamp = z.infer<typeof applicantTimestampSchema>;

export const applicantJobInfoSchema = z.object({ title: z.string(), jobId: idSchema });

/** A candidate's application to one job. */
export const applicantSchema = z.object({
  id: idSchema,
  info: applicantInfoSchema,
  jobInfo: applicantJobInfoSchema,
  status: statusCodeSchema.default(DEFAULT_APPLICANT_STATUS),
  timestamp: applicantTimestampSchema,
  isRead: z.boolean().default(false),
  /** Whether a free (non-UNLIMITED_INTERVIEWS) recruiter may open this applicant. */
  isFree: z.boolean().default(false),
  archivedAt: isoDateSchema.nullable().default(null),
  answerMap: answerMapSchema.default({}),
  notes: z.array(noteSchema).default([]),
  timeline: z.array(timelineEventSchema).default([]),
  /** Quit without submitting; computed for list filtering. */
  incomplete: z.boolean().optional(),
});
export type Applicant = z.infer<typeof applicantSchema>;
