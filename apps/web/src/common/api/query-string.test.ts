import { describe, expect, it } from 'vitest';
import { buildQueryString } from './query-string';

describe('buildQueryString (list queries drop null/undefined)', () => {
  it.each([
    [undefined, ''],
    [{}, ''],
    [{ a: null, b: undefined }, ''],
    [{ txt: 'a b&c' }, 'txt=a+b%26c'],
    [{ statuses: [0, 5, 7] }, 'statuses=0&statuses=5&statuses=7'],
    [{ statuses: [] }, ''],
    [{ statuses: [1, null, undefined, 2] }, 'statuses=1&statuses=2'],
    [{ incomplete: false, currPage: 0 }, 'incomplete=false&currPage=0'],
    [{ fromDate: new Date('2025-01-02T03:04:05.000Z') }, 'fromDate=2025-01-02T03%3A04%3A05.000Z'],
  ])('%j → %s', (params, expected) => {
    expect(buildQueryString(params)).toBe(expected);
  });
});
