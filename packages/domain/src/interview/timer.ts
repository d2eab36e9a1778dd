import {
  LOW_TIME_RATIO,
  MIN_TIME_BEFORE_PROCEED_MS,
  TIME_WARNING_ALMOST_DONE,
  TIME_WARNING_HALF,
} from '../common/constants';

export interface TimeRatioState {
  /** Share of the limit still left, 0–1. */
  remainingRatio: number;
  /** "Halfway" warning: half the time used, and not yet almost done. */
  isHalfWarning: boolean;
  /** "Almost done" warning: 20% or less left, time not up. */
  isAlmostDoneWarning: boolean;
  /** Low-time styling: under 30% left. */
  isLowTime: boolean;
  /** The beep plays from the almost-done point and at time-up. */
  shouldBeep: boolean;
  isTimeUp: boolean;
}

/**
 * The question timer's state. The two warnings never show together, so the UI can
 * render one message; the UI plays the beep when `shouldBeep` turns true and at time-up.
 */
export function getTimeRatioState(elapsedMs: number, limitMs: number): TimeRatioState {
  const remainingRatio =
    limitMs > 0 ? Math.min(1, Math.max(0, (limitMs - Math.max(0, elapsedMs)) / limitMs)) : 0;
  const isTimeUp = remainingRatio <= 0;
  const isAlmostDone = remainingRatio <= TIME_WARNING_ALMOST_DONE;
  return {
    remainingRatio,
    isHalfWarning: 1 - remainingRatio >= TIME_WARNING_HALF && !isAlmostDone,
    isAlmostDoneWarning: isAlmostDone && !isTimeUp,
    isLowTime: remainingRatio < LOW_TIME_RATIO,
    shouldBeep: isAlmostDone,
    isTimeUp,
  };
}

/**
 * Whether finish/proceed is enabled: after MIN_TIME_BEFORE_PROCEED_MS of a question, or
 * at once when a recording already exists.
 */
export function canProceed(params: {
  elapsedMs: number;
  hasRecording: boolean;
  minTimeMs?: number;
}): boolean {
  return (
    params.hasRecording || params.elapsedMs >= (params.minTimeMs ?? MIN_TIME_BEFORE_PROCEED_MS)
  );
}
