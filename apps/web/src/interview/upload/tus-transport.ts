import { Upload, type HttpStack } from 'tus-js-client';
import type { RecordingMeta, StoredChunk } from './chunk-store';
import type { RecordingStates } from './recording-states';
import type { UploadProgress } from './upload-snapshot';
import {
  BytesMissingError,
  CancelledError,
  isRetryableTusError,
  type UploadRetry,
} from './upload-retry';

export interface TusTransportDeps {
  recordings: RecordingStates;
  progress: UploadProgress;
  retry: UploadRetry;
  /** The tus endpoint (absolute URL). */
  tusEndpoint: string;
  /** tus-js-client's HTTP layer; tests pass an in-memory tus server. */
  httpStack: HttpStack | undefined;
  isOnline: () => boolean;
  /** Largest PATCH body: a backlog (after being offline) goes out in pieces of this size. */
  chunkBytes: number;
  /** tus-js-client's own quick retries before the queue's backoff takes over. */
  retryDelays: number[];
}

/**
 * Each recording streams to the server over tus while it is recorded: a deferred-length
 * upload whose source hands tus-js-client the stored chunks as they arrive (a PATCH per
 * recorder chunk, at most `chunkBytes` each). Chunks leave the chunk store only once the
 * server's offset covers them; a run that starts over resumes from HEAD's offset.
 */
export class TusTransport {
  private readonly recordings: RecordingStates;
  private readonly progress: UploadProgress;
  private readonly retry: UploadRetry;
  private readonly tusEndpoint: string;
  private readonly httpStack: HttpStack | undefined;
  private readonly isOnline: () => boolean;
  private readonly chunkBytes: number;
  private readonly retryDelays: number[];
  /** The tus upload of each recording while one runs (a discard aborts and terminates it). */
  private readonly activeUploads = new Map<
    string,
    { upload: Upload; cancel: (error: Error) => void }
  >();
  /** Sources waiting for the next recorded chunk, by recording. */
  private readonly dataWaiters = new Map<string, (() => void)[]>();

  constructor(deps: TusTransportDeps) {
    this.recordings = deps.recordings;
    this.progress = deps.progress;
    this.retry = deps.retry;
    this.tusEndpoint = deps.tusEndpoint;
    this.httpStack = deps.httpStack;
    this.isOnline = deps.isOnline;
    this.chunkBytes = deps.chunkBytes;
    this.retryDelays = deps.retryDelays;
  }

  /** Wakes the recording's source: a chunk arrived, the take ended or was dropped. */
  notifyData(recId: string): void {
    const waiters = this.dataWaiters.get(recId) ?? [];
    this.dataWaiters.delete(recId);
    waiters.forEach((wake) => wake());
  }

  private nextData(recId: string): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.dataWaiters.get(recId) ?? [];
      waiters.push(resolve);
      this.dataWaiters.set(recId, waiters);
    });
  }

  /**
   * A discarded take: its running upload is aborted (it reports nothing more), or a finished
   * one's is terminated, so the server deletes its stored copy and its place in the answer.
   */
  async terminate(recId: string, meta: RecordingMeta | undefined): Promise<void> {
    const active = this.activeUploads.get(recId);
    if (active) {
      await active.upload.abort(true).catch(() => undefined);
      active.cancel(new CancelledError());
    } else if (meta?.uploadUrl) {
      await Upload.terminate(meta.uploadUrl, this.tusOptions(meta)).catch(() => undefined);
    }
  }

  private tusOptions(meta: RecordingMeta) {
    return {
      headers: { Authorization: `Bearer ${meta.candidateToken}` },
      ...(this.httpStack ? { httpStack: this.httpStack } : {}),
    };
  }

  /** One tus upload run of a recording: resolves once the server holds all of it. */
  run(meta: RecordingMeta): Promise<void> {
    const { recId } = meta;
    return new Promise<void>((resolve, reject) => {
      const upload: Upload = new Upload(
        // tus-js-client passes this to the file reader, which reads the chunk store instead.
        { recId } as unknown as Blob,
        {
          ...this.tusOptions(meta),
          // Once bytes left IndexedDB, an upload the server lost cannot be created afresh.
          endpoint: meta.uploadUrl && meta.deletedSeq >= 0 ? null : this.tusEndpoint,
          uploadUrl: meta.uploadUrl,
          uploadLengthDeferred: true,
          chunkSize: this.chunkBytes,
          retryDelays: this.retryDelays,
          storeFingerprintForResuming: false,
          removeFingerprintOnSuccess: false,
          fingerprint: async () => `candid-${recId}`,
          metadata: {
            applicantId: meta.applicantId,
            questId: meta.questId,
            kind: meta.kind,
            filetype: meta.fileType,
          },
          fileReader: {
            openFile: async () => ({
              // Unknown until the take ends (deferred length).
              size: Number.NaN,
              slice: (start: number, end: number) => this.readSlice(recId, start, end),
              close: () => undefined,
            }),
          },
          onShouldRetry: (error) => this.isOnline() && isRetryableTusError(error),
          onUploadUrlAvailable: () => {
            if (upload.url && upload.url !== meta.uploadUrl) {
              meta.uploadUrl = upload.url;
              void this.recordings.chain(recId, () => this.recordings.save(meta));
            }
          },
          onChunkComplete: (_chunkSize, bytesAccepted) => {
            void this.recordings.chain(recId, () => this.confirm(meta, bytesAccepted));
          },
          onSuccess: () => resolve(),
          onError: (error) => reject(error),
        },
      );
      this.activeUploads.set(recId, { upload, cancel: reject });
      upload.start();
    }).finally(() => {
      this.activeUploads.delete(recId);
    });
  }

  /**
   * The bytes [start, end) of a recording for the next PATCH, from the chunk store: waits
   * until at least one byte past `start` is recorded, then hands over what is there (up to
   * `end`); `done` once the take has ended and the slice reaches its last byte.
   */
  private async readSlice(
    recId: string,
    start: number,
    end: number,
  ): Promise<{ value: Blob | null; done: boolean }> {
    for (;;) {
      this.recordings.assertActive(recId);
      const meta = await this.recordings.get(recId);
      if (!meta) throw new CancelledError();
      if (start < meta.totalBytes) {
        const stop = Math.min(end, meta.totalBytes);
        const chunks: StoredChunk[] = await this.recordings.store.listChunks(
          recId,
          meta.deletedSeq,
        );
        const parts: Blob[] = [];
        let covered = start;
        for (const chunk of chunks) {
          const chunkEnd = chunk.start + chunk.blob.size;
          if (chunkEnd <= covered || chunk.start >= stop) continue;
          if (chunk.start > covered) break;
          parts.push(
            chunk.blob.slice(covered - chunk.start, Math.min(stop, chunkEnd) - chunk.start),
          );
          covered = Math.min(stop, chunkEnd);
        }
        if (covered < stop) throw new BytesMissingError();
        return {
          value: new Blob(parts, { type: 'application/offset+octet-stream' }),
          done: meta.isFinished && stop >= meta.totalBytes,
        };
      }
      if (start > meta.totalBytes) throw new BytesMissingError();
      if (meta.isFinished) return { value: null, done: true };
      await Promise.race([this.nextData(recId), this.retry.cancelSignal(recId)]);
    }
  }

  /** The server holds `bytesAccepted` bytes: chunks wholly below that leave IndexedDB. */
  private async confirm(meta: RecordingMeta, bytesAccepted: number): Promise<void> {
    if (this.recordings.isCancelled(meta.recId)) return;
    meta.confirmedBytes = Math.max(meta.confirmedBytes, bytesAccepted);
    let lastSeq = -1;
    const { store } = this.recordings;
    for (const chunk of await store.listChunks(meta.recId, meta.deletedSeq)) {
      if (chunk.start + chunk.blob.size > bytesAccepted) break;
      lastSeq = chunk.seq;
    }
    if (lastSeq > meta.deletedSeq) {
      await store.deleteChunks(meta.recId, lastSeq);
      meta.deletedSeq = lastSeq;
    }
    await this.recordings.save(meta);
    this.progress.publish(meta);
  }
}
