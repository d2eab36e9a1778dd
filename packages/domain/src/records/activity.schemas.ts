import { z } from 'zod';
import { ACTIVITY_PAGE_SIZE } from '../common/constants';
import { isoDateOrDateTimeSchema, isoDateSchema } from '../common/date-schemas';
import {
  currPageSchema,
  itemsPerPageSchema,
  limitSkipShape,
  pageFromLimitSkip,
} from '../common/pagination';
import { optionalQueryTextSchema } from '../common/query';
import { miniUserSchema } from '../users/user.schemas';

/** What an activity acted on. "User Password" keeps the product's spelling. */
export const ACTIVITY_TARGETS = [
  'user',
  'User Password',
  'applicant',
  'job',
  'template',
  'status',
  'note',
  'interview',
  'department',
  'accommodation',
  'apiKey',
  'webhook',
  /** A reviewer's rating of an applicant or an answer. */
  'rating',
  /** The organisation's data retention period. */
  'retention',
  /** The organisation's brand on the candidate pages. */
  'brand',
  /** A hiring manager's share link: made, revoked, and each guest view and rating. */
  'shareLink',
  /** The candidate's device check (passed), and its face check (skipped after failing). */
  'mediaCheck',
  'faceCheck',
  /** Who can see a job: the reviewers the owner assigned to it. */
  'jobAccess',
] as const;
export type ActivityTarget = (typeof ACTIVITY_TARGETS)[number];

/**
 * Common activity types. The spec names only `update` (status changes) and `watch`
 * (watching an interview); the rest cover the product's other actions.
 */
export const ACTIVITY_TYPES = [
  'create',
  'update',
  'remove',
  'archive',
  'restore',
  'watch',
  'login',
  'logout',
  'signup',
  'start',
  'submit',
  'quit',
  /** A candidate came back to an unfinished interview. */
  'resume',
  'approve',
  'decline',
  /** An applicant's data exported on request. */
  'export',
  /** A candidate's device check passed, or its face check was skipped. */
  'pass',
  'skip',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The actor of an activity: a recruiter, or a candidate (guest). */
export const GUEST_USER = 'guest';
export const activityUserSchema = z.union([miniUserSchema, z.literal(GUEST_USER)]);

/** An audit entry, shown in the admin activity overview. */
export const activitySchema = z.object({
  _id: z.string().optional(),
  date: isoDateSchema,
  type: z.enum(ACTIVITY_TYPES),
  target: z.enum(ACTIVITY_TARGETS),
  desc: z.string().default(''),
  meta: z.record(z.string(), z.unknown()).default({}),
  user: activityUserSchema,
  /** The account an admin was viewing as when they acted (meta.viewAsId), as a mini user. */
  viewAs: miniUserSchema.optional(),
});
export type Activity = z.infer<typeof activitySchema>;

/** The activity filter's fields (user, date range), without paging: the CSV export's query. */
export const activityFilterFieldsSchema = z.object({
  /** The acting user's id (a UUID; anything else is refused). */
  userId: optionalQueryTextSchema.pipe(
    z
      .string()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
      .optional(),
  ),
  fromDate: isoDateOrDateTimeSchema.optional(),
  toDate: isoDateOrDateTimeSchema.optional(),
});

/**
 * Activity overview filter (`GET activity?limit&skip&filters`): user, date range;
 * `currPage` is 1-based, and the product's `limit`/`skip` win when given.
 */
export const activityFilterSchema = activityFilterFieldsSchema
  .extend({
    currPage: currPageSchema,
    itemsPerPage: itemsPerPageSchema(ACTIVITY_PAGE_SIZE),
    ...limitSkipShape,
  })
  .transform(pageFromLimitSkip);
export type ActivityFilter = z.infer<typeof activityFilterSchema>;

/** Answer of `GET activity`. */
export const activityListResponseSchema = z.object({
  activities: z.array(activitySchema),
  totalActivityCount: z.number().int().min(0),
  /** True when the count stopped at LIST_COUNT_CAP. */
  totalActivityCountCapped: z.boolean().default(false),
});
export type ActivityListResponse = z.infer<typeof activityListResponseSchema>;

/** At most this many rows go into one CSV export (the file says when it stopped). */
export const ACTIVITY_EXPORT_MAX_ROWS = 100_000;

/** Columns of the activity CSV export, in order. */
export const ACTIVITY_CSV_COLUMNS = [
  'date',
  'type',
  'target',
  'description',
  'userId',
  'userName',
  'userEmail',
  'viewAsId',
  'viewAsName',
  'meta',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, or line break, quotes doubled.
 * A value a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR) is prefixed
 * with an apostrophe, so an exported description cannot execute in Excel.
 */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (CRLF-terminated, as RFC 4180 writes it). */
export function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
