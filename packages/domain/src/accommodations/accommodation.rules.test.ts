import { describe, expect, it } from 'vitest';
import {
  applyAccommodation,
  approvedExtraRetakes,
  approvedExtraTimePct,
  canAskExtraRetakes,
  canRequestAccommodation,
  canStartTake,
  fitsTimeLimit,
  maxTakesPerQuestion,
  remainingRetakes,
} from './accommodation.rules';
import { accommodationRequestBodySchema } from './accommodation.schemas';

const approved = (extraTimePct: 50 | 100) => ({ status: 'approved' as const, extraTimePct });
const retakes = (status: 'pending' | 'approved' | 'declined', extraRetakes: 1 | 2 | null) => ({
  status,
  extraRetakes,
});
const ONE_TRY = { isOneTry: true };
const WITH_RETAKES = { isOneTry: false };

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
    expect(approvedExtraTimePct({ status: 'approved', extraTimePct: null })).toBe(0);
  });
});

describe('extra retakes', () => {
  it.each([
    { rule: ONE_TRY, accommodation: null, max: 1 },
    { rule: ONE_TRY, accommodation: retakes('approved', 1), max: 2 },
    { rule: ONE_TRY, accommodation: retakes('approved', 2), max: 3 },
    { rule: ONE_TRY, accommodation: retakes('approved', null), max: 1 },
    { rule: ONE_TRY, accommodation: retakes('pending', 2), max: 1 },
    { rule: ONE_TRY, accommodation: retakes('declined', 2), max: 1 },
    { rule: WITH_RETAKES, accommodation: null, max: null },
    { rule: WITH_RETAKES, accommodation: retakes('approved', 2), max: null },
  ])('$rule with $accommodation allows $max takes', ({ rule, accommodation, max }) => {
    expect(maxTakesPerQuestion(rule, accommodation)).toBe(max);
  });

  it('only an approved request counts', () => {
    expect(approvedExtraRetakes(null)).toBe(0);
    expect(approvedExtraRetakes(retakes('pending', 1))).toBe(0);
    expect(approvedExtraRetakes(retakes('approved', 2))).toBe(2);
  });

  it('allows a take while the allowance lasts, and any take on a job with retakes', () => {
    expect(canStartTake(ONE_TRY, null, 0)).toBe(true);
    expect(canStartTake(ONE_TRY, null, 1)).toBe(false);
    expect(canStartTake(ONE_TRY, retakes('approved', 1), 1)).toBe(true);
    expect(canStartTake(ONE_TRY, retakes('approved', 1), 2)).toBe(false);
    expect(canStartTake(ONE_TRY, retakes('approved', 2), 2)).toBe(true);
    expect(canStartTake(ONE_TRY, retakes('approved', 2), 3)).toBe(false);
    expect(canStartTake(WITH_RETAKES, null, 40)).toBe(true);
  });

  it('counts the retakes left after the takes started', () => {
    expect(remainingRetakes(ONE_TRY, retakes('approved', 2), 1)).toBe(2);
    expect(remainingRetakes(ONE_TRY, retakes('approved', 2), 2)).toBe(1);
    expect(remainingRetakes(ONE_TRY, retakes('approved', 2), 3)).toBe(0);
    // Before the first take starts, it is counted as the take about to start.
    expect(remainingRetakes(ONE_TRY, retakes('approved', 1), 0)).toBe(1);
    expect(remainingRetakes(ONE_TRY, null, 1)).toBe(0);
    expect(remainingRetakes(WITH_RETAKES, null, 1)).toBeNull();
  });

  it('is offered on one-try jobs only', () => {
    expect(canAskExtraRetakes(ONE_TRY)).toBe(true);
    expect(canAskExtraRetakes(WITH_RETAKES)).toBe(false);
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
      extraRetakes: null,
      reason: 'dyslexia',
    });
  });

  it('accepts extra retakes alone or with extra time', () => {
    expect(accommodationRequestBodySchema.parse({ extraRetakes: 2, reason: 'ok' })).toEqual({
      extraTimePct: null,
      extraRetakes: 2,
      reason: 'ok',
    });
    expect(
      accommodationRequestBodySchema.parse({ extraTimePct: 100, extraRetakes: 1, reason: 'ok' }),
    ).toEqual({ extraTimePct: 100, extraRetakes: 1, reason: 'ok' });
  });

  it.each([
    { extraTimePct: 50, reason: '   ' },
    { extraTimePct: 50, reason: 'x'.repeat(501) },
    { extraTimePct: 25, reason: 'ok' },
    { extraTimePct: 50, reason: 'a\u0000b' },
    { reason: 'ok' },
    { extraTimePct: null, extraRetakes: null, reason: 'ok' },
    { extraRetakes: 3, reason: 'ok' },
    { extraRetakes: 0, reason: 'ok' },
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
