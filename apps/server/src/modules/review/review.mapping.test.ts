import { describe, expect, it } from 'vitest';
import { isoOfPgTimestamp } from './review.presenter';

describe('isoOfPgTimestamp', () => {
  it('writes PostgreSQL JSON timestamps as toISOString does, without a Date', () => {
    for (const text of [
      '2026-11-26T21:25:10.758123+00:00',
      '2026-11-26T21:25:10.758999+00:00',
      '2026-11-26T21:25:10.7+00:00',
      '2026-11-26T21:25:10.05+00:00',
      '2026-11-26T21:25:10+00:00',
      '2024-02-29T00:00:00.000001+00:00',
    ]) {
      expect(isoOfPgTimestamp(text), text).toBe(new Date(text).toISOString());
    }
  });

  it('converts a timestamp written in another zone to UTC', () => {
    expect(isoOfPgTimestamp('2026-11-26T23:25:10.758123+02:00')).toBe('2026-11-26T21:25:10.758Z');
  });
});
