import { describe, expect, it } from 'vitest';
import {
  dateFilterLabelKey,
  daysAgoToDate,
  formatDate,
  formatDateWithYear,
  formatDuration,
  formatTime,
} from './dates';
import { isoDateOrDateTimeSchema, isoDateSchema } from './date-schemas';

const ISO = '2024-01-05T14:07:09.000Z';
const SAME_YEAR = new Date('2024-06-01T00:00:00.000Z');

describe('formatDate / formatTime', () => {
  it('English short date: month short then day', () => {
    expect(formatDate(ISO, 'en', 'UTC', SAME_YEAR)).toBe('Jan 5');
  });

  it('shows the year when it is not the current one, in either language', () => {
    const nextYear = new Date('2025-03-01T00:00:00.000Z');
    expect(formatDate(ISO, 'en', 'UTC', nextYear)).toBe('Jan 5, 2024');
    expect(formatDate(ISO, 'he', 'UTC', nextYear)).toBe(
      new Intl.DateTimeFormat('he-IL', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(ISO)),
    );
    expect(formatDate(ISO, 'he', 'UTC', nextYear)).toContain('2024');
    // The year is the viewer's: late on 31 December in UTC is already next year in Jerusalem.
    expect(formatDate('2024-12-31T23:00:00.000Z', 'en', 'UTC', nextYear)).toBe('Dec 31, 2024');
    expect(formatDate('2024-12-31T23:00:00.000Z', 'en', 'Asia/Jerusalem', nextYear)).toBe('Jan 1');
  });

  it('Hebrew short date uses he-IL, day first', () => {
    const text = formatDate(ISO, 'he', 'UTC', SAME_YEAR);
    expect(text).toBe(
      new Intl.DateTimeFormat('he-IL', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
        new Date(ISO),
      ),
    );
    expect(text.startsWith('5')).toBe(true);
  });

  it.each([
    ['en', {}, '02:07 PM'],
    ['en', { withSeconds: true }, '02:07:09 PM'],
    ['he', {}, '14:07'],
    ['he', { withSeconds: true }, '14:07:09'],
  ] as const)('%s time with %j → %s', (lang, options, text) => {
    expect(formatTime(ISO, lang, { ...options, timeZone: 'UTC' })).toBe(text);
  });
});

describe('daysAgoToDate', () => {
  it.each([
    [7, '2024-03-24T12:00:00.000Z'],
    [31, '2024-02-29T12:00:00.000Z'],
    [90, '2024-01-01T12:00:00.000Z'],
    [0, '2024-03-31T12:00:00.000Z'],
  ])('%i days before 2024-03-31 noon → %s', (days, iso) => {
    expect(daysAgoToDate(days, new Date('2024-03-31T12:00:00.000Z')).toISOString()).toBe(iso);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '00:00'],
    [5.9, '00:05'],
    [65, '01:05'],
    [600, '10:00'],
    [6000, '100:00'],
    [-3, '00:00'],
    [Number.NaN, '00:00'],
  ])('%s s → %s', (sec, text) => {
    expect(formatDuration(sec)).toBe(text);
  });
});

describe('ISO date schemas', () => {
  it.each([
    ['2024-01-05T14:07:09.000Z', true],
    ['2024-01-05T14:07:09+02:00', true],
    ['2024-01-05', false],
    ['yesterday', false],
  ])('isoDateSchema %s → %s', (value, ok) => {
    expect(isoDateSchema.safeParse(value).success).toBe(ok);
  });

  it.each([
    ['2024-01-05', true],
    ['2024-01-05T14:07:09Z', true],
    ['05/01/2024', false],
  ])('isoDateOrDateTimeSchema %s → %s', (value, ok) => {
    expect(isoDateOrDateTimeSchema.safeParse(value).success).toBe(ok);
  });

  it('date filter labels', () => {
    expect(dateFilterLabelKey(31)).toBe('dateFilter.31');
  });
});

describe('formatDateWithYear', () => {
  it('names the year in both languages', () => {
    expect(formatDateWithYear('2025-12-01T10:00:00.000Z', 'en', 'UTC')).toBe('Dec 1, 2025');
    expect(formatDateWithYear('2025-12-01T10:00:00.000Z', 'he', 'UTC')).toContain('2025');
  });
});
