import { describe, expect, it } from 'vitest';
import * as C from './constants';

describe('constants', () => {
  it('offered time limits all fall in the editor range', () => {
    for (const min of C.QUESTION_TIME_LIMITS_MIN) {
      expect(min).toBeGreaterThanOrEqual(C.TIME_LIMIT_RANGE_MIN.min);
      expect(min).toBeLessThanOrEqual(C.TIME_LIMIT_RANGE_MIN.max);
    }
    expect(C.QUESTION_TIME_LIMITS_MIN).toContain(C.JOB_DEFAULT_TIME_LIMIT_MIN);
    expect(C.QUESTION_TIME_LIMITS_MIN).toContain(C.TEMPLATE_DEFAULT_TIME_LIMIT_MIN);
  });
});

/** WCAG relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('AVATAR_COLORS', () => {
  it('has 18 distinct hex colours', () => {
    expect(C.AVATAR_COLORS).toHaveLength(18);
    expect(new Set(C.AVATAR_COLORS.map((c) => c.toLowerCase())).size).toBe(18);
    for (const colour of C.AVATAR_COLORS) expect(colour).toMatch(/^#[0-9A-Fa-f]{6}$/u);
  });

  it.each(C.AVATAR_COLORS.map((c) => [c]))(
    '%s keeps white initials readable (contrast ≥ 4.5)',
    (colour) => {
      const contrast = (1 + 0.05) / (luminance(colour) + 0.05);
      expect(contrast).toBeGreaterThanOrEqual(4.5);
    },
  );
});
