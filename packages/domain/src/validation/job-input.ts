import { z } from 'zod';
import { THINK_TIME_MAX_SEC, TIME_LIMIT_RANGE_MIN } from '../common/constants';
import { statusStagesInputSchema } from '../applicants/application-stage';
import { isoDateSchema } from '../common/date-schemas';
import { idSchema } from '../common/ids';
import { answerRuleSchema } from '../jobs/answer-rule';
import { scorecardInputSchema } from '../jobs/scorecard';
import { jobRuleSchema } from '../jobs/job.schemas';
import { VALIDATION_KEYS } from './validation-keys';
import type { ValidationKey } from './validation-keys';
import { optionalString, rangeSchema, requiredString } from './primitives';
import {
  isRichTextBlank,
  JOB_DESC_MAX_CHARS,
  QUESTION_DESC_MAX_CHARS,
  richTextSchema,
} from './rich-text';

/** Time limit in whole minutes, 1–30. */
export const timeLimitInputSchema = rangeSchema(
  TIME_LIMIT_RANGE_MIN.min,
  TIME_LIMIT_RANGE_MIN.max,
  {
    integer: true,
  },
);

/**
 * Thinking time in whole seconds, 1 to THINK_TIME_MAX_SEC; empty, null or 0 means off (the
 * default), stored as absent.
 */
export const thinkTimeInputSchema = z
  .preprocess(
    (value) => (value === 0 || value === '' || value === '0' ? null : value),
    rangeSchema(1, THINK_TIME_MAX_SEC, { integer: true }).nullish(),
  )
  .transform((value) => value ?? null);

/** A multiple-choice option as edited; empty text is allowed and shown as "Option N". */
export const questionOptionInputSchema = z.object({
  txt: z.string().trim().default(''),
  isCorrect: z.boolean().default(false),
});

const questionInputShape = {
  id: z.string({ error: VALIDATION_KEYS.REQUIRED_VALIDATE }).trim().min(1, {
    error: VALIDATION_KEYS.REQUIRED_VALIDATE,
  }),
  txt: requiredString,
  desc: richTextSchema(QUESTION_DESC_MAX_CHARS),
  vidUrl: z.string().nullable().default(null),
  ansRule: answerRuleSchema,
  timeLimit: timeLimitInputSchema,
  thinkTimeSec: thinkTimeInputSchema,
  opts: z.array(questionOptionInputSchema).optional(),
  scoring: z.enum(['none', 'scored', 'knockout']).optional(),
  knockoutStatus: z.number().int().min(0).max(7).nullish(),
};

/** Runs an object-level rule even while fields have errors, so every error shows at once. */
const whenObject = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null,
};

/** A multiple-choice question needs at least two options to choose from. */
const optionsCheck = z.superRefine<{ ansRule?: { isMultiChoiceAns?: boolean }; opts?: unknown[] }>(
  (quest, ctx) => {
    if (quest.ansRule?.isMultiChoiceAns === true && (quest.opts?.length ?? 0) < 2) {
      ctx.addIssue({ code: 'custom', path: ['opts'], message: VALIDATION_KEYS.OPTIONS_REQUIRED });
    }
  },
  whenObject,
);

/** A question in the job editor: text required, one answer type, 1–30 minutes. */
export const questionInputSchema = z.object(questionInputShape).check(optionsCheck);
export type QuestionInput = z.infer<typeof questionInputSchema>;

/**
 * A job as created or updated: title and company name required, the description when it is
 * shown to candidates (`info.isDescShown`), at least one question, each question valid; a screen-recording question only when the job is one-try
 * (ANSWER_TYPE_NOT_ON_MULTIPLE_TRIES on that question's `ansRule`). Run applyJobDefaults
 * first where the editor fills blanks instead of reporting them.
 */
export const jobInputSchema = z
  .object({
    _id: idSchema.optional(),
    info: z.object({
      title: requiredString,
      location: optionalString.default(''),
      desc: richTextSchema(JOB_DESC_MAX_CHARS),
      /** Left out: unchanged on an update; on a new job, shown when the description has text. */
      isDescShown: z.boolean().optional(),
      coverUrl: z.string().default(''),
    }),
    company: z.object({ name: requiredString, logoUrl: z.string().default('') }),
    rule: jobRuleSchema,
    /** Left out: unchanged on an update, none on a new job. */
    departmentId: idSchema.nullable().optional(),
    quests: z.array(questionInputSchema).min(1, { error: VALIDATION_KEYS.QUESTIONS_REQUIRED }),
    archivedAt: isoDateSchema.nullable().optional(),
    /**
     * The closing date: an instant, null to remove it; left out keeps what is stored. Whether it
     * lies in the future needs the server's clock: `getClosingDateIssue` (closing-date.ts).
     */
    closesAt: isoDateSchema.nullable().optional(),
    /** The status page's rules; left out keeps what is stored (a missing status: its default). */
    statusStages: statusStagesInputSchema.optional(),
    /**
     * The scorecard's criteria: 1–10, labels of at most 80 characters. Left out: what
     * is stored stays on an update, the default (one overall criterion) on a new job.
     */
    scorecard: scorecardInputSchema.optional(),
  })
  .check(
    // A description shown to candidates may not be empty (markup without text is empty).
    z.superRefine<{ info?: { desc?: unknown; isDescShown?: unknown } }>((job, ctx) => {
      const desc = job.info?.desc;
      if (job.info?.isDescShown !== true || (typeof desc === 'string' && !isRichTextBlank(desc))) {
        return;
      }
      ctx.addIssue({
        code: 'custom',
        path: ['info', 'desc'],
        message: VALIDATION_KEYS.REQUIRED_VALIDATE,
      });
    }, whenObject),
    z.superRefine<{ rule?: { isOneTry?: unknown }; quests?: unknown }>((job, ctx) => {
      if (job.rule?.isOneTry !== false || !Array.isArray(job.quests)) return;
      job.quests.forEach((quest: unknown, index) => {
        const ansRule = (quest as { ansRule?: { isScreenAns?: unknown } } | null)?.ansRule;
        if (ansRule?.isScreenAns === true) {
          ctx.addIssue({
            code: 'custom',
            path: ['quests', index, 'ansRule'],
            message: VALIDATION_KEYS.ANSWER_TYPE_NOT_ON_MULTIPLE_TRIES,
          });
        }
      });
    }, whenObject),
  );
export type JobInput = z.infer<typeof jobInputSchema>;
/** The job as the editor holds it, before trimming and defaults. */
export type JobInputDraft = z.input<typeof jobInputSchema>;

/**
 * The one message the job editor shows above the form: "Required fields missing"
 * when any required field is empty, else the first other problem, else null when valid.
 */
export function getJobErrorSummaryKey(job: unknown): ValidationKey | null {
  const result = jobInputSchema.safeParse(job);
  if (result.success) return null;
  const messages = result.error.issues.map((issue) => issue.message);
  if (messages.includes(VALIDATION_KEYS.REQUIRED_VALIDATE)) {
    return VALIDATION_KEYS.REQUIRED_FIELDS_MISSING;
  }
  const known = Object.values(VALIDATION_KEYS) as string[];
  const first = messages.find((message) => known.includes(message));
  return (first as ValidationKey | undefined) ?? VALIDATION_KEYS.INVALID_VALUE;
}

/** One problem of a job as the editor lists it: where (the form's field path) and what. */
export interface JobIssue {
  /** The field's path in the job, dotted as the editor's form names it (`company.name`, `quests.0.txt`). */
  path: string;
  key: ValidationKey;
}

/**
 * Every problem of a job, each once, in the schema's order (title, company, questions, …), so
 * the editor can name each missing field and lead to it instead of one summary line.
 */
export function getJobIssues(job: unknown): JobIssue[] {
  const result = jobInputSchema.safeParse(job);
  if (result.success) return [];
  const known = Object.values(VALIDATION_KEYS) as string[];
  const seen = new Set<string>();
  const issues: JobIssue[] = [];
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    const key = known.includes(issue.message)
      ? (issue.message as ValidationKey)
      : VALIDATION_KEYS.INVALID_VALUE;
    issues.push({ path, key });
  }
  return issues;
}
