import pLimit, { type LimitFunction } from 'p-limit';
import type { RecordingStates } from './recording-states';
import type { TusTransport } from './tus-transport';
import { CancelledError, describeTusError, type UploadRetry } from './upload-retry';
import type { UploadProgress } from './upload-snapshot';

export interface UploadQueueDeps {
  recordings: RecordingStates;
  progress: UploadProgress;
  retry: UploadRetry;
  transport: TusTransport;
  concurrency: number;
  /** A recording completed or failed for good: answers waiting for it may go now. */
  onSettled: () => void;
}

/**
 * The recordings' upload queue: at most `concurrency` recordings upload at once (p-limit
 * queues the others in order), each run goes on while new chunks arrive, and a new take of a
 * storage key waits until a discarded take of that key has stopped talking to the server.
 */
export class UploadQueue {
  private readonly recordings: RecordingStates;
  private readonly progress: UploadProgress;
  private readonly retry: UploadRetry;
  private readonly transport: TusTransport;
  private readonly onSettled: () => void;
  private readonly slots: LimitFunction;
  private readonly running = new Map<string, Promise<void>>();
  private readonly dirty = new Set<string>();
  /**
   * Per storage key: settles once a discarded take of that key has stopped talking to the
   * server, so the next take's upload can never be overtaken by the old take's calls.
   */
  private readonly keyBarriers = new Map<string, Promise<void>>();

  constructor(deps: UploadQueueDeps) {
    this.recordings = deps.recordings;
    this.progress = deps.progress;
    this.retry = deps.retry;
    this.transport = deps.transport;
    this.onSettled = deps.onSettled;
    this.slots = pLimit(deps.concurrency);
  }

  /** Settles once the recording's current run (if any) has ended. */
  runDone(recId: string): Promise<void> {
    return this.running.get(recId) ?? Promise.resolve();
  }

  /** Later takes of `key` start uploading only once `stopped` settles. */
  holdKey(key: string, stopped: Promise<void>): void {
    const before = this.keyBarriers.get(key) ?? Promise.resolve();
    this.keyBarriers.set(
      key,
      Promise.all([before, stopped]).then(() => undefined),
    );
  }

  /** Something changed for the recording: (re)start its upload, or have the run look again. */
  kick(recId: string): void {
    if (this.recordings.isCancelled(recId)) return;
    if (this.running.has(recId)) {
      this.dirty.add(recId);
      return;
    }
    const run = (async () => {
      do {
        this.dirty.delete(recId);
        await this.pump(recId);
      } while (this.dirty.has(recId) && !this.recordings.isCancelled(recId));
    })()
      .catch(async (error: unknown) => {
        if (error instanceof CancelledError || this.recordings.isCancelled(recId)) return;
        const meta = await this.recordings.get(recId);
        if (!meta) return;
        const { cause } = describeTusError(error);
        meta.error = cause instanceof Error ? cause.message : String(cause);
        await this.recordings.save(meta);
        this.progress.publish(meta);
        this.onSettled();
      })
      .finally(() => {
        this.running.delete(recId);
        if (this.dirty.has(recId)) this.kick(recId);
      });
    this.running.set(recId, run);
  }

  private async pump(recId: string): Promise<void> {
    const { recordings } = this;
    const meta = await recordings.get(recId);
    if (!meta || meta.isCompleted || meta.error) return;
    recordings.assertActive(recId);
    // The upload starts with the first recorded chunk.
    if (meta.totalBytes === 0 && !meta.isFinished) return;
    if (meta.totalBytes === 0) {
      // Nothing was recorded: nothing to store.
      meta.isCompleted = true;
      meta.error = 'EMPTY_RECORDING';
      await recordings.save(meta);
      this.progress.publish(meta);
      this.onSettled();
      return;
    }
    await (this.keyBarriers.get(meta.key) ?? Promise.resolve());
    recordings.assertActive(recId);
    await this.slots(() =>
      this.retry.retryUpload(
        recId,
        () => this.transport.run(meta),
        () => recordings.assertActive(recId),
      ),
    );
    recordings.assertActive(recId);
    meta.isCompleted = true;
    meta.confirmedBytes = meta.totalBytes;
    // Told at once: a submit waiting for this last byte goes out while the state is stored.
    this.progress.publish(meta);
    await recordings.save(meta);
    this.onSettled();
  }
}
