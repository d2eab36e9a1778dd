/**
 * Learning how long a recording is. MediaRecorder's webm has no Duration element, so Chromium
 * reports `duration === Infinity` until it has read the whole file; the seek bar then has no
 * scale. The server sends the durations it knows; without one, seeking far past the end makes
 * the browser read to the end and report the real duration (the usual workaround), after which
 * the element goes back to where it should start.
 */

/** Past any real recording: the element clamps it to the end it finds. */
const PROBE_SEEK_SEC = Number.MAX_SAFE_INTEGER;

/** A probe that learned nothing in this long gives up (the seek bar then stays disabled). */
export const DURATION_PROBE_TIMEOUT_MS = 15_000;

/** The element's duration when it is a real, positive number of seconds, else null. */
export function readElementDuration(video: Pick<HTMLMediaElement, 'duration'>): number | null {
  return Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null;
}

/** A known duration from the server, when it is a usable number of seconds. */
export function readKnownDuration(seconds: number | null | undefined): number | null {
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/**
 * Seeks `video` past its end until it reports a finite duration, then seeks to `returnToSec`.
 * Resolves with the duration, or null when the probe timed out or `signal` aborted it (a new
 * source), in which case the element is left alone.
 */
export function probeDuration(
  video: HTMLMediaElement,
  {
    returnToSec,
    signal,
    timeoutMs = DURATION_PROBE_TIMEOUT_MS,
  }: { returnToSec: number; signal: AbortSignal; timeoutMs?: number },
): Promise<number | null> {
  const known = readElementDuration(video);
  if (known !== null) return Promise.resolve(known);
  return new Promise((resolve) => {
    const finish = (duration: number | null) => {
      clearTimeout(timer);
      video.removeEventListener('durationchange', check);
      video.removeEventListener('timeupdate', check);
      signal.removeEventListener('abort', abort);
      resolve(duration);
    };
    // Chromium announces the duration with `durationchange`; others only update it by `timeupdate`.
    const check = () => {
      const duration = readElementDuration(video);
      if (duration === null) return;
      video.currentTime = Math.min(returnToSec, duration);
      finish(duration);
    };
    const abort = () => finish(null);
    if (signal.aborted) {
      resolve(null);
      return;
    }
    video.addEventListener('durationchange', check);
    video.addEventListener('timeupdate', check);
    signal.addEventListener('abort', abort);
    const timer = setTimeout(() => {
      video.currentTime = returnToSec;
      finish(null);
    }, timeoutMs);
    video.currentTime = PROBE_SEEK_SEC;
  });
}

/** Share of `video` buffered from the start to the furthest buffered point, 0–1. */
export function readBufferedRatio(
  video: Pick<HTMLMediaElement, 'buffered'>,
  durationSec: number,
): number {
  if (!(durationSec > 0) || video.buffered.length === 0) return 0;
  const end = video.buffered.end(video.buffered.length - 1);
  return Math.min(1, Math.max(0, end / durationSec));
}

/** `seconds` kept inside the video (0…duration); an unknown duration (0) only bounds it below. */
export function clampSeekTime(seconds: number, durationSec: number): number {
  const safe = Number.isFinite(seconds) ? Math.max(0, seconds) : 0;
  return durationSec > 0 ? Math.min(safe, durationSec) : safe;
}
