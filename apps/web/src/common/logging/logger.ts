import {
  isLogLevelQueued,
  LOG_BATCH_MAX_ENTRIES,
  LOG_BATCH_QUIET_MS,
  MAX_LOG_BATCH_ENTRIES,
  MAX_LOG_MESSAGE_CHARS,
  MAX_LOG_STACK_CHARS,
  type LogEntryInput,
} from '@candid/domain';
import { exponentialDelay } from '../async/with-retry';

export type ClientLogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogMeta = LogEntryInput['meta'];

/** Where unsent entries wait between page loads. */
export const LOG_QUEUE_STORAGE_KEY = 'candid.logQueue';
/** The most entries kept waiting; beyond it the oldest are dropped (a broken page logs a lot). */
export const MAX_QUEUED_LOG_ENTRIES = 200;
/** Waits before retrying a batch that could not be sent: 5 s, doubling, at most 1 minute. */
const retryDelay = exponentialDelay(5_000, 60_000);

export interface Logger {
  debug(message: string, meta?: LogMeta): void;
  info(message: string, meta?: LogMeta): void;
  warn(message: string, meta?: LogMeta): void;
  error(message: string, meta?: LogMeta): void;
  /** Sends what is waiting now (tests, and the page going away). */
  flush(): Promise<void>;
}

export interface LoggerDeps {
  /** Sends one batch (`POST record`); rejects when it was not stored. */
  send(entries: LogEntryInput[]): Promise<void>;
  /** Local storage, or null where it is not available. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  now(): Date;
  console?: Pick<Console, 'debug' | 'info' | 'warn' | 'error'>;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function readQueue(storage: LoggerDeps['storage']): LogEntryInput[] {
  try {
    const parsed = JSON.parse(storage?.getItem(LOG_QUEUE_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as LogEntryInput[]) : [];
  } catch {
    return [];
  }
}

/**
 * The web app's logger: DEBUG stays in the console; INFO, WARN and ERROR are queued
 * and sent to `POST record` once the log has been quiet for 500 ms, or at once when more than
 * 10 entries wait. Waiting entries are kept in local storage, so a reload or a lost connection
 * loses none: they are sent on the next start, and a failed batch is retried with a growing
 * wait. One batch is in flight at a time.
 */
export function createLogger(deps: LoggerDeps): Logger {
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as number));
  let queue = readQueue(deps.storage);
  let timer: unknown = null;
  let sending: Promise<void> | null = null;
  /** Failed sends in a row (0: none); the next wait is {@link retryDelay} of it. */
  let failures = 0;

  function persist(): void {
    try {
      if (queue.length === 0) deps.storage?.removeItem(LOG_QUEUE_STORAGE_KEY);
      else deps.storage?.setItem(LOG_QUEUE_STORAGE_KEY, JSON.stringify(queue));
    } catch {
      // Storage full or refused: the entries still wait in memory.
    }
  }

  function schedule(ms: number): void {
    if (timer !== null) clearTimer(timer);
    timer = setTimer(() => {
      timer = null;
      void flush();
    }, ms);
  }

  async function sendBatches(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_LOG_BATCH_ENTRIES);
      try {
        await deps.send(batch);
      } catch {
        failures += 1;
        schedule(retryDelay(failures));
        return;
      }
      failures = 0;
      queue = queue.slice(batch.length);
      persist();
    }
  }

  function flush(): Promise<void> {
    if (sending) return sending;
    if (queue.length === 0) return Promise.resolve();
    if (timer !== null) {
      clearTimer(timer);
      timer = null;
    }
    sending = sendBatches().finally(() => {
      sending = null;
    });
    return sending;
  }

  function log(level: ClientLogLevel, message: string, meta: LogMeta = {}): void {
    deps.console?.[level](message, meta);
    if (!isLogLevelQueued(level)) return;
    const entry: LogEntryInput = {
      timestamp: deps.now().toISOString(),
      level,
      message: clip(message, MAX_LOG_MESSAGE_CHARS),
      meta: {
        ...meta,
        ...(meta.stack ? { stack: clip(meta.stack, MAX_LOG_STACK_CHARS) } : {}),
        ...(meta.error
          ? {
              error: {
                ...(meta.error.message
                  ? { message: clip(meta.error.message, MAX_LOG_MESSAGE_CHARS) }
                  : {}),
                ...(meta.error.stack ? { stack: clip(meta.error.stack, MAX_LOG_STACK_CHARS) } : {}),
              },
            }
          : {}),
      },
    };
    queue = [...queue, entry].slice(-MAX_QUEUED_LOG_ENTRIES);
    persist();
    // A retry already waits for the connection to come back: new entries join it.
    if (failures > 0) return;
    if (queue.length > LOG_BATCH_MAX_ENTRIES) void flush();
    else schedule(LOG_BATCH_QUIET_MS);
  }

  // What an earlier page load could not send goes out now.
  if (queue.length > 0) schedule(LOG_BATCH_QUIET_MS);

  return {
    debug: (message, meta) => log('debug', message, meta),
    info: (message, meta) => log('info', message, meta),
    warn: (message, meta) => log('warn', message, meta),
    error: (message, meta) => log('error', message, meta),
    flush,
  };
}

/** The meta of an Error (message and stack), for `logger.error(…, errorMeta(error))`. */
export function errorMeta(error: unknown): LogMeta {
  if (error instanceof Error) {
    return { error: { message: error.message, ...(error.stack ? { stack: error.stack } : {}) } };
  }
  return { error: { message: String(error) } };
}
