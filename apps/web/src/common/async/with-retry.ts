import pRetry from 'p-retry';

/** Thrown by a task to give up at once: the retry rejects with `reason`, whatever it is. */
export class StopRetrying extends Error {
  constructor(readonly reason: unknown) {
    super('retrying stopped');
  }
}

export interface RetryOptions {
  /** Retries after the first try (`Infinity`: until it succeeds or `shouldRetry` says no). */
  retries: number;
  /** The wait before retry `retryNumber` (1 for the first retry), given the error that failed. */
  delayMs: (retryNumber: number, error: Error) => number;
  /** Whether this failure is worth another try; every failure is when omitted. */
  shouldRetry?: (error: Error, retryNumber: number) => boolean;
  /** Stops waiting and retrying; the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Waits between tries (tests pass one that records the delays and returns at once). */
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits `stepMs × n` before retry n (the product's transport rule: 2 s times the attempt). */
export const linearDelay = (stepMs: number) => (retryNumber: number) => stepMs * retryNumber;

/** Waits `firstMs`, then twice as long each time, never more than `maxMs`. */
export const exponentialDelay = (firstMs: number, maxMs: number) => (retryNumber: number) =>
  Math.min(maxMs, firstMs * 2 ** (retryNumber - 1));

/**
 * The web app's one retry loop, on p-retry (attempt counting, abort signals, giving up): runs
 * `task` until it resolves, a failure is not worth retrying, or the retries run out, and then
 * rejects with the last error. Throw {@link StopRetrying} from `task` to give up at once with
 * the reason it carries.
 *
 * The wait is ours rather than p-retry's exponential timer because callers need other
 * schedules (the product's linear transport delay, waits that depend on the error) and tests need
 * to see the waits without fake timers; it runs only when another try will follow.
 */
export function withRetry<T>(
  task: (attemptNumber: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const sleep = options.sleep ?? sleepFor;
  return pRetry(task, {
    retries: options.retries,
    minTimeout: 0,
    randomize: false,
    ...(options.signal ? { signal: options.signal } : {}),
    // A TypeError that is not a network error is a bug in the task: p-retry never retries it.
    shouldRetry: async ({ error, attemptNumber }) => {
      if (error instanceof StopRetrying) return false;
      if (options.shouldRetry && !options.shouldRetry(error, attemptNumber)) return false;
      await sleep(options.delayMs(attemptNumber, error));
      options.signal?.throwIfAborted();
      return true;
    },
  }).catch((error: unknown) => {
    throw error instanceof StopRetrying ? error.reason : error;
  });
}
