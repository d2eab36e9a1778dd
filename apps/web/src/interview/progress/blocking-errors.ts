import type { InterviewErrorType } from '@candid/domain';

/**
 * The blocking errors of the interview itself (docs/interview-resilience.md, "Blocking errors"):
 * a device whose track ended (unplugged, taken by another app), the screen share stopped, the
 * connection lost for longer than the upload queue absorbs, and a microphone that gives
 * nothing at all. The face check runs in the device check only: no face check during answers.
 */
export type BlockingCause =
  'CAMERA_NOT_FOUND' | 'MIC_NOT_FOUND' | 'DENIED_SCREEN_ACCESS' | 'NO_NETWORK' | 'MIC_LOW_VOLUME';

/** Shown first when several hold at once: a lost device before a condition that may pass. */
const PRIORITY: readonly BlockingCause[] = [
  'CAMERA_NOT_FOUND',
  'MIC_NOT_FOUND',
  'DENIED_SCREEN_ACCESS',
  'NO_NETWORK',
  'MIC_LOW_VOLUME',
];

/**
 * Offline this long blocks the interview. Shorter drops (a tunnel, a Wi-Fi hand-over) do not
 * interrupt the answer: the chunks wait in IndexedDB and the upload resumes when the connection
 * is back. Past it the candidate would be answering into a device that may run out of storage.
 */
export const NETWORK_LOSS_BLOCK_AFTER_MS = 20_000;
/**
 * A microphone below this level (RMS) gives nothing at all: a muted or dead input. A real
 * microphone in a quiet room stays above it, so a candidate thinking in silence is not blocked.
 */
export const MIC_SILENT_LEVEL = 0.0001;
/** A microphone that silent this long blocks the interview. */
export const MIC_SILENT_BLOCK_AFTER_MS = 10_000;

/** The error shown of those that hold now, or null. */
export function firstBlockingError(active: Iterable<BlockingCause>): BlockingCause | null {
  const set = new Set(active);
  return PRIORITY.find((cause) => set.has(cause)) ?? null;
}

/** Whether a device was lost: its stream is gone and must be asked for again. */
export function isLostDevice(cause: InterviewErrorType): boolean {
  return (
    cause === 'CAMERA_NOT_FOUND' || cause === 'MIC_NOT_FOUND' || cause === 'DENIED_SCREEN_ACCESS'
  );
}

/**
 * What a take being recorded does when a blocking error appears. A lost device ends its stream,
 * so the recorders stop and the take is cut off (everything recorded is stored); otherwise the
 * streams still run and the recorders pause, the same recording going on when the error clears.
 */
export function reactToBlock(cause: InterviewErrorType): 'pause' | 'cutOff' {
  return isLostDevice(cause) ? 'cutOff' : 'pause';
}

/**
 * What becomes of a take cut off by a lost device once it is back:
 * - `restart`: a job with retakes records the answer again, with its whole time (the candidate
 *   could retake anyway);
 * - `continue`: a one-try job records on in a new recording with what is left of the time; the
 *   cut-off recording stays stored with the answer (nothing recorded is thrown away);
 * - `keep`: after the screen share was stopped in a one-try job the cut-off take is the answer
 *   (sharing again is not asked in the middle of a one-try answer).
 */
export function reactToClear(
  cutOffBy: InterviewErrorType,
  isOneTry: boolean,
): 'restart' | 'continue' | 'keep' {
  if (!isOneTry) return 'restart';
  return cutOffBy === 'DENIED_SCREEN_ACCESS' ? 'keep' : 'continue';
}

/**
 * Follows a level meter: silent once every reading for `afterMs` was below MIC_SILENT_LEVEL,
 * heard again at the first reading above it.
 */
export function createSilenceWatch(afterMs: number = MIC_SILENT_BLOCK_AFTER_MS) {
  let silentSince: number | null = null;
  return {
    /** Takes a reading at `nowMs`; answers whether the microphone counts as silent. */
    read(level: number, nowMs: number): boolean {
      if (level >= MIC_SILENT_LEVEL) {
        silentSince = null;
        return false;
      }
      silentSince ??= nowMs;
      return nowMs - silentSince >= afterMs;
    },
  };
}
