import { describe, expect, it } from 'vitest';
import { canProceed, getTimeRatioState } from './timer';

const LIMIT = 100_000;

describe('getTimeRatioState', () => {
  it.each([
    // elapsed, half, almostDone, lowTime, beep, timeUp
    [0, false, false, false, false, false],
    [49_999, false, false, false, false, false],
    [50_000, true, false, false, false, false],
    [70_000, true, false, false, false, false],
    [70_001, true, false, true, false, false],
    [79_999, true, false, true, false, false],
    [80_000, false, true, true, true, false],
    [99_999, false, true, true, true, false],
    [100_000, false, false, true, true, true],
    [150_000, false, false, true, true, true],
  ])(
    'at %i ms of 100 s: half %s, almost done %s, low %s, beep %s, up %s',
    (elapsed, half, almost, low, beep, up) => {
      expect(getTimeRatioState(elapsed, LIMIT)).toMatchObject({
        isHalfWarning: half,
        isAlmostDoneWarning: almost,
        isLowTime: low,
        shouldBeep: beep,
        isTimeUp: up,
      });
    },
  );

  it('reports the remaining share, clamped to 0–1', () => {
    expect(getTimeRatioState(25_000, LIMIT).remainingRatio).toBe(0.75);
    expect(getTimeRatioState(-5, LIMIT).remainingRatio).toBe(1);
    expect(getTimeRatioState(500_000, LIMIT).remainingRatio).toBe(0);
  });

  it('a zero limit is already up', () => {
    expect(getTimeRatioState(0, 0).isTimeUp).toBe(true);
  });
});

describe('canProceed', () => {
  it.each([
    [0, false, false],
    [5_999, false, false],
    [6_000, false, true],
    [1_000, true, true],
  ])('after %i ms with recording %s → %s', (elapsedMs, hasRecording, ok) => {
    expect(canProceed({ elapsedMs, hasRecording })).toBe(ok);
  });
});
