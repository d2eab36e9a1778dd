import { getTimeRatioState, TIMER_TICK_MS, type TimeRatioState } from '@candid/domain';
import { useEffect, useRef, useState } from 'react';
import { playBeep } from './beep';

/**
 * The question timer (spec §9): ticks every TIMER_TICK_MS while `isRunning` (a pause, e.g. a
 * blocking device error, stops the clock and a restart goes on from there), beeps when the
 * almost-done point is reached and at time-up, and calls `onTimeUp` once.
 */
export function useQuestionTimer(
  isRunning: boolean,
  limitMs: number,
  onTimeUp: () => void,
): { elapsedMs: number; state: TimeRatioState } {
  const [elapsedMs, setElapsedMs] = useState(0);
  const elapsedRef = useRef(0);
  const onTimeUpRef = useRef(onTimeUp);
  const beepedRef = useRef({ almostDone: false, timeUp: false });

  useEffect(() => {
    onTimeUpRef.current = onTimeUp;
  }, [onTimeUp]);

  useEffect(() => {
    if (!isRunning) return undefined;
    const startedAt = Date.now() - elapsedRef.current;
    const id = window.setInterval(() => {
      elapsedRef.current = Date.now() - startedAt;
      setElapsedMs(elapsedRef.current);
    }, TIMER_TICK_MS);
    return () => {
      window.clearInterval(id);
      elapsedRef.current = Date.now() - startedAt;
    };
  }, [isRunning]);

  const state = getTimeRatioState(elapsedMs, limitMs);

  useEffect(() => {
    if (!isRunning) return;
    if (state.shouldBeep && !beepedRef.current.almostDone) {
      beepedRef.current.almostDone = true;
      playBeep();
    }
    if (state.isTimeUp && !beepedRef.current.timeUp) {
      beepedRef.current.timeUp = true;
      playBeep(400, 660);
      onTimeUpRef.current();
    }
  }, [isRunning, state.shouldBeep, state.isTimeUp]);

  return { elapsedMs, state };
}

/** `m:ss` of the time left. */
export function formatTimeLeft(limitMs: number, elapsedMs: number): string {
  const leftSec = Math.max(0, Math.ceil((limitMs - elapsedMs) / 1000));
  return `${Math.floor(leftSec / 60)}:${String(leftSec % 60).padStart(2, '0')}`;
}
