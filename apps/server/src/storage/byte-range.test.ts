import { describe, expect, it } from 'vitest';
import type { ByteRange, RangeRequest } from './byte-range';
import { formatRangeHeader, readRangeHeader, resolveByteRange } from './byte-range';

describe('readRangeHeader', () => {
  it.each<[string | undefined, RangeRequest]>([
    [undefined, { kind: 'whole' }],
    ['bytes=0-99', { kind: 'range', range: { start: 0, end: 99 } }],
    ['bytes=100-', { kind: 'range', range: { start: 100, end: 999 } }],
    ['bytes=-500', { kind: 'range', range: { start: 500, end: 999 } }],
    [' bytes=5-5 ', { kind: 'range', range: { start: 5, end: 5 } }],
    ['bytes=990-2000', { kind: 'range', range: { start: 990, end: 999 } }],
    // Overlapping ranges merge into one; disjoint ones get the whole object.
    ['bytes=0-9,5-19', { kind: 'range', range: { start: 0, end: 19 } }],
    ['bytes=0-1,4-5', { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
    ['bytes=9-2', { kind: 'unsatisfiable' }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-', { kind: 'unsatisfiable' }],
    ['bytes=a-b', { kind: 'unsatisfiable' }],
    ['bytes=', { kind: 'unsatisfiable' }],
    ['nonsense', { kind: 'unsatisfiable' }],
  ])('reads %j of a 1000-byte object as %j', (header, expected) => {
    expect(readRangeHeader(header, 1000)).toEqual(expected);
  });

  it('finds no byte to serve in an empty object', () => {
    expect(readRangeHeader('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
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
