import type { LogLevel } from '../common/constants';

// What the web app's logger needs on every page, kept apart from the record schemas (zod) so a
// page that only logs does not load the validation library.

/** Bounds of what one client entry may carry (`POST record` is open to candidates). */
export const MAX_LOG_BATCH_ENTRIES = 50;
export const MAX_LOG_MESSAGE_CHARS = 2_000;
export const MAX_LOG_STACK_CHARS = 8_000;

/** Debug logs stay in the console; every other client level is queued and sent. */
export function isLogLevelQueued(level: LogLevel): boolean {
  return level !== 'debug';
}
