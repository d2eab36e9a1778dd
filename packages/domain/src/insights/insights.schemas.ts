import { z } from 'zod';
import { optionalQueryTextSchema } from '../common/query';
import { BROWSER_KINDS, DEVICE_KINDS, FUNNEL_STEPS } from './insight.rules';

/** The longest date range one funnel request covers (two years and a day). */
export const INSIGHTS_MAX_RANGE_DAYS = 731;

const dayRegex = /^\d{4}-\d{2}-\d{2}$/u;
const daySchema = z
  .string()
  .regex(dayRegex, 'Expected a date as YYYY-MM-DD')
  .refine((value) => {
    const ms = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(value);
  }, 'Not a calendar date');

/**
 * Query of `GET insights/funnel`: one job, one department or (neither) the whole organisation,
 * from and to (UTC days, both included), counted by day or by week (weeks start on Monday).
 */
export const insightsFunnelQuerySchema = z
  .object({
    jobId: optionalQueryTextSchema,
    departmentId: optionalQueryTextSchema,
    from: daySchema,
    to: daySchema,
    interval: z.enum(['day', 'week']).default('day'),
    viewAsId: optionalQueryTextSchema,
  })
  .refine((q) => !(q.jobId && q.departmentId), {
    message: 'Choose a job or a department, not both',
    path: ['departmentId'],
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] })
  .refine(
    (q) =>
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 <
      INSIGHTS_MAX_RANGE_DAYS,
    { message: `A range covers at most ${INSIGHTS_MAX_RANGE_DAYS} days`, path: ['from'] },
  );
export type InsightsFunnelQuery = z.infer<typeof insightsFunnelQuerySchema>;

const countSchema = z.number().int().nonnegative();

export const funnelStepSchema = z.object({
  key: z.enum(FUNNEL_STEPS),
  count: countSchema,
  /** Share (0–1) of the step before that reached this one; null for the first step or none before. */
  conversion: z.number().nullable(),
});

/** Estimated from the duration buckets (minutes); null when nothing was timed. */
export const durationSummarySchema = z.object({
  count: countSchema,
  medianMin: z.number().nullable(),
  p90Min: z.number().nullable(),
});

export const funnelPeriodSchema = z.object({
  /** First day of the period (a Monday for weeks). */
  period: z.string(),
  invited: countSchema,
  opened: countSchema,
  started: countSchema,
  submitted: countSchema,
  reviewed: countSchema,
  decided: countSchema,
});
export type FunnelPeriod = z.infer<typeof funnelPeriodSchema>;

export const insightsFunnelSchema = z.object({
  scope: z.object({
    kind: z.enum(['organization', 'department', 'job']),
    id: z.string().nullable(),
    name: z.string().nullable(),
  }),
  from: z.string(),
  to: z.string(),
  interval: z.enum(['day', 'week']),
  /** False when nothing happened in the range: the screen shows an empty state, not zeros. */
  hasData: z.boolean(),
  steps: z.array(funnelStepSchema),
  /** Of the invitations sent in the range, how many were opened (by when they were opened). */
  invitedOpened: countSchema,
  /** Interviews left unfinished (quit) in the range. */
  quit: countSchema,
  /** Submitted of started in the range (0–1); null when none started. */
  completionRate: z.number().nullable(),
  timeToComplete: durationSummarySchema,
  timeToFirstReview: durationSummarySchema,
  /**
   * Who quit, by the number of questions they had answered (0: quit before the first answer);
   * for one job with the question each number stands for.
   */
  dropOff: z.array(
    z.object({
      answered: countSchema,
      count: countSchema,
      questId: z.string().nullable(),
      questTxt: z.string().nullable(),
    }),
  ),
  devices: z.array(z.object({ key: z.enum(DEVICE_KINDS), count: countSchema })),
  browsers: z.array(z.object({ key: z.enum(BROWSER_KINDS), count: countSchema })),
  series: z.array(funnelPeriodSchema),
});
export type InsightsFunnel = z.infer<typeof insightsFunnelSchema>;
