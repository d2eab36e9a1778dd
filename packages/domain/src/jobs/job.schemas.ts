import { z } from 'zod';
import { JOB_PAGE_SIZE } from '../common/constants';
import { isoDateSchema } from '../common/date-schemas';
import { idSchema } from '../common/ids';
import { currPageSchema, itemsPerPageSchema } from '../common/pagination';
import { optionalQueryTextSchema, queryBooleanSchema, searchTextSchema } from '../common/query';
import { applicantSchema } from '../applicants/applicant.schemas';
import { DEFAULT_STATUS_STAGES, statusStagesSchema } from '../applicants/application-stage';
import { miniUserSchema } from '../users/user.schemas';
import { questionSchema } from './question.schemas';
import { defaultScorecard, scorecardSchema } from './scorecard';

export const jobInfoSchema = z.object({
  title: z.string(),
  location: z.string().default(''),
  /** Rich-text HTML; sanitised by the server. */
  desc: z.string().default(''),
  /**
   * Whether candidates see the description (the job editor's switch); while it is on, the
   * description is required. Absent (jobs and clients from before the switch): shown when it
   * has text (`isDescriptionShown`).
   */
  isDescShown: z.boolean().optional(),
  coverUrl: z.string().default(''),
});
export type JobInfo = z.infer<typeof jobInfoSchema>;

export const jobCompanySchema = z.object({
  name: z.string(),
  logoUrl: z.string().default(''),
});
export type JobCompany = z.infer<typeof jobCompanySchema>;

export const jobRuleSchema = z.object({
  isCvRequired: z.boolean(),
  /** One try per question: a countdown, automatic recording, no retakes. */
  isOneTry: z.boolean(),
  /**
   * A practice question before the real ones: recorded and played back on the
   * candidate's device only, never uploaded. Absent: off.
   */
  hasPractice: z.boolean().optional(),
});
export type JobRule = z.infer<typeof jobRuleSchema>;

export const applicantSummarySchema = z.object({
  avatars: z.array(z.object({ img: z.string().nullable().optional(), username: z.string() })),
  applicantCount: z.number().int().min(0),
  /** Submitted and not yet opened by a recruiter. */
  newCount: z.number().int().min(0).default(0),
  /** Submitted with no status set yet. */
  toReviewCount: z.number().int().min(0).default(0),
});
export type ApplicantSummary = z.infer<typeof applicantSummarySchema>;

/** A job as the API returns it. */
export const jobSchema = z.object({
  _id: idSchema,
  info: jobInfoSchema,
  company: jobCompanySchema,
  owner: miniUserSchema,
  rule: jobRuleSchema,
  /** The department the job belongs to (MULTI_DEPARTMENT_ORGANIZATION); null for none. */
  departmentId: idSchema.nullable().optional(),
  quests: z.array(questionSchema),
  applicants: z.array(applicantSchema).default([]),
  applicantSummary: applicantSummarySchema.default({
    avatars: [],
    applicantCount: 0,
    newCount: 0,
    toReviewCount: 0,
  }),
  createdAt: isoDateSchema,
  /** Null while active. */
  archivedAt: isoDateSchema.nullable().default(null),
  /**
   * When the job stops taking applications (`closing-date.ts`); null: never. An
   * instant (UTC on the wire); the editor shows and picks it in the recruiter's time zone.
   */
  closesAt: isoDateSchema.nullable().default(null),
  /** What each status shows on the candidate status page (`application-stage.ts`). */
  statusStages: statusStagesSchema.default(DEFAULT_STATUS_STAGES),
  /** The criteria reviewers rate applicants on (`scorecard.ts`), in order. */
  scorecard: scorecardSchema.default(defaultScorecard()),
});
export type Job = z.infer<typeof jobSchema>;

/**
 * A job being edited: not yet saved, so no id, owner or creation date (autosave
 * creates when there is no _id).
 */
export const jobDraftSchema = jobSchema.extend({
  _id: idSchema.optional(),
  owner: miniUserSchema.optional(),
  createdAt: isoDateSchema.optional(),
});
export type JobDraft = z.infer<typeof jobDraftSchema>;

/** Job list filter (`GET job?filters`), 1-based pages. */
export const jobFilterSchema = z.object({
  txt: searchTextSchema,
  showArchived: queryBooleanSchema.default(false),
  /** Only the jobs of this department (MULTI_DEPARTMENT_ORGANIZATION); `none` for jobs without one. */
  departmentId: optionalQueryTextSchema,
  currPage: currPageSchema,
  itemsPerPage: itemsPerPageSchema(JOB_PAGE_SIZE),
});
export type JobFilter = z.infer<typeof jobFilterSchema>;

/** Answer of `GET job`. */
export const jobListResponseSchema = z.object({
  jobs: z.array(jobSchema),
  pageCount: z.number().int().min(0),
  filteredJobCount: z.number().int().min(0),
  /** The count stopped at LIST_COUNT_CAP: there are more (the UI shows "10,000+"). */
  filteredJobCountCapped: z.boolean().optional(),
  totalJobCount: z.number().int().min(0),
  totalJobCountCapped: z.boolean().optional(),
});
export type JobListResponse = z.infer<typeof jobListResponseSchema>;
