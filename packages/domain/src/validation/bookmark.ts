import { BOOKMARK_PART_MAX_CHARS } from '../common/constants';
import { VALIDATION_KEYS } from './validation-keys';

export type BookmarkResult =
  | { ok: true; value: string; seconds: number }
  /** Nothing to attach: one or both inputs are empty. */
  | { ok: true; value: null; seconds: null }
  | { ok: false; key: typeof VALIDATION_KEYS.OUTSIDE_LIMITS };

const OUTSIDE = { ok: false, key: VALIDATION_KEYS.OUTSIDE_LIMITS } as const;
const PART_PATTERN = new RegExp(`^\\d{1,${BOOKMARK_PART_MAX_CHARS}}$`, 'u');

/**
 * Reads a note's bookmark inputs. A bookmark is attached only when both minutes
 * and seconds are filled; otherwise there is nothing to attach and no error. Each part is at
 * most two digits, seconds at most 59, and the time may not be past the video's end; any
 * other input is OUTSIDE_LIMITS (the UI reverts the value and shows the warning). The value
 * is zero-padded `mm:ss`.
 */
export function parseBookmark(
  mm: string | null | undefined,
  ss: string | null | undefined,
  totalDurationSec: number,
): BookmarkResult {
  const minutesText = (mm ?? '').trim();
  const secondsText = (ss ?? '').trim();
  if (minutesText === '' || secondsText === '') return { ok: true, value: null, seconds: null };
  if (!PART_PATTERN.test(minutesText) || !PART_PATTERN.test(secondsText)) return OUTSIDE;
  const minutes = Number(minutesText);
  const secs = Number(secondsText);
  if (secs > 59) return OUTSIDE;
  const seconds = minutes * 60 + secs;
  // An unknown duration (not loaded yet) cannot confirm the time is inside the video.
  if (!Number.isFinite(totalDurationSec) || seconds > totalDurationSec) return OUTSIDE;
  return {
    ok: true,
    value: `${String(minutes).padStart(2, '0')}:${String(secs).padStart(2, '0')}`,
    seconds,
  };
}

/** Seconds of a `mm:ss` bookmark, for seeking the player; null when it is not one. */
export function bookmarkToSeconds(value: string): number | null {
  const match = /^(\d{1,2}):([0-5]\d)$/u.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}
