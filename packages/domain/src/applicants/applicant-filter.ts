import { z } from 'zod';
import { APPLICANT_PAGE_SIZE, DATE_FILTER_DAYS } from '../common/constants';
import { currPageSchema, itemsPerPageSchema } from '../common/pagination';
import {
  optionalQueryTextSchema,
  queryBooleanSchema,
  queryListSchema,
  queryNumberSchema,
  searchTextSchema,
} from '../common/query';
import { ratingFilterSchema } from '../jobs/scorecard';
import { APPLICANT_STATUS_CODES } from './applicant-status';

/** "Last N days" choice (7, 31 or 90). */
export const daysAgoSchema = queryNumberSchema.pipe(z.literal(DATE_FILTER_DAYS));

/**
 * Applicant list filter, as kept in the URL query and sent to `GET job/applicant`.
 * `incomplete` is three-valued: absent (all), true (only incomplete), false (only complete).
 * `currPage` is 1-based.
 */
export const applicantFilterSchema = z.object({
  txt: searchTextSchema,
  daysAgo: daysAgoSchema.optional(),
  statuses: queryListSchema(queryNumberSchema.pipe(z.literal(APPLICANT_STATUS_CODES))).default([]),
  incomplete: queryBooleanSchema.optional(),
  showArchived: queryBooleanSchema.default(false),
  /** `none` (nobody rated yet) or N, an average rating of at least N (1–5). */
  rating: ratingFilterSchema.optional(),
  /** A knockout-scoring score of at least N (0–100); unscored applicants do not match. */
  minScore: queryNumberSchema.pipe(z.number().int().min(0).max(100)).optional(),
  /** Absent: all; true: only the knocked-out applicants; false: hide them. */
  knockedOut: queryBooleanSchema.optional(),
  currPage: currPageSchema,
  itemsPerPage: itemsPerPageSchema(APPLICANT_PAGE_SIZE),
  jobId: optionalQueryTextSchema,
});
export type ApplicantFilter = z.infer<typeof applicantFilterSchema>;
/** The filter as written in a URL or form, before defaults and coercion. */
export type ApplicantFilterInput = z.input<typeof applicantFilterSchema>;
