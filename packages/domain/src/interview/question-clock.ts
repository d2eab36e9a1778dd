import { ONE_TRY_COUNTDOWN_MS, TIMER_TICK_MS } from '../common/constants';
import { getTimeRatioState, type TimeRatioState } from './timer';

/**
 * Where a question's clock is ("Candidate interview"):
 * - `countdown`: one-try, the 10 s before recording starts by itself;
 * - `reading`: with retakes, before the first take: the question is read, and that time is
 *   shown but is not taken from the answer limit (unless the question has thinking time, which
 *   then runs out and starts the recording);
 * - `ready`: after a retake, waiting for Start; nothing counts;
 * - `recording`: a take; the answer limit runs;
 * - `recorded`: the take stopped (by Stop or at time-up); its clock is frozen;
 * - `answering`: a question answered without recording (text, code, choice, image): the limit
 *   runs from the moment the question shows.
 */
export type QuestionClockPhase =
  'countdown' | 'reading' | 'ready' | 'recording' | 'recorded' | 'answering';

export interface QuestionClockConfig {
  /** The question's answer limit (its `timeLimit` in ms): one take's length with retakes. */
  limitMs: number;
  /** Video or screen answer. */
  isRecorded: boolean;
  /** One-try job: countdown, automatic start, one take. */
  isOneTry: boolean;
  /** The question's thinking time in ms (null: reading is not limited). */
  thinkTimeMs: number | null;
  /**
   * One-try only: the extra takes of an approved accommodation. After a take ends the
   * candidate may retake while any remain; each retake gets the countdown and the full limit.
   */
  oneTryRetakes?: number;
}

export interface QuestionClockView {
  phase: QuestionClockPhase;
  isPaused: boolean;
  /** Reading time before the first take (shown; never taken from the answer limit). */
  readingMs: number;
  /** Thinking time left while reading, or null when the question has none. */
  thinkLeftMs: number | null;
  /** One-try countdown left. */
  countdownLeftMs: number;
  /** The answer clock: the current (or last) take, or the time spent on an unrecorded answer. */
  answerElapsedMs: number;
  /** Since the question showed, pauses excluded (the 6 s rule before proceed). */
  questionElapsedMs: number;
  /** Warnings and low-time styling of the answer clock. */
  timer: TimeRatioState;
  /** One-try: retakes still open (0 when none); null with retakes, where they are unlimited. */
  retakesLeft: number | null;
}

export interface QuestionClockEvents {
  /** Every tick and every transition. */
  onChange?(view: QuestionClockView): void;
  /** The one-try countdown ended: start recording. */
  onCountdownEnd?(): void;
  /** The thinking time ran out: start recording. */
  onThinkTimeUp?(): void;
  /** The almost-done point of this take (or answer) was reached: beep. */
  onAlmostDone?(): void;
  /**
   * The answer limit ran out. During a take: stop it and keep it as the take. Unrecorded
   * answer or one-try: the question ends with what was given.
   */
  onTimeUp?(): void;
}

/** A stopwatch that sums running spans and can be paused. */
class Stopwatch {
  private accumulatedMs = 0;
  private since: number | null = null;

  constructor(private readonly now: () => number) {}

  start(): void {
    this.since ??= this.now();
  }

  pause(): void {
    if (this.since === null) return;
    this.accumulatedMs += this.now() - this.since;
    this.since = null;
  }

  reset(): void {
    this.accumulatedMs = 0;
    this.since = null;
  }

  get elapsedMs(): number {
    return this.accumulatedMs + (this.since === null ? 0 : Math.max(0, this.now() - this.since));
  }
}

/**
 * One question's clocks. With retakes the answer limit is per take: it starts with
 * the recording, stops with Stop, and a retake gets a fresh full limit; time-up during a take
 * reports `onTimeUp` so the take is stopped and kept (the question never moves on by itself).
 * Reading before the first take is counted for display only, unless the question sets a
 * thinking time. One-try keeps the 10 s countdown and the automatic start. Ticks every
 * TIMER_TICK_MS while started; a pause (a blocking device error) stops every clock.
 */
export class QuestionClock {
  private phaseValue: QuestionClockPhase;
  private readonly reading: Stopwatch;
  private readonly countdown: Stopwatch;
  private readonly answer: Stopwatch;
  private readonly question: Stopwatch;
  private paused = false;
  private takesStarted = 0;
  private intervalId: ReturnType<typeof setInterval> | null = null;
  private fired = { countdown: false, think: false, almostDone: false, timeUp: false };

  constructor(
    private readonly config: QuestionClockConfig,
    private readonly events: QuestionClockEvents = {},
    private readonly now: () => number = () => Date.now(),
  ) {
    this.reading = new Stopwatch(now);
    this.countdown = new Stopwatch(now);
    this.answer = new Stopwatch(now);
    this.question = new Stopwatch(now);
    if (!config.isRecorded) this.phaseValue = 'answering';
    else this.phaseValue = config.isOneTry ? 'countdown' : 'reading';
  }

  get phase(): QuestionClockPhase {
    return this.phaseValue;
  }

  /** Starts ticking: the question is on screen. */
  start(): void {
    if (this.intervalId !== null) return;
    this.resumeWatches();
    this.intervalId = setInterval(() => this.tick(), TIMER_TICK_MS);
    this.emitChange();
  }

  /** Stops ticking for good (the question left the screen). */
  dispose(): void {
    if (this.intervalId !== null) clearInterval(this.intervalId);
    this.intervalId = null;
    this.pauseWatches();
  }

  /** A take started: the answer limit starts, full. */
  startTake(): void {
    if (!this.config.isRecorded || this.phaseValue === 'recording') return;
    this.reading.pause();
    this.countdown.pause();
    this.answer.reset();
    this.fired.almostDone = false;
    this.fired.timeUp = false;
    this.takesStarted += 1;
    this.phaseValue = 'recording';
    if (!this.paused) this.answer.start();
    this.emitChange();
  }

  /** The take stopped (Stop, time-up or a device lost): its clock freezes. */
  stopTake(): void {
    if (this.phaseValue !== 'recording') return;
    this.answer.pause();
    this.phaseValue = 'recorded';
    this.emitChange();
  }

  /**
   * A take cut off by a lost device goes on in a new recording once the device is back (a
   * one-try answer): the answer's clock continues from where it stopped, with what is left of
   * the limit, and no take is counted.
   */
  continueTake(): void {
    if (this.phaseValue !== 'recorded') return;
    this.phaseValue = 'recording';
    if (!this.paused && this.intervalId !== null) this.answer.start();
    this.emitChange();
  }

  /**
   * The take was thrown away: wait for Start with nothing counting. One-try (with retakes left
   * from an accommodation): the countdown runs again and starts the next take by itself.
   */
  retake(): void {
    if (this.phaseValue !== 'recorded') return;
    if (this.config.isOneTry) {
      if (this.retakesLeft() === 0) return;
      this.answer.reset();
      this.countdown.reset();
      this.fired.countdown = false;
      this.phaseValue = 'countdown';
      if (!this.paused && this.intervalId !== null) this.countdown.start();
      this.emitChange();
      return;
    }
    this.answer.reset();
    this.phaseValue = 'ready';
    this.emitChange();
  }

  private retakesLeft(): number | null {
    if (!this.config.isOneTry) return null;
    const maxTakes = 1 + (this.config.oneTryRetakes ?? 0);
    return Math.max(0, maxTakes - Math.max(1, this.takesStarted));
  }

  /** A blocking error shows: every clock stops. */
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.pauseWatches();
    this.emitChange();
  }

  /** The error cleared: the clocks go on from where they were. */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    if (this.intervalId !== null) this.resumeWatches();
    this.emitChange();
  }

  view(): QuestionClockView {
    const { limitMs, thinkTimeMs } = this.config;
    const answerElapsedMs = Math.min(this.answer.elapsedMs, limitMs);
    return {
      phase: this.phaseValue,
      isPaused: this.paused,
      readingMs: this.reading.elapsedMs,
      thinkLeftMs: thinkTimeMs === null ? null : Math.max(0, thinkTimeMs - this.reading.elapsedMs),
      countdownLeftMs: Math.max(0, ONE_TRY_COUNTDOWN_MS - this.countdown.elapsedMs),
      answerElapsedMs,
      questionElapsedMs: this.question.elapsedMs,
      timer: getTimeRatioState(answerElapsedMs, limitMs),
      retakesLeft: this.retakesLeft(),
    };
  }

  /** One tick: fires what came due, then reports. Public so a test or a resume can force one. */
  tick(): void {
    const view = this.view();
    if (view.phase === 'countdown' && view.countdownLeftMs <= 0 && !this.fired.countdown) {
      this.fired.countdown = true;
      this.countdown.pause();
      this.events.onCountdownEnd?.();
    }
    if (
      view.phase === 'reading' &&
      view.thinkLeftMs !== null &&
      view.thinkLeftMs <= 0 &&
      !this.fired.think
    ) {
      this.fired.think = true;
      this.reading.pause();
      this.events.onThinkTimeUp?.();
    }
    if (view.phase === 'recording' || view.phase === 'answering') {
      if (view.timer.shouldBeep && !this.fired.almostDone) {
        this.fired.almostDone = true;
        this.events.onAlmostDone?.();
      }
      if (view.timer.isTimeUp && !this.fired.timeUp) {
        this.fired.timeUp = true;
        this.events.onTimeUp?.();
      }
    }
    this.emitChange();
  }

  private runningWatch(): Stopwatch | null {
    switch (this.phaseValue) {
      case 'countdown':
        return this.fired.countdown ? null : this.countdown;
      case 'reading':
        return this.fired.think ? null : this.reading;
      case 'recording':
      case 'answering':
        return this.answer;
      default:
        return null;
    }
  }

  private pauseWatches(): void {
    this.question.pause();
    this.runningWatch()?.pause();
  }

  private resumeWatches(): void {
    if (this.paused) return;
    this.question.start();
    this.runningWatch()?.start();
  }

  private emitChange(): void {
    this.events.onChange?.(this.view());
  }
}
