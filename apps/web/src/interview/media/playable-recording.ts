import fixWebmDuration from 'fix-webm-duration';

/**
 * A recording made in this page, made playable with a known duration. Chromium's
 * MediaRecorder writes a WebM without a Duration, so a `<video>` shows `Infinity` (0:00 in its
 * controls) and cannot seek; `fix-webm-duration` writes the Duration into the header (it keeps
 * vp8 and vp9 seeking, docs/media-in-tests.md). An mp4 (Safari) already carries its duration. A file the
 * fixer cannot read is returned as it was: the player's own fallback (`ensureFiniteDuration`)
 * still finds the length.
 */
export async function toPlayableRecording(blob: Blob, durationMs: number): Promise<Blob> {
  if (!blob.type.includes('webm') || !(durationMs > 0)) return blob;
  try {
    return await fixWebmDuration(blob, durationMs, { logger: false });
  } catch {
    return blob;
  }
}

/**
 * The player-side fallback for a WebM whose header has no Duration: seeking far past the end
 * makes Chromium read the file to its end and report the real duration, then the position goes
 * back to the start. Does nothing when the duration is already known.
 */
export function ensureFiniteDuration(video: HTMLVideoElement): void {
  if (Number.isFinite(video.duration) || video.dataset.durationProbe === 'on') return;
  video.dataset.durationProbe = 'on';
  const settle = () => {
    if (!Number.isFinite(video.duration)) return;
    video.removeEventListener('durationchange', settle);
    video.currentTime = 0;
    video.dataset.durationProbe = 'done';
  };
  video.addEventListener('durationchange', settle);
  video.currentTime = Number.MAX_SAFE_INTEGER;
}
