import { z } from 'zod';
import { ACTIVITY_PAGE_SIZE } from '../common/constants';
import { isoDateOrDateTimeSchema, isoDateSchema } from '../common/dates';
import { currPageSchema, itemsPerPageSchema } from '../common/pagination';
import { optionalQueryTextSchema } from '../common/query';
import { miniUserSchema } from '../users/user.schemas';

/** What an activity acted on (spec §3). "User Password" keeps the spec's spelling. */
export const ACTIVITY_TARGETS = [
  'user',
  'User Password',
  'applicant',
  'job',
  'template',
  'status',
  'note',
  'interview',
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
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The actor of an activity: a recruiter, or a candidate (guest). */
export const GUEST_USER = 'guest';
export const activityUserSchema = z.union([miniUserSchema, z.literal(GUEST_USER)]);

/** An audit entry (spec §3), shown in the admin activity overview. */
export const activitySchema = z.object({
  _id: z.string().optional(),
  date: isoDateSchema,
  type: z.enum(ACTIVITY_TYPES),
  target: z.enum(ACTIVITY_TARGETS),
  desc: z.string().default(''),
  meta: z.record(z.string(), z.unknown()).default({}),
  user: activityUserSchema,
});
export type Activity = z.infer<typeof activitySchema>;

/** Body of `POST activity`. */
export const activityInputSchema = z.object({ activity: activitySchema.omit({ _id: true }) });
export type ActivityInput = z.infer<typeof activityInputSchema>;

/** Activity overview filter (spec §3): user, date range; `currPage` is 1-based. */
export const activityFilterSchema = z.object({
  userId: optionalQueryTextSchema,
  fromDate: isoDateOrDateTimeSchema.optional(),
  toDate: isoDateOrDateTimeSchema.optional(),
  currPage: currPageSchema,
  itemsPerPage: itemsPerPageSchema(ACTIVITY_PAGE_SIZE),
});
export type ActivityFilter = z.infer<typeof activityFilterSchema>;

/** Answer of `GET activity`. */
export const activityListResponseSchema = z.object({
  activities: z.array(activitySchema),
  totalActivityCount: z.number().int().min(0),
});
export type ActivityListResponse = z.infer<typeof activityListResponseSchema>;
