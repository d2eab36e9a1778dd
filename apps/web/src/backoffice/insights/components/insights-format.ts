import type { InsightsFunnel } from '@candid/domain';
import type { TFunction } from 'i18next';

/** A share (0–1) as a percentage in the reader's language; a dash when there is none. */
export function formatPercent(value: number | null, lang: string): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

export function formatCount(value: number, lang: string): string {
  return new Intl.NumberFormat(lang).format(value);
}

/** Minutes as minutes, hours or days, whichever reads best; a dash when nothing was timed. */
export function formatDuration(minutes: number | null, t: TFunction, lang: string): string {
  if (minutes === null) return '—';
  const number = (value: number) =>
    new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(value);
  if (minutes < 90) return t('insights.duration.minutes', { value: number(minutes) });
  if (minutes < 48 * 60) return t('insights.duration.hours', { value: number(minutes / 60) });
  return t('insights.duration.days', { value: number(minutes / 1440) });
}

/** The label of a drop-off row: the question quit after, or "before the first answer". */
export function dropOffLabel(row: InsightsFunnel['dropOff'][number], t: TFunction): string {
  if (row.answered === 0) return t('insights.dropOff.beforeFirst');
  if (row.questTxt)
    return t('insights.dropOff.afterQuestion', { n: row.answered, txt: row.questTxt });
  return t('insights.dropOff.afterAnswers', { count: row.answered });
}
