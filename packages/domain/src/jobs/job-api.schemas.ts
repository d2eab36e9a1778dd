import { z } from 'zod';
import { publicConsentNoticeSchema } from '../applicants/consent';
import { orgBrandSchema } from '../brand/brand.schemas';
import { DEFAULT_SORTS, JOB_DEFAULT_TIME_LIMIT_MIN, type SortOrder } from '../common/constants';
import { idSchema, makeRandomId } from '../common/ids';
import { optionalQueryTextSchema } from '../common/query';
import { jobInputSchema } from '../validation/job-input';
import { VALIDATION_KEYS } from '../validation/validation-keys';
import { applyJobDefaults, isDescriptionShown } from './job.rules';
import { isJobClosed } from './closing-date';
import { isoDateSchema } from '../common/date-schemas';
import {
  jobCompanySchema,
  jobFilterSchema,
  jobInfoSchema,
  jobRuleSchema,
  jobSchema,
  type Job,
} from './job.schemas';
import { optionFallbackText, questionSchema } from './question.schemas';
import { defaultScorecard, fillScorecardBlanks } from './scorecard';

/**
 * The wire shapes of the job calls ("Jobs") that the entity schemas do not cover:
 * list query with sort and view-as, create and update bodies, and the public invitation data.
 */

type PlainObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A missing text counts as empty, so the product's "empty → default" rules cover it too. */
function asText(value: unknown): unknown {
  return value === undefined || value === null ? '' : value;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && !value.trim());
}

/**
 * Fills the blanks of questions as sent by an editor: a missing, blank or repeated id gets a
 * fresh random one (answers are keyed by question id, so ids must be unique within a job); a
 * missing time limit gets `defaultTimeLimitMin`; an empty option text becomes "Option N"
 *. Anything that is not a question object is left for validation to reject.
 */
export function fillQuestionBlanks(quests: unknown, defaultTimeLimitMin: number): unknown {
  if (!Array.isArray(quests)) return quests;
  const seen = new Set<string>();
  return quests.map((quest: unknown) => {
    if (!isPlainObject(quest)) return quest;
    let id = typeof quest.id === 'string' ? quest.id.trim() : '';
    while (!id || seen.has(id)) id = makeRandomId();
    seen.add(id);
    const filled: PlainObject = { ...quest, id };
    if (quest.timeLimit === undefined || quest.timeLimit === null || quest.timeLimit === '') {
      filled.timeLimit = defaultTimeLimitMin;
    }
    if (Array.isArray(quest.opts)) {
      filled.opts = quest.opts.map((opt: unknown, index) =>
        isPlainObject(opt) && isBlank(opt.txt) ? { ...opt, txt: optionFallbackText(index) } : opt,
      );
    }
    return filled;
  });
}

/**
 * A job as an editor sends it, with the product's blanks filled: empty title →
 * "Untitled job", empty company → "company", empty question → "question" (applyJobDefaults),
 * in the recruiter's language `lang` (the server fills a save's blanks in the caller's language
 * before validation; the schema's own pass, without a language, then finds none in English),
 * plus question ids, time limits ({@link JOB_DEFAULT_TIME_LIMIT_MIN}) and option texts.
 * The scorecard's blank criteria are filled too (`fillScorecardBlanks`); with `isNew`, a job sent
 * without a scorecard gets the default one in `lang`.
 * Values of the wrong type are left as they are for {@link jobInputSchema} to report.
 */
export function fillJobBlanks(
  value: unknown,
  lang?: string | null,
  options: { isNew?: boolean } = {},
): unknown {
  if (!isPlainObject(value) || !isPlainObject(value.info) || !isPlainObject(value.company)) {
    return value;
  }
  const quests = fillQuestionBlanks(value.quests, JOB_DEFAULT_TIME_LIMIT_MIN);
  const scorecard =
    value.scorecard === undefined || value.scorecard === null
      ? options.isNew
        ? defaultScorecard(lang)
        : undefined
      : fillScorecardBlanks(value.scorecard, lang);
  const shaped = {
    ...value,
    ...(scorecard === undefined ? {} : { scorecard }),
    info: { ...value.info, title: asText(value.info.title) },
    company: { ...value.company, name: asText(value.company.name) },
    quests: Array.isArray(quests)
      ? quests.map((quest: unknown) =>
          isPlainObject(quest) ? { ...quest, txt: asText(quest.txt) } : quest,
        )
      : quests,
  };
  const isFillable =
    typeof shaped.info.title === 'string' &&
    typeof shaped.company.name === 'string' &&
    Array.isArray(shaped.quests) &&
    shaped.quests.every((quest: unknown) => isPlainObject(quest) && typeof quest.txt === 'string');
  if (!isFillable) return shaped;
  return applyJobDefaults(shaped as Parameters<typeof applyJobDefaults>[0], lang);
}

/**
 * A job as `POST job` and `PUT job` accept it: blanks filled ({@link fillJobBlanks}), then the
 * job rules of {@link jobInputSchema} (one answer type per question, 1–30 minutes, screen only
 * with one try). Unknown fields such as `applicants`, `owner` or `createdAt` are dropped.
 */
export const jobSaveInputSchema = z.preprocess((value) => fillJobBlanks(value), jobInputSchema);
export type JobSaveInput = z.infer<typeof jobSaveInputSchema>;

/**
 * The admin "view as" user, honoured by the server only for role admin. Empty or
 * null means "myself".
 */
export const viewAsIdSchema = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || undefined);

/** The view-as user of a GET or DELETE call, in the query string. */
export const viewAsQuerySchema = z.object({ viewAsId: optionalQueryTextSchema });

/** Body of `POST job`. */
export const createJobBodySchema = z.object({
  job: jobSaveInputSchema,
  viewAsId: viewAsIdSchema,
});
export type CreateJobBody = z.infer<typeof createJobBodySchema>;

/** Body of `PUT job`: several jobs, each with its id; all or nothing is saved. */
export const updateJobsBodySchema = z.object({
  jobs: z
    .array(
      jobSaveInputSchema.refine((job) => Boolean(job._id), {
        error: VALIDATION_KEYS.REQUIRED_VALIDATE,
        path: ['_id'],
      }),
    )
    .min(1, { error: VALIDATION_KEYS.REQUIRED_VALIDATE }),
  viewAsId: viewAsIdSchema,
});
export type UpdateJobsBody = z.infer<typeof updateJobsBodySchema>;

/** Answer of `PUT job`: the saved jobs, in the order sent. */
export const updateJobsResponseSchema = z.object({ jobs: z.array(jobSchema) });
export type UpdateJobsResponse = z.infer<typeof updateJobsResponseSchema>;

/** Body of the clone call: only the view-as user; the body may be left out. */
export const cloneJobBodySchema = z
  .object({ viewAsId: viewAsIdSchema })
  .nullish()
  .transform((body) => ({ viewAsId: body?.viewAsId }));

/** Job list columns that can be sorted on. */
export const JOB_SORT_FIELDS = ['createdAt', 'title', 'location'] as const;
export type JobSortField = (typeof JOB_SORT_FIELDS)[number];

export interface JobSort {
  field: JobSortField;
  order: SortOrder;
}

const DEFAULT_JOB_SORT = `${DEFAULT_SORTS.jobs.field}:${DEFAULT_SORTS.jobs.order}`;

/**
 * A job-list sort in the query string as `field:order` (`title:asc`); a bare field sorts
 * ascending. Defaults to the product's createdAt descending.
 */
export const jobSortSchema = z
  .string()
  .trim()
  .default(DEFAULT_JOB_SORT)
  .transform((value, ctx): JobSort => {
    const [field = '', order = 'asc'] = (value || DEFAULT_JOB_SORT).split(':');
    if (
      !(JOB_SORT_FIELDS as readonly string[]).includes(field) ||
      (order !== 'asc' && order !== 'desc')
    ) {
      ctx.addIssue({ code: 'custom', message: VALIDATION_KEYS.INVALID_VALUE });
      return z.NEVER;
    }
    return { field: field as JobSortField, order };
  });

/** `GET job?filters&sort`: the job filter plus sort and the admin's view-as user. */
export const jobListQuerySchema = jobFilterSchema.extend({
  sort: jobSortSchema,
  viewAsId: optionalQueryTextSchema,
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;

/** `GET job/jobCount?filters`: the filters that count (search and archive view). */
export const jobCountQuerySchema = jobFilterSchema
  .pick({ txt: true, showArchived: true, departmentId: true })
  .extend({ viewAsId: optionalQueryTextSchema });
export type JobCountQuery = z.infer<typeof jobCountQuerySchema>;

/** Answer of `GET job/jobCount`: how many jobs match the filters. */
export const jobCountResponseSchema = z.object({
  jobCount: z.number().int().min(0),
  /** The count stopped at LIST_COUNT_CAP: there are more. */
  jobCountCapped: z.boolean().optional(),
});
export type JobCountResponse = z.infer<typeof jobCountResponseSchema>;

/** A question as a candidate sees it: multiple-choice options without their correct flags. */
export const publicQuestionSchema = questionSchema
  .omit({ scoring: true, knockoutStatus: true })
  .extend({
    opts: z.array(z.object({ txt: z.string() })).optional(),
  });
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;

/**
 * What the unauthenticated invitation and interview pages may know of a job (the
 * candidate invitation page): no owner, applicants, dates or correct answers.
 */
export const publicJobSchema = z.object({
  _id: idSchema,
  info: jobInfoSchema,
  company: jobCompanySchema,
  rule: jobRuleSchema,
  quests: z.array(publicQuestionSchema),
  /** The closing date, if any (the invitation may say "closes on …"). */
  closesAt: isoDateSchema.nullable().default(null),
  /** Past the closing date: the page says the job is closed instead of inviting. */
  isClosed: z.boolean().default(false),
  /** The consent notice the candidate must accept before anything is recorded. */
  consentNotice: publicConsentNoticeSchema.optional(),
  /** The organisation's brand, which the candidate pages wear from their first paint. */
  brand: orgBrandSchema.optional(),
});
export type PublicJob = z.infer<typeof publicJobSchema>;

/** The public form of a job: drops everything a candidate must not see. */
export function toPublicJob(
  job: Pick<Job, '_id' | 'info' | 'company' | 'rule' | 'quests'> & { closesAt?: string | null },
  now: Date = new Date(),
): PublicJob {
  const closesAt = job.closesAt ?? null;
  return {
    closesAt,
    isClosed: isJobClosed(closesAt, now),
    _id: job._id,
    // A description the recruiter chose not to show is not sent either.
    info: { ...job.info, desc: isDescriptionShown(job.info) ? job.info.desc : '' },
    company: { ...job.company },
    rule: { ...job.rule },
    // Scoring is the recruiters' alone: a candidate never learns which answers count or knock out.
    quests: job.quests.map(({ opts, scoring: _scoring, knockoutStatus: _status, ...quest }) => ({
      ...quest,
      ...(opts ? { opts: opts.map((opt) => ({ txt: opt.txt })) } : {}),
    })),
  };
}
