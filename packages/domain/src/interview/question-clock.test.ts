import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuestionClock, type QuestionClockConfig } from './question-clock';

const MINUTE = 60_000;
const RETAKES: QuestionClockConfig = {
  limitMs: MINUTE,
  isRecorded: true,
  isOneTry: false,
  thinkTimeMs: null,
};

function makeClock(config: Partial<QuestionClockConfig> = {}) {
  const events = {
    onCountdownEnd: vi.fn(),
    onThinkTimeUp: vi.fn(),
    onAlmostDone: vi.fn(),
    onTimeUp: vi.fn(),
  };
  const clock = new QuestionClock({ ...RETAKES, ...config }, events);
  clock.start();
  return { clock, events };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('QuestionClock with retakes', () => {
  it('reading before the first take is shown but does not consume the limit', () => {
    const { clock, events } = makeClock();
    vi.advanceTimersByTime(5 * MINUTE);
    expect(clock.view()).toMatchObject({ phase: 'reading', readingMs: 5 * MINUTE });
    expect(clock.view().answerElapsedMs).toBe(0);
    expect(clock.view().timer.remainingRatio).toBe(1);
    expect(clock.view().timer.isHalfWarning).toBe(false);
    expect(events.onTimeUp).not.toHaveBeenCalled();
    clock.dispose();
  });

  it('the limit starts with the recording and stops with Stop', () => {
    const { clock } = makeClock();
    vi.advanceTimersByTime(10_000);
    clock.startTake();
    vi.advanceTimersByTime(20_000);
    clock.stopTake();
    expect(clock.view()).toMatchObject({ phase: 'recorded', answerElapsedMs: 20_000 });
    vi.advanceTimersByTime(30_000);
    expect(clock.view().answerElapsedMs).toBe(20_000);
    expect(clock.view().readingMs).toBe(10_000);
    clock.dispose();
  });

  it('a retake gets a fresh full limit, and waiting for Start consumes nothing', () => {
    const { clock, events } = makeClock();
    clock.startTake();
    vi.advanceTimersByTime(50_000);
    clock.stopTake();
    clock.retake();
    expect(clock.view()).toMatchObject({ phase: 'ready', answerElapsedMs: 0 });
    vi.advanceTimersByTime(30_000);
    expect(clock.view().answerElapsedMs).toBe(0);
    clock.startTake();
    vi.advanceTimersByTime(59_000);
    expect(events.onTimeUp).not.toHaveBeenCalled();
    expect(clock.view().timer.isAlmostDoneWarning).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(events.onTimeUp).toHaveBeenCalledTimes(1);
    clock.dispose();
  });

  it('time-up during a take fires once and the beep once per take', () => {
    const { clock, events } = makeClock();
    clock.startTake();
    vi.advanceTimersByTime(MINUTE * 0.8);
    expect(events.onAlmostDone).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(MINUTE * 0.2);
    expect(events.onTimeUp).toHaveBeenCalledTimes(1);
    // The page stops the take on time-up; nothing else fires.
    clock.stopTake();
    vi.advanceTimersByTime(5 * MINUTE);
    expect(events.onTimeUp).toHaveBeenCalledTimes(1);
    expect(clock.view()).toMatchObject({ phase: 'recorded', answerElapsedMs: MINUTE });
    clock.retake();
    clock.startTake();
    vi.advanceTimersByTime(MINUTE);
    expect(events.onAlmostDone).toHaveBeenCalledTimes(2);
    expect(events.onTimeUp).toHaveBeenCalledTimes(2);
    clock.dispose();
  });

  it('thinking time runs out and asks for the recording to start; it does not eat the limit', () => {
    const { clock, events } = makeClock({ thinkTimeMs: 30_000 });
    vi.advanceTimersByTime(29_500);
    expect(clock.view().thinkLeftMs).toBe(500);
    expect(events.onThinkTimeUp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(events.onThinkTimeUp).toHaveBeenCalledTimes(1);
    clock.startTake();
    expect(clock.view().timer.remainingRatio).toBe(1);
    vi.advanceTimersByTime(MINUTE);
    expect(events.onThinkTimeUp).toHaveBeenCalledTimes(1);
    clock.dispose();
  });

  it('a pause (blocking error) stops the take clock; resume goes on from there', () => {
    const { clock } = makeClock();
    clock.startTake();
    vi.advanceTimersByTime(10_000);
    clock.pause();
    vi.advanceTimersByTime(40_000);
    expect(clock.view().answerElapsedMs).toBe(10_000);
    clock.resume();
    vi.advanceTimersByTime(5_000);
    expect(clock.view().answerElapsedMs).toBe(15_000);
    clock.dispose();
  });

  it('the 6 s rule counts from the question showing, pauses excluded', () => {
    const { clock } = makeClock();
    vi.advanceTimersByTime(4_000);
    clock.pause();
    vi.advanceTimersByTime(10_000);
    clock.resume();
    vi.advanceTimersByTime(2_000);
    expect(clock.view().questionElapsedMs).toBe(6_000);
    clock.dispose();
  });
});

describe('QuestionClock one-try', () => {
  it('counts down 10 s, asks once for the automatic start, then the limit runs', () => {
    const { clock, events } = makeClock({ isOneTry: true });
    expect(clock.view()).toMatchObject({ phase: 'countdown', countdownLeftMs: 10_000 });
    vi.advanceTimersByTime(9_500);
    expect(events.onCountdownEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(events.onCountdownEnd).toHaveBeenCalledTimes(1);
    clock.startTake();
    vi.advanceTimersByTime(MINUTE);
    expect(events.onTimeUp).toHaveBeenCalledTimes(1);
    expect(events.onCountdownEnd).toHaveBeenCalledTimes(1);
    clock.dispose();
  });

  it('a take cut off by a lost device continues with what is left of the limit', () => {
    const { clock, events } = makeClock({ isOneTry: true });
    vi.advanceTimersByTime(10_000);
    clock.startTake();
    vi.advanceTimersByTime(20_000);
    clock.pause();
    clock.stopTake();
    vi.advanceTimersByTime(30_000);
    clock.resume();
    clock.continueTake();
    expect(clock.view()).toMatchObject({ phase: 'recording', retakesLeft: 0 });
    expect(clock.view().answerElapsedMs).toBe(20_000);
    vi.advanceTimersByTime(MINUTE - 20_000 - 100);
    expect(events.onTimeUp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(events.onTimeUp).toHaveBeenCalledTimes(1);
    clock.dispose();
  });

  it('no retake in one-try', () => {
    const { clock } = makeClock({ isOneTry: true });
    clock.startTake();
    clock.stopTake();
    clock.retake();
    expect(clock.phase).toBe('recorded');
    expect(clock.view().retakesLeft).toBe(0);
    clock.dispose();
  });

  it('with approved extra retakes, a retake counts down again and gets the full limit', () => {
    const { clock, events } = makeClock({ isOneTry: true, oneTryRetakes: 1 });
    expect(clock.view().retakesLeft).toBe(1);
    vi.advanceTimersByTime(10_000);
    clock.startTake();
    vi.advanceTimersByTime(40_000);
    clock.stopTake();
    expect(clock.view().retakesLeft).toBe(1);
    clock.retake();
    expect(clock.view()).toMatchObject({ phase: 'countdown', countdownLeftMs: 10_000 });
    expect(clock.view().answerElapsedMs).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(events.onCountdownEnd).toHaveBeenCalledTimes(2);
    clock.startTake();
    expect(clock.view().retakesLeft).toBe(0);
    vi.advanceTimersByTime(59_000);
    expect(events.onTimeUp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(events.onTimeUp).toHaveBeenCalledTimes(1);
    clock.stopTake();
    // The allowance is used: no more retakes.
    clock.retake();
    expect(clock.phase).toBe('recorded');
    clock.dispose();
  });

  it('has no retake count with retakes (they are unlimited)', () => {
    const { clock } = makeClock();
    expect(clock.view().retakesLeft).toBeNull();
    clock.dispose();
  });
});

describe('QuestionClock without recording', () => {
  it('the limit runs from the moment the question shows and ends it', () => {
    const { clock, events } = makeClock({ isRecorded: false });
    expect(clock.phase).toBe('answering');
    vi.advanceTimersByTime(30_000);
    expect(clock.view().timer.isHalfWarning).toBe(true);
    vi.advanceTimersByTime(30_000);
    expect(events.onTimeUp).toHaveBeenCalledTimes(1);
    clock.dispose();
  });

  it('stops ticking once disposed', () => {
    const { clock, events } = makeClock({ isRecorded: false });
    clock.dispose();
    vi.advanceTimersByTime(5 * MINUTE);
    expect(events.onTimeUp).not.toHaveBeenCalled();
  });
});
