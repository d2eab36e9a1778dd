import { describe, expect, it } from 'vitest';
import {
  applyAccommodation,
  approvedExtraTimePct,
  canRequestAccommodation,
  fitsTimeLimit,
} from './accommodation.rules';
import { accommodationRequestBodySchema } from './accommodation.schemas';

const approved = (extraTimePct: 50 | 100) => ({ status: 'approved' as const, extraTimePct });

describe('applyAccommodation', () => {
  it.each([
    { timeLimit: 1, accommodation: null, limitMs: 60_000 },
    { timeLimit: 1, accommodation: approved(50), limitMs: 90_000 },
    { timeLimit: 1, accommodation: approved(100), limitMs: 120_000 },
    { timeLimit: 10, accommodation: approved(50), limitMs: 900_000 },
    { timeLimit: 0.5, accommodation: approved(50), limitMs: 45_000 },
    {
      timeLimit: 2,
      accommodation: { status: 'pending' as const, extraTimePct: 100 as const },
      limitMs: 120_000,
    },
    {
      timeLimit: 2,
      accommodation: { status: 'declined' as const, extraTimePct: 100 as const },
      limitMs: 120_000,
    },
  ])(
    '$timeLimit min with $accommodation gives $limitMs ms',
    ({ timeLimit, accommodation, limitMs }) => {
      expect(applyAccommodation({ timeLimit }, accommodation).limitMs).toBe(limitMs);
    },
  );

  it('lengthens thinking time by the same share, rounded up to whole seconds', () => {
    expect(applyAccommodation({ timeLimit: 1, thinkTimeSec: 15 }, approved(50)).thinkTimeMs).toBe(
      23_000,
    );
    expect(applyAccommodation({ timeLimit: 1, thinkTimeSec: 15 }, approved(100)).thinkTimeMs).toBe(
      30_000,
    );
    expect(
      applyAccommodation({ timeLimit: 1, thinkTimeSec: null }, approved(100)).thinkTimeMs,
    ).toBeNull();
    expect(applyAccommodation({ timeLimit: 1, thinkTimeSec: 15 }, null).thinkTimeMs).toBe(15_000);
  });

  it('only an approved request counts', () => {
    expect(approvedExtraTimePct(null)).toBe(0);
    expect(approvedExtraTimePct({ status: 'pending', extraTimePct: 50 })).toBe(0);
    expect(approvedExtraTimePct(approved(100))).toBe(100);
  });
});

describe('fitsTimeLimit', () => {
  it('allows the limit plus a short grace, and the approved extra time', () => {
    expect(fitsTimeLimit(64, { timeLimit: 1 }, null)).toBe(true);
    expect(fitsTimeLimit(66, { timeLimit: 1 }, null)).toBe(false);
    expect(fitsTimeLimit(66, { timeLimit: 1 }, approved(50))).toBe(true);
    expect(fitsTimeLimit(96, { timeLimit: 1 }, approved(50))).toBe(false);
    expect(fitsTimeLimit(null, { timeLimit: 1 }, null)).toBe(true);
  });
});

describe('canRequestAccommodation', () => {
  it.each([
    { accommodation: null, hasStartedAnswering: false, isFinished: false, allowed: true },
    {
      accommodation: { status: 'pending' as const },
      hasStartedAnswering: false,
      isFinished: false,
      allowed: true,
    },
    {
      accommodation: { status: 'approved' as const },
      hasStartedAnswering: false,
      isFinished: false,
      allowed: false,
    },
    {
      accommodation: { status: 'declined' as const },
      hasStartedAnswering: false,
      isFinished: false,
      allowed: false,
    },
    { accommodation: null, hasStartedAnswering: true, isFinished: false, allowed: false },
    { accommodation: null, hasStartedAnswering: false, isFinished: true, allowed: false },
  ])('$accommodation, started $hasStartedAnswering, finished $isFinished: $allowed', (row) => {
    expect(canRequestAccommodation(row)).toBe(row.allowed);
  });
});

describe('accommodationRequestBodySchema', () => {
  it('trims the reason and accepts the two steps', () => {
    expect(
      accommodationRequestBodySchema.parse({ extraTimePct: 50, reason: '  dyslexia  ' }),
    ).toEqual({
      extraTimePct: 50,
      reason: 'dyslexia',
    });
  });

  it.each([
    { extraTimePct: 50, reason: '   ' },
    { extraTimePct: 50, reason: 'x'.repeat(501) },
    { extraTimePct: 25, reason: 'ok' },
    { extraTimePct: 50, reason: 'a\u0000b' },
    { reason: 'ok' },
  ])('refuses %o', (body) => {
    expect(accommodationRequestBodySchema.safeParse(body).success).toBe(false);
  });

  it('accepts exactly 500 characters', () => {
    expect(
      accommodationRequestBodySchema.safeParse({ extraTimePct: 100, reason: 'x'.repeat(500) })
        .success,
    ).toBe(true);
  });
});
