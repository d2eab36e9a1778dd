import { exponentialDelay } from '../../common/async/with-retry';
import { isRetryableUploadError } from './upload-api';

/** The take was discarded: whatever was running for it stops without reporting anything. */
export class CancelledError extends Error {}

/** The bytes an upload must (re)send are no longer in the chunk store. */
export class BytesMissingError extends Error {
  constructor() {
    super('RECORDING_BYTES_MISSING');
  }
}

const BASE_BACKOFF_MS = 500;
/** Failures that retrying cannot fix (4xx) are tried this many times, then the file fails. */
const MAX_FATAL_ATTEMPTS = 3;

/** tus-js-client's error: the HTTP status it failed with (0: no answer) and what caused it. */
export function describeTusError(error: unknown): { status: number; cause: unknown } {
  const detailed = error as {
    originalResponse?: { getStatus(): number } | null;
    causingError?: unknown;
  };
  return {
    status: detailed?.originalResponse?.getStatus() ?? 0,
    cause: detailed?.causingError ?? error,
  };
}

/**
 * Whether a failed upload is worth retrying: no answer, timeouts, conflicts, locks, 5xx. A 409
 * to a creation (POST) is no offset conflict but the server refusing a take beyond a one-try
 * job's allowance: asking again cannot change it.
 */
export function isRetryableTusError(error: unknown): boolean {
  const { status, cause } = describeTusError(error);
  if (cause instanceof BytesMissingError || cause instanceof CancelledError) return false;
  const method = (error as { originalRequest?: { getMethod(): string } | null })?.originalRequest;
  if (status === 409 && method?.getMethod() === 'POST') return false;
  return (
    status === 0 ||
    status === 408 ||
    status === 409 ||
    status === 423 ||
    status === 429 ||
    status >= 500
  );
}

export interface UploadRetryDeps {
  sleep: (ms: number) => Promise<void>;
  isOnline: () => boolean;
  /** Resolves on the browser's `online` event. */
  waitForOnline: () => Promise<void>;
  maxBackoffMs: number;
}

/**
 * How the upload queue and the answer saves try again: a backoff of 0.5 s, doubling, at most
 * `maxBackoffMs`, between tries; a wait for the `online` event instead while offline; a
 * failure retrying cannot fix (4xx) tried a few times, then given up. A discarded take stops
 * waiting at once (its cancel signal).
 */
export class UploadRetry {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly isOnline: () => boolean;
  private readonly waitForOnline: () => Promise<void>;
  /** The wait before retry n: 0.5 s, doubling, at most `maxBackoffMs`. */
  private readonly backoffDelay: (retryNumber: number) => number;
  /** Resolved when a recording is discarded: its backoff waits end at once. */
  private readonly cancelSignals = new Map<
    string,
    { promise: Promise<void>; resolve: () => void }
  >();

  constructor(deps: UploadRetryDeps) {
    this.sleep = deps.sleep;
    this.isOnline = deps.isOnline;
    this.waitForOnline = deps.waitForOnline;
    this.backoffDelay = exponentialDelay(BASE_BACKOFF_MS, deps.maxBackoffMs);
  }

  /** Settles once the recording is discarded (see {@link cancel}). */
  cancelSignal(recId: string): Promise<void> {
    let signal = this.cancelSignals.get(recId);
    if (!signal) {
      let resolve: () => void = () => undefined;
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      signal = { promise, resolve };
      this.cancelSignals.set(recId, signal);
    }
    return signal.promise;
  }

  /** The recording was discarded: every wait of its upload ends now. */
  cancel(recId: string): void {
    void this.cancelSignal(recId);
    this.cancelSignals.get(recId)?.resolve();
  }

  /**
   * Runs one recording's upload until it succeeds. `assertActive` throws once the take is
   * discarded; a failure retrying cannot fix is thrown after a few tries, missing bytes at once.
   */
  async retryUpload(
    recId: string,
    run: () => Promise<void>,
    assertActive: () => void,
  ): Promise<void> {
    let fatalAttempts = 0;
    for (let attempt = 0; ; attempt += 1) {
      assertActive();
      if (!this.isOnline()) {
        await Promise.race([this.waitForOnline(), this.cancelSignal(recId)]);
        assertActive();
      }
      try {
        await run();
        return;
      } catch (error) {
        assertActive();
        if (!isRetryableTusError(error)) {
          fatalAttempts += 1;
          const { cause } = describeTusError(error);
          if (cause instanceof BytesMissingError || fatalAttempts >= MAX_FATAL_ATTEMPTS) {
            throw error;
          }
        }
        if (!this.isOnline()) continue;
        // Waits the backoff; a discarded take stops waiting at once.
        await Promise.race([this.sleep(this.backoffDelay(attempt + 1)), this.cancelSignal(recId)]);
        assertActive();
      }
    }
  }

  /** Runs an answer save until it succeeds: backoff between tries, a wait for `online`. */
  async retryAnswer(task: () => Promise<void>): Promise<void> {
    let fatalAttempts = 0;
    for (let attempt = 0; ; attempt += 1) {
      if (!this.isOnline()) await this.waitForOnline();
      try {
        await task();
        return;
      } catch (error) {
        if (!isRetryableUploadError(error)) {
          fatalAttempts += 1;
          if (fatalAttempts >= MAX_FATAL_ATTEMPTS) throw error;
        }
        if (!this.isOnline()) continue;
        await this.sleep(this.backoffDelay(attempt + 1));
      }
    }
  }
}
