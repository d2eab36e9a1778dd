import { describe, expect, it } from 'vitest';
import type { ByteRange } from './byte-range';
import { formatRangeHeader, parseRangeHeader, resolveByteRange } from './byte-range';

describe('parseRangeHeader', () => {
  it.each<[string | undefined, ByteRange | undefined]>([
    [undefined, undefined],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100 }],
    ['bytes=-500', { suffixLength: 500 }],
    [' bytes=5-5 ', { start: 5, end: 5 }],
    ['bytes=9-2', undefined],
    ['bytes=-', undefined],
    ['bytes=0-1,4-5', undefined],
    ['bytes=a-b', undefined],
    ['items=0-1', undefined],
  ])('reads %j as %j', (header, expected) => {
    expect(parseRangeHeader(header)).toEqual(expected);
  });
});

describe('resolveByteRange', () => {
  it.each<[ByteRange, number, { start: number; end: number }]>([
    [{ start: 0, end: 9 }, 100, { start: 0, end: 9 }],
    [{ start: 90 }, 100, { start: 90, end: 99 }],
    [{ start: 95, end: 1000 }, 100, { start: 95, end: 99 }],
    [{ suffixLength: 10 }, 100, { start: 90, end: 99 }],
    [{ suffixLength: 1000 }, 100, { start: 0, end: 99 }],
  ])('resolves %j against %i bytes', (range, size, expected) => {
    expect(resolveByteRange(range, size)).toEqual(expected);
  });

  it.each<[ByteRange, number]>([
    [{ start: 100 }, 100],
    [{ start: 0 }, 0],
    [{ suffixLength: 0 }, 100],
    [{ suffixLength: 5 }, 0],
    [{ start: -1 }, 100],
    [{ start: 5, end: 4 }, 100],
  ])('refuses %j against %i bytes', (range, size) => {
    expect(() => resolveByteRange(range, size)).toThrowError(
      expect.objectContaining({ code: 'RANGE_NOT_SATISFIABLE' }),
    );
  });
});

describe('formatRangeHeader', () => {
  it.each<[ByteRange, string]>([
    [{ start: 1, end: 2 }, 'bytes=1-2'],
    [{ start: 7 }, 'bytes=7-'],
    [{ suffixLength: 3 }, 'bytes=-3'],
  ])('writes %j as %s', (range, expected) => {
    expect(formatRangeHeader(range)).toBe(expected);
  });
});
