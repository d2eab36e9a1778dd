import type { FunnelPeriod } from '@candid/domain';

const DAY_MS = 86_400_000;

const dayOf = (value: string) => Date.parse(`${value}T00:00:00Z`);
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first day of every period from `from` to `to` (weeks start on Monday, as date_trunc). */
export function periodsOf(from: string, to: string, interval: 'day' | 'week'): string[] {
  let start = dayOf(from);
  if (interval === 'week') {
    const weekday = (new Date(start).getUTCDay() + 6) % 7; // Monday 0
    start -= weekday * DAY_MS;
  }
  const step = interval === 'week' ? 7 * DAY_MS : DAY_MS;
  const periods: string[] = [];
  for (let at = start; at <= dayOf(to); at += step) periods.push(toDay(at));
  return periods;
}

type StepKey = Exclude<keyof FunnelPeriod, 'period'>;

/** Every period with zeros (a range where nothing happened). */
export function emptySeries(periods: string[]): FunnelPeriod[] {
  return periods.map((period) => ({
    period,
    invited: 0,
    opened: 0,
    started: 0,
    submitted: 0,
    reviewed: 0,
    decided: 0,
  }));
}

/** The grouped rows laid over every period, so a chart shows the days nothing happened too. */
export function fillSeries(
  periods: string[],
  rows: { period: string; metric: number; n: number }[],
  metrics: Record<StepKey, number>,
): FunnelPeriod[] {
  const byPeriod = new Map(emptySeries(periods).map((entry) => [entry.period, entry]));
  const keyOf = new Map(Object.entries(metrics).map(([key, metric]) => [metric, key as StepKey]));
  for (const row of rows) {
    const entry = byPeriod.get(row.period);
    const key = keyOf.get(row.metric);
    if (entry && key) entry[key] = Math.max(0, entry[key] + row.n);
  }
  return [...byPeriod.values()];
}
