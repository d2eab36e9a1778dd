import type { DateFilterDays, Language } from './constants';

// Dates as people read them. No zod here: the candidate's invitation formats dates and must not
// download the schema library for it (the wire formats are in ./date-schemas).

/** Locale each UI language formats dates with. */
export const DATE_LOCALES: Record<Language, string> = { en: 'en-US', he: 'he-IL' };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar year of `date` in `timeZone` (the runtime's zone when not given). */
function yearIn(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/**
 * Short date: month short plus day numeric, ordered by the locale ("Jan 5" in English,
 * "5 בינו׳" in Hebrew), with the year when it is not this year's ("Dec 1, 2025"), so a date a
 * year old never reads as this year's. `timeZone` defaults to the runtime's zone, i.e. the
 * viewer's; `now` says what "this year" is.
 */
export function formatDate(
  iso: string,
  lang: Language,
  timeZone?: string,
  now: Date = new Date(),
): string {
  const date = new Date(iso);
  const isOtherYear = yearIn(date, timeZone) !== yearIn(now, timeZone);
  return new Intl.DateTimeFormat(DATE_LOCALES[lang], {
    ...(isOtherYear ? { year: 'numeric' } : {}),
    month: 'short',
    day: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/**
 * Short date with its year ("Dec 1, 2025", "1 בדצמ׳ 2025"), where the year matters: how long
 * data has been kept.
 */
export function formatDateWithYear(iso: string, lang: Language, timeZone?: string): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[lang], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

/** Time with 2-digit hour and minute, and seconds when asked for. */
export function formatTime(
  iso: string,
  lang: Language,
  options: { withSeconds?: boolean; timeZone?: string } = {},
): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[lang], {
    hour: '2-digit',
    minute: '2-digit',
    ...(options.withSeconds ? { second: '2-digit' } : {}),
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(new Date(iso));
}

/** The moment `daysAgo` whole days before `now`, the lower bound of a "last N days" filter. */
export function daysAgoToDate(daysAgo: number, now: Date): Date {
  return new Date(now.getTime() - daysAgo * DAY_MS);
}

/** Seconds as `mm:ss` (minutes zero-padded, not capped at 59), as the player and bookmarks show. */
export function formatDuration(totalSec: number): string {
  const safe = Number.isFinite(totalSec) && totalSec > 0 ? Math.floor(totalSec) : 0;
  const minutes = Math.floor(safe / 60);
  const seconds = safe % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** i18n key of a date filter choice, e.g. `dateFilter.31`. */
export function dateFilterLabelKey(days: DateFilterDays): `dateFilter.${DateFilterDays}` {
  return `dateFilter.${days}`;
}

/** English date filter labels. */
export const DATE_FILTER_I18N_EN: Record<`dateFilter.${DateFilterDays}`, string> = {
  'dateFilter.7': 'Last week',
  'dateFilter.31': 'Last month',
  'dateFilter.90': 'Last 3 months',
};
