import {
  BROWSER_KINDS,
  DEVICE_KINDS,
  DURATION_BUCKET_BOUNDS_MIN,
  FUNNEL_STEPS,
  conversionRate,
  percentileFromBuckets,
  type InsightsFunnel,
  type InsightsFunnelQuery,
} from '@candid/domain';
import { and, between, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insightDepartmentDays, insightJobDays, insightOrgDays } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { authorize, type StaffActor } from '../../policies';
import { findDepartment } from '../departments/departments.service';
import { findJobForInsights } from '../jobs/job-insight-lookups';
import { emptySeries, fillSeries, periodsOf } from './insights.periods';

/**
 * The hiring funnel (docs/features.md, "Insights"), read from the kept aggregates that triggers
 * on applicants and jobs write (db/schema/insights.ts), one table per scope (organisation,
 * department, job): two grouped reads of one primary-key range, so
 * the answer's cost follows the days and metrics in the range, never the applicants.
 */

/** Metric codes of the aggregates (migration `insights_triggers`). */
const METRIC = {
  invited: 1,
  opened: 2,
  invitedOpened: 3,
  started: 4,
  submitted: 5,
  quit: 6,
  reviewed: 7,
  decided: 8,
  completeBucket: 100,
  reviewBucket: 200,
  device: 300,
  browser: 400,
  dropOff: 500,
} as const;

/** The funnel's steps' metrics (the first eight codes, in the aggregates' numbering). */
const STEP_METRIC: Record<(typeof FUNNEL_STEPS)[number], number> = {
  invited: METRIC.invited,
  opened: METRIC.opened,
  started: METRIC.started,
  submitted: METRIC.submitted,
  reviewed: METRIC.reviewed,
  decided: METRIC.decided,
};

type Scope =
  | { kind: 'organization'; id: null; name: null }
  | { kind: 'department'; id: string; name: string }
  | { kind: 'job'; id: string; name: string; quests: { id: string; txt: string }[] };

/** The scope a query names, checked against the actor's organisation (404 for anyone else's). */
async function resolveScope(db: Db, actor: StaffActor, query: InsightsFunnelQuery): Promise<Scope> {
  if (query.jobId) {
    const job = isUuid(query.jobId) ? await findJobForInsights(db, query.jobId) : null;
    if (!job) throw new AppError('NOT_FOUND_ERR');
    authorize(actor, 'insights.read', { orgId: job.orgId, jobId: job.id });
    return {
      kind: 'job',
      id: job.id,
      name: job.title,
      quests: job.quests.map((quest) => ({ id: quest.id, txt: quest.txt })),
    };
  }
  if (query.departmentId) {
    const department = isUuid(query.departmentId)
      ? await findDepartment(db, query.departmentId)
      : null;
    if (!department) throw new AppError('NOT_FOUND_ERR');
    authorize(actor, 'insights.read', { orgId: department.orgId });
    return { kind: 'department', id: department.id, name: department.name };
  }
  authorize(actor, 'insights.read', { orgId: actor.orgId });
  return { kind: 'organization', id: null, name: null };
}

interface MetricRow {
  metric: number;
  n: number;
}
interface PeriodRow extends MetricRow {
  period: string;
}

/** The two grouped reads (totals per metric; funnel steps per period) for a scope. */
async function readAggregates(
  db: Db,
  actor: StaffActor,
  scope: Scope,
  query: InsightsFunnelQuery,
): Promise<{ totals: MetricRow[]; periods: PeriodRow[] }> {
  const table =
    scope.kind === 'organization'
      ? insightOrgDays
      : scope.kind === 'department'
        ? insightDepartmentDays
        : insightJobDays;
  const where: SQL | undefined = and(
    scope.kind === 'organization'
      ? eq(insightOrgDays.orgId, actor.orgId)
      : scope.kind === 'department'
        ? eq(insightDepartmentDays.departmentId, scope.id)
        : eq(insightJobDays.jobId, scope.id),
    between(table.day, query.from, query.to),
    ne(table.n, 0),
  );
  const period =
    query.interval === 'week' ? sql<string>`date_trunc('week', ${table.day})::date` : table.day;
  const [totals, periods] = await Promise.all([
    db
      .select({ metric: table.metric, n: sql<number>`sum(${table.n})::int` })
      .from(table)
      .where(where)
      .groupBy(table.metric),
    db
      .select({
        period: sql<string>`${period}::text`,
        metric: table.metric,
        n: sql<number>`sum(${table.n})::int`,
      })
      .from(table)
      .where(and(where, lt(table.metric, 100)))
      .groupBy(period, table.metric),
  ]);
  return { totals, periods };
}

/** The funnel of the organisation, a department or a job over a range (`GET insights/funnel`). */
export async function getInsightsFunnel(
  db: Db,
  actor: StaffActor,
  query: InsightsFunnelQuery,
): Promise<InsightsFunnel> {
  const scope = await resolveScope(db, actor, query);
  const { totals, periods } = await readAggregates(db, actor, scope, query);
  const count = new Map<number, number>();
  for (const row of totals) count.set(Number(row.metric), Number(row.n));
  const get = (metric: number) => Math.max(0, count.get(metric) ?? 0);
  const buckets = (base: number) =>
    Array.from({ length: DURATION_BUCKET_BOUNDS_MIN.length + 1 }, (_, i) => get(base + i));
  const duration = (base: number) => {
    const counts = buckets(base);
    return {
      count: counts.reduce((sum, n) => sum + n, 0),
      medianMin: percentileFromBuckets(counts, 50),
      p90Min: percentileFromBuckets(counts, 90),
    };
  };

  const steps = FUNNEL_STEPS.map((key, index) => {
    const value = get(STEP_METRIC[key]);
    const before = index === 0 ? null : FUNNEL_STEPS[index - 1]!;
    // Candidates of the public link enter at "opened": of the invited, only those who opened
    // an invitation count toward the first conversion.
    const conversion =
      before === null
        ? null
        : key === 'opened'
          ? conversionRate(get(METRIC.invited), get(METRIC.invitedOpened))
          : conversionRate(get(STEP_METRIC[before]), value);
    return { key, count: value, conversion };
  });

  const dropOff = [...count.keys()]
    .filter((metric) => metric >= METRIC.dropOff && metric < METRIC.dropOff + 100)
    .sort((a, b) => a - b)
    .map((metric) => {
      const answered = metric - METRIC.dropOff;
      const quest = scope.kind === 'job' && answered > 0 ? scope.quests[answered - 1] : undefined;
      return {
        answered,
        count: get(metric),
        questId: quest?.id ?? null,
        questTxt: quest?.txt ?? null,
      };
    })
    .filter((row) => row.count > 0);

  const allPeriods = periodsOf(query.from, query.to, query.interval);
  const series = fillSeries(
    allPeriods,
    periods.map((row) => ({ period: row.period, metric: Number(row.metric), n: Number(row.n) })),
    {
      invited: METRIC.invited,
      opened: METRIC.opened,
      started: METRIC.started,
      submitted: METRIC.submitted,
      reviewed: METRIC.reviewed,
      decided: METRIC.decided,
    },
  );
  const hasData = totals.some((row) => Number(row.n) > 0);

  return {
    scope: { kind: scope.kind, id: scope.id, name: scope.name },
    from: query.from,
    to: query.to,
    interval: query.interval,
    hasData,
    steps,
    invitedOpened: get(METRIC.invitedOpened),
    quit: get(METRIC.quit),
    completionRate: conversionRate(get(METRIC.started), get(METRIC.submitted)),
    timeToComplete: duration(METRIC.completeBucket),
    timeToFirstReview: duration(METRIC.reviewBucket),
    dropOff,
    devices: DEVICE_KINDS.map((key, i) => ({ key, count: get(METRIC.device + i) })),
    browsers: BROWSER_KINDS.map((key, i) => ({ key, count: get(METRIC.browser + i) })),
    series: hasData ? series : emptySeries(allPeriods),
  };
}
