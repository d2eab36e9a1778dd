import {
  multipartKey,
  RECORDING_MIME_TYPES,
  RECORDING_TIMESLICE_MS,
  recordingFileName,
  type RecordingBitrates,
  type RecordingContainer,
  type RecordingKind,
} from '@candid/domain';
import { getUploadManager } from '../upload/upload-service';

export interface TakeTarget {
  applicantId: string;
  jobId: string;
  questId: string;
  candidateToken: string;
  container: RecordingContainer;
}

/** One take of a recorded question: a recorder per stream, each feeding the upload queue. */
export interface ActiveTake {
  /** Recording ids in the upload queue by kind (none in a demo). */
  recordings: { recId: string; kind: RecordingKind }[];
  startedAt: number;
  /**
   * The take as recorded, to play back before Retake or Save: the screen recording
   * when there is one (the main video, "Video player"), else the camera. Null before
   * Stop. Its chunks are kept in memory (Blobs, which the browser may keep on disk) only while
   * the question shows; the upload reads its own copy from the chunk store.
   */
  review: { blob: Blob; durationMs: number } | null;
  /** Stops the recorders; resolves once every chunk is in the chunk store. */
  stop(): Promise<void>;
  /** Stops and drops the take (retake). */
  discard(): Promise<void>;
  /**
   * Pauses the recorders (a blocking error while the streams still run): nothing is recorded
   * meanwhile and the pause does not count in the take's length.
   */
  pause(): void;
  /**
   * Goes on recording into the same recordings after a pause; false when a recorder can no
   * longer (its stream ended meanwhile): the take is then cut off, as by a lost device.
   */
  resume(): boolean;
}

/**
 * Starts MediaRecorder on each stream with 1 s timeslices; every chunk goes to the
 * chunk store and the uploader while recording. `target` null (demo): nothing is stored.
 */
export async function startTake(params: {
  streams: { kind: RecordingKind; stream: MediaStream }[];
  mimeType: string | null;
  /** From the media check's uplink probe: what the connection can send as it records. */
  bitrates?: RecordingBitrates | null;
  target: TakeTarget | null;
}): Promise<ActiveTake> {
  const { streams, mimeType, bitrates, target } = params;
  const manager = getUploadManager();
  const startedAt = Date.now();
  // Time spent paused (a blocking error) is not part of the recording's length.
  let pausedMs = 0;
  let pausedAt: number | null = null;
  const recordedMs = () => (pausedAt ?? Date.now()) - startedAt - pausedMs;
  const recorders = await Promise.all(
    streams.map(async ({ kind, stream }) => {
      const recId = target
        ? await manager.createRecording({
            key: multipartKey(
              target.jobId,
              recordingFileName({ ...target, kind, container: target.container }),
            ),
            applicantId: target.applicantId,
            jobId: target.jobId,
            questId: target.questId,
            kind,
            fileType: RECORDING_MIME_TYPES[target.container],
            candidateToken: target.candidateToken,
          })
        : null;
      const recorder = new MediaRecorder(stream, {
        ...(mimeType ? { mimeType } : {}),
        ...(bitrates ?? {}),
      });
      const pending: Promise<void>[] = [];
      const recorded: Blob[] = [];
      // A chunk delivered after stop() is held until the next one or the stop event: on a busy
      // machine a timeslice chunk queued before stop() is delivered after it, so "the recorder
      // is inactive" does not make a chunk the last. Only the one the stop event follows is.
      let held: Blob | null = null;
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) recorded.push(event.data);
        if (!recId) return;
        if (recorder.state !== 'inactive') {
          pending.push(manager.appendChunk(recId, event.data));
          return;
        }
        if (held) pending.push(manager.appendChunk(recId, held));
        held = event.data;
      };
      const stopped = new Promise<void>((resolve) => {
        recorder.onstop = () => {
          // The take's last chunk is stored together with its end, so it leaves in one PATCH
          // that also declares the length.
          if (recId && held) {
            pending.push(manager.appendChunk(recId, held, { durationMs: recordedMs() }));
          }
          held = null;
          resolve();
        };
      });
      recorder.start(RECORDING_TIMESLICE_MS);
      return { kind, recId, recorder, pending, stopped, recorded };
    }),
  );

  let review: ActiveTake['review'] = null;
  async function stopAll(): Promise<void> {
    const durationMs = recordedMs();
    await Promise.all(
      recorders.map(async ({ recorder, stopped, pending, recId }) => {
        if (recorder.state !== 'inactive') recorder.stop();
        await stopped;
        await Promise.all(pending);
        if (recId) await manager.finishRecording(recId, recordedMs());
      }),
    );
    const main = recorders.find(({ kind }) => kind === 'screen') ?? recorders[0];
    if (main && main.recorded.length > 0) {
      const type = main.recorder.mimeType || mimeType || 'video/webm';
      review = { blob: new Blob(main.recorded, { type }), durationMs };
    }
  }

  let stopping: Promise<void> | null = null;
  return {
    recordings: recorders.flatMap(({ recId, kind }) => (recId ? [{ recId, kind }] : [])),
    startedAt,
    get review() {
      return review;
    },
    stop() {
      stopping ??= stopAll();
      return stopping;
    },
    async discard() {
      stopping ??= stopAll();
      await stopping;
      await Promise.all(
        recorders.map(({ recId }) => (recId ? manager.discardRecording(recId) : null)),
      );
    },
    pause() {
      if (stopping || pausedAt !== null) return;
      pausedAt = Date.now();
      for (const { recorder } of recorders) {
        if (recorder.state === 'recording') recorder.pause();
      }
    },
    resume() {
      if (stopping) return false;
      if (pausedAt === null) return true;
      if (recorders.some(({ recorder }) => recorder.state !== 'paused')) return false;
      pausedMs += Date.now() - pausedAt;
      pausedAt = null;
      for (const { recorder } of recorders) recorder.resume();
      return true;
    },
  };
}
