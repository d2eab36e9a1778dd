import type { LogEntryInput } from '@candid/domain';
import type { ApiClient, HttpFailure } from '../api/api-client';
import { RECORD_PATH } from '../api/api-client';
import { createLogger, errorMeta, type Logger, type LogMeta } from './logger';

/** The app's logger once `installAppLogger` ran (none in tests that do not install it). */
let current: Logger | null = null;

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Where in the app something happened, for the record's meta. */
function here(): LogMeta {
  return { path: window.location.pathname };
}

/**
 * Starts the app's logger: batches go to `POST record` through the API client (with
 * the caller's token, so the server knows who was using the app); uncaught errors and rejected
 * promises are logged as errors; what waits is sent when the page is hidden.
 */
export function installAppLogger(api: Pick<ApiClient, 'post'>): Logger {
  const logger = createLogger({
    send: async (entries: LogEntryInput[]) => {
      // On the candidate's pages the candidate token says whose interview it was.
      const isInterview = /^\/(interview|embed)\//.test(window.location.pathname);
      await api.post(RECORD_PATH, entries, isInterview ? { auth: 'candidate' } : {});
    },
    storage: localStorageOrNull(),
    now: () => new Date(),
    console: import.meta.env.DEV ? console : undefined,
  });
  window.addEventListener('error', (event) => {
    logger.error(event.message || 'Uncaught error', { ...here(), ...errorMeta(event.error) });
  });
  window.addEventListener('unhandledrejection', (event) => {
    logger.error('Unhandled promise rejection', { ...here(), ...errorMeta(event.reason) });
  });
  window.addEventListener('pagehide', () => void logger.flush());
  current = logger;
  return logger;
}

/** Logs a failed API call (the API client's `onHttpError`). */
export function logHttpFailure(failure: HttpFailure): void {
  current?.error(
    `${failure.method} ${failure.path} failed: ${failure.status || 'no answer'} ${failure.key}`,
    {
      ...here(),
      statusCode: failure.status,
      ...(failure.traceId ? { traceId: failure.traceId } : {}),
    },
  );
}

/** Logs a part of the app whose code did not load (too slow, or gone after a deploy). */
export function logChunkLoadFailure(error: unknown): void {
  current?.warn('Code of a screen not loaded', { ...here(), ...errorMeta(error) });
}
