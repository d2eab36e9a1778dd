import type { ChunkStore, RecordingMeta } from './chunk-store';
import { CancelledError } from './upload-retry';

/**
 * The one live copy of each recording's upload state over the chunk store: every change
 * mutates it, then stores it. Appends, confirmations and the finish of a recording run in
 * order (its write chain); a discarded take is never stored again.
 */
export class RecordingStates {
  private readonly metas = new Map<string, RecordingMeta>();
  private readonly cancelled = new Set<string>();
  /** Per recording: appends, confirmations and finish run in order. */
  private readonly writeChains = new Map<string, Promise<void>>();

  constructor(readonly store: ChunkStore) {}

  async get(recId: string): Promise<RecordingMeta | undefined> {
    const cached = this.metas.get(recId);
    if (cached) return cached;
    const stored = await this.store.getRecording(recId);
    if (!stored) return undefined;
    // Another caller may have loaded it meanwhile: keep the first copy.
    const existing = this.metas.get(recId);
    if (existing) return existing;
    this.metas.set(recId, stored);
    return stored;
  }

  /** The live copy when one is loaded. */
  peek(recId: string): RecordingMeta | undefined {
    return this.metas.get(recId);
  }

  remember(meta: RecordingMeta): void {
    this.metas.set(meta.recId, meta);
  }

  forget(recId: string): void {
    this.metas.delete(recId);
  }

  async save(meta: RecordingMeta): Promise<void> {
    if (this.cancelled.has(meta.recId)) return;
    await this.store.putRecording(meta);
  }

  chain(recId: string, task: () => Promise<void>): Promise<void> {
    const next = (this.writeChains.get(recId) ?? Promise.resolve()).then(task, task);
    this.writeChains.set(recId, next);
    return next;
  }

  /** Whether something was written to the recording on this page. */
  hasWrites(recId: string): boolean {
    return this.writeChains.has(recId);
  }

  /** Settles once the writes queued so far have run. */
  writesDone(recId: string): Promise<void> {
    return this.writeChains.get(recId) ?? Promise.resolve();
  }

  cancel(recId: string): void {
    this.cancelled.add(recId);
  }

  isCancelled(recId: string): boolean {
    return this.cancelled.has(recId);
  }

  assertActive(recId: string): void {
    if (this.cancelled.has(recId)) throw new CancelledError();
  }
}
