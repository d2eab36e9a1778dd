import {
  QuestionClock,
  type QuestionClockConfig,
  type QuestionClockEvents,
  type QuestionClockView,
} from '@candid/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { playBeep } from './beep';

type ClockHandlers = Pick<QuestionClockEvents, 'onCountdownEnd' | 'onThinkTimeUp' | 'onTimeUp'>;

/** What a question does to its clock; each does nothing before the clock runs. */
export interface QuestionClockActions {
  startTake(): void;
  stopTake(): void;
  continueTake(): void;
  retake(): void;
  view(): QuestionClockView | null;
}

/**
 * The question's clock (domain `QuestionClock`) for one mounted question: ticks while
 * mounted, paused while `isPaused` (a blocking device error), beeps at the almost-done point and
 * at time-up. The handlers may change between renders; the latest ones are called. `config` is
 * read once, when the question mounts.
 */
export function useQuestionClock(
  config: QuestionClockConfig,
  isPaused: boolean,
  handlers: ClockHandlers,
): { view: QuestionClockView; actions: QuestionClockActions } {
  const handlersRef = useRef(handlers);
  const isPausedRef = useRef(isPaused);
  const clockRef = useRef<QuestionClock | null>(null);
  const [firstConfig] = useState(config);
  const [view, setView] = useState(() => new QuestionClock(firstConfig).view());
  useEffect(() => {
    handlersRef.current = handlers;
  }, [handlers]);

  useEffect(() => {
    const clock = new QuestionClock(firstConfig, {
      onChange: setView,
      onCountdownEnd: () => handlersRef.current.onCountdownEnd?.(),
      onThinkTimeUp: () => handlersRef.current.onThinkTimeUp?.(),
      onAlmostDone: () => playBeep(),
      onTimeUp: () => {
        playBeep(400, 660);
        handlersRef.current.onTimeUp?.();
      },
    });
    clockRef.current = clock;
    if (isPausedRef.current) clock.pause();
    clock.start();
    return () => {
      clock.dispose();
      if (clockRef.current === clock) clockRef.current = null;
    };
  }, [firstConfig]);

  useEffect(() => {
    isPausedRef.current = isPaused;
    if (isPaused) clockRef.current?.pause();
    else clockRef.current?.resume();
  }, [isPaused]);

  const actions = useMemo<QuestionClockActions>(
    () => ({
      startTake: () => clockRef.current?.startTake(),
      stopTake: () => clockRef.current?.stopTake(),
      continueTake: () => clockRef.current?.continueTake(),
      retake: () => clockRef.current?.retake(),
      view: () => clockRef.current?.view() ?? null,
    }),
    [],
  );
  return { view, actions };
}

/** `m:ss` of a duration. */
export function formatClock(ms: number): string {
  const totalSec = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(totalSec / 60)}:${String(totalSec % 60).padStart(2, '0')}`;
}

/** `m:ss` of the time left. */
export function formatTimeLeft(limitMs: number, elapsedMs: number): string {
  return formatClock(limitMs - elapsedMs);
}
