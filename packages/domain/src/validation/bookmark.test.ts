import { describe, expect, it } from 'vitest';
import { bookmarkToSeconds, parseBookmark } from './bookmark';

const OUTSIDE = { ok: false, key: 'validation.OUTSIDE_LIMITS' };

describe('parseBookmark', () => {
  it.each([
    ['0', '5', 300, '00:05', 5],
    ['1', '5', 300, '01:05', 65],
    ['01', '05', 300, '01:05', 65],
    ['2', '59', 300, '02:59', 179],
    ['5', '0', 300, '05:00', 300],
    [' 3 ', ' 7 ', 300, '03:07', 187],
    ['99', '59', 6000, '99:59', 5999],
  ])('%j:%j in a %i s video → %s (%i s)', (mm, ss, duration, value, seconds) => {
    expect(parseBookmark(mm, ss, duration)).toEqual({ ok: true, value, seconds });
  });

  it.each([
    ['', '5'],
    ['1', ''],
    ['', ''],
    [null, '5'],
    ['1', undefined],
  ])('%j:%j → nothing attached, no error', (mm, ss) => {
    expect(parseBookmark(mm, ss, 300)).toEqual({ ok: true, value: null, seconds: null });
  });

  it.each([
    ['seconds 60', '0', '60', 300],
    ['seconds 99', '1', '99', 300],
    ['three-digit minutes', '100', '00', 100_000],
    ['three-digit seconds', '0', '005', 300],
    ['past the end', '5', '1', 300],
    ['letters', 'a', '5', 300],
    ['negative', '-1', '5', 300],
    ['decimal', '1.5', '5', 300],
    ['unknown duration', '0', '1', Number.NaN],
    ['empty video', '0', '1', 0],
  ])('%s → OUTSIDE_LIMITS', (_name, mm, ss, duration) => {
    expect(parseBookmark(mm, ss, duration)).toEqual(OUTSIDE);
  });
});

describe('bookmarkToSeconds', () => {
  it.each([
    ['00:00', 0],
    ['01:05', 65],
    ['10:59', 659],
    ['1:05', 65],
    ['01:60', null],
    ['abc', null],
    ['', null],
  ])('%j → %j', (value, seconds) => {
    expect(bookmarkToSeconds(value)).toBe(seconds);
  });
});
