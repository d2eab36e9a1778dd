import {
  MULTIPART_MIN_PART_BYTES,
  RECORDING_TIMESLICE_MS,
  UPLOAD_CONCURRENCY,
  type CandidateAnswer,
  type RecordingKind,
} from '@candid/domain';
import type { ChunkStore, PendingAnswer, RecordingMeta } from './chunk-store';
import { isRetryableUploadError, type UploadApi } from './upload-api';

/** Upload progress of one recording, 0–100. */
export interface FileProgress {
  recId: string;
  applicantId: string;
  key: string;
  percent: number;
  isCompleted: boolean;
  error: string | null;
  totalBytes: number;
  confirmedBytes: number;
}

export interface UploadSnapshot {
  files: Record<string, FileProgress>;
  /** Answers not yet saved to the applicant, by applicant id. */
  pendingAnswers: Record<string, number>;
  isOnline: boolean;
}

export interface NewRecording {
  key: string;
  applicantId: string;
  jobId: string;
  questId: string;
  kind: RecordingKind;
  fileType: string;
  candidateToken: string;
}

export interface UploadManagerDeps {
  store: ChunkStore;
  api: UploadApi;
  sleep?: (ms: number) => Promise<void>;
  isOnline?: () => boolean;
  /** Resolves on the browser's `online` event. */
  waitForOnline?: () => Promise<void>;
  /** Writes the Duration into a single-part webm (fix-webm-duration in the browser). */
  fixDuration?: (blob: Blob, durationMs: number) => Promise<Blob>;
  minPartBytes?: number;
  concurrency?: number;
  maxBackoffMs?: number;
  makeId?: () => string;
}

class CancelledError extends Error {}

const BASE_BACKOFF_MS = 500;
/** Failures that retrying cannot fix (4xx) are tried this many times, then the file fails. */
const MAX_FATAL_ATTEMPTS = 3;

function percentOf(meta: RecordingMeta): number {
  if (meta.isCompleted) return 100;
  if (meta.totalBytes === 0) return 0;
  // The last bytes count only once the recording is complete.
  return Math.min(99, Math.floor((meta.confirmedBytes / meta.totalBytes) * 100));
}

/**
 * The recordings' upload queue (DESIGN §5, spec §7): chunks go to the chunk store as they are
 * recorded; each recording is uploaded as a multipart upload while it is recorded (parts of at
 * least `minPartBytes` except the last), a part's chunks are deleted only after the server
 * confirmed it, every call is retried with exponential backoff, an offline queue waits for the
 * `online` event, and answers are saved to the applicant once their recordings are complete.
 */
export class UploadManager {
  private readonly store: ChunkStore;
  private readonly api: UploadApi;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly isOnline: () => boolean;
  private readonly waitForOnline: () => Promise<void>;
  private readonly fixDuration: ((blob: Blob, durationMs: number) => Promise<Blob>) | undefined;
  private readonly minPartBytes: number;
  private readonly maxBackoffMs: number;
  private readonly makeId: () => string;

  private readonly slots: { free: number; waiting: (() => void)[] };
  private readonly running = new Map<string, Promise<void>>();
  private readonly dirty = new Set<string>();
  private readonly cancelled = new Set<string>();
  private readonly startedThisPage = new Set<string>();
  /** Per recording: appends and finish run in order. */
  private readonly writeChains = new Map<string, Promise<void>>();
  private answersRunning: Promise<void> | null = null;
  /** Answers handed to saveAnswer but not yet in the chunk store, by applicant id. */
  private readonly answersArriving = new Map<string, number>();
  /**
   * Per storage key: settles once a discarded take of that key has stopped talking to the
   * server, so the next take's `restart` can never be overtaken by the old take's calls.
   */
  private readonly keyBarriers = new Map<string, Promise<void>>();
  /** Resolved when a recording is discarded: its backoff waits end at once. */
  private readonly cancelSignals = new Map<
    string,
    { promise: Promise<void>; resolve: () => void }
  >();
  private answersDirty = false;
  private snapshot: UploadSnapshot;
  private readonly listeners = new Set<() => void>();
  private resumed: Promise<void> | null = null;
  /** The one live copy of each recording's state: every change mutates it, then stores it. */
  private readonly metas = new Map<string, RecordingMeta>();

  constructor(deps: UploadManagerDeps) {
    this.store = deps.store;
    this.api = deps.api;
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.isOnline = deps.isOnline ?? (() => true);
    this.waitForOnline = deps.waitForOnline ?? (() => Promise.resolve());
    this.fixDuration = deps.fixDuration;
    this.minPartBytes = deps.minPartBytes ?? MULTIPART_MIN_PART_BYTES;
    this.maxBackoffMs = deps.maxBackoffMs ?? 30_000;
    this.makeId = deps.makeId ?? (() => crypto.randomUUID());
    this.slots = { free: deps.concurrency ?? UPLOAD_CONCURRENCY, waiting: [] };
    this.snapshot = { files: {}, pendingAnswers: {}, isOnline: this.isOnline() };
  }

  // ---- subscription (useSyncExternalStore) ----

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UploadSnapshot => this.snapshot;

  setOnline(isOnline: boolean): void {
    if (this.snapshot.isOnline === isOnline) return;
    this.snapshot = { ...this.snapshot, isOnline };
    this.emit();
  }

  private emit(): void {
    this.listeners.forEach((listener) => listener());
  }

  private publish(meta: RecordingMeta): void {
    this.snapshot = {
      ...this.snapshot,
      files: {
        ...this.snapshot.files,
        [meta.recId]: {
          recId: meta.recId,
          applicantId: meta.applicantId,
          key: meta.key,
          percent: percentOf(meta),
          isCompleted: meta.isCompleted,
          error: meta.error,
          totalBytes: meta.totalBytes,
          confirmedBytes: meta.confirmedBytes,
        },
      },
    };
    this.emit();
  }

  private async publishAnswers(): Promise<void> {
    const stored = await this.store.listAnswers();
    this.publishPending(stored);
  }

  private publishPending(stored: PendingAnswer[]): void {
    const pending: Record<string, number> = {};
    for (const answer of stored) {
      pending[answer.applicantId] = (pending[answer.applicantId] ?? 0) + 1;
    }
    for (const [applicantId, count] of this.answersArriving) {
      pending[applicantId] = (pending[applicantId] ?? 0) + count;
    }
    this.snapshot = { ...this.snapshot, pendingAnswers: pending };
    this.emit();
  }

  private markArriving(applicantId: string, delta: number): void {
    const count = (this.answersArriving.get(applicantId) ?? 0) + delta;
    if (count > 0) this.answersArriving.set(applicantId, count);
    else this.answersArriving.delete(applicantId);
  }

  private async getMeta(recId: string): Promise<RecordingMeta | undefined> {
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

  private async saveMeta(meta: RecordingMeta): Promise<void> {
    if (this.cancelled.has(meta.recId)) return;
    await this.store.putRecording(meta);
  }

  // ---- recording side ----

  /** A new recording (a take); its upload starts afresh (`restart=1`). Answers its recId. */
  async createRecording(input: NewRecording): Promise<string> {
    const meta: RecordingMeta = {
      ...input,
      recId: this.makeId(),
      uploadId: null,
      parts: [],
      nextSeq: 0,
      totalBytes: 0,
      confirmedBytes: 0,
      isFinished: false,
      durationMs: null,
      isCompleted: false,
      error: null,
      createdAt: Date.now(),
    };
    this.metas.set(meta.recId, meta);
    await this.store.putRecording(meta);
    this.publish(meta);
    return meta.recId;
  }

  private chain(recId: string, task: () => Promise<void>): Promise<void> {
    const next = (this.writeChains.get(recId) ?? Promise.resolve()).then(task, task);
    this.writeChains.set(recId, next);
    return next;
  }

  /** Stores one recorded chunk and lets the uploader know. */
  appendChunk(recId: string, blob: Blob): Promise<void> {
    return this.chain(recId, async () => {
      if (this.cancelled.has(recId) || blob.size === 0) return;
      const meta = await this.getMeta(recId);
      if (!meta || meta.isFinished) return;
      await this.store.putChunk({ recId, seq: meta.nextSeq, blob });
      meta.nextSeq += 1;
      meta.totalBytes += blob.size;
      await this.saveMeta(meta);
      this.publish(meta);
      this.kick(recId);
    });
  }

  /** The recorder stopped: the rest becomes the last part, then the upload completes. */
  finishRecording(recId: string, durationMs: number | null): Promise<void> {
    return this.chain(recId, async () => {
      if (this.cancelled.has(recId)) return;
      const meta = await this.getMeta(recId);
      if (!meta || meta.isFinished) return;
      meta.isFinished = true;
      meta.durationMs = durationMs;
      await this.saveMeta(meta);
      this.kick(recId);
    });
  }

  /**
   * A retake: the take is dropped with its chunks; the next take restarts the upload. The
   * next take of the same key starts its upload only after this one's calls have stopped.
   */
  async discardRecording(recId: string): Promise<void> {
    this.cancelled.add(recId);
    void this.cancelSignal(recId);
    this.cancelSignals.get(recId)?.resolve();
    const key = (await this.getMeta(recId))?.key;
    const stopped = (async () => {
      await (this.writeChains.get(recId) ?? Promise.resolve());
      await (this.running.get(recId) ?? Promise.resolve());
    })();
    if (key) {
      const before = this.keyBarriers.get(key) ?? Promise.resolve();
      this.keyBarriers.set(
        key,
        Promise.all([before, stopped]).then(() => undefined),
      );
    }
    await stopped;
    this.metas.delete(recId);
    await this.store.deleteRecording(recId);
    const { [recId]: _dropped, ...files } = this.snapshot.files;
    this.snapshot = { ...this.snapshot, files };
    this.emit();
  }

  /**
   * Saves an answer to the applicant once its recordings are complete (at once when it has
   * none); the answer waits in the chunk store, so a reload still saves it.
   */
  async saveAnswer(input: {
    applicantId: string;
    jobId: string;
    questId: string;
    candidateToken: string;
    answer: CandidateAnswer;
    recordings?: { recId: string; kind: RecordingKind }[];
  }): Promise<void> {
    // Counted as pending at once: a caller that navigates right after (the last question)
    // must not find the applicant "done" while the answer is still being written.
    this.markArriving(input.applicantId, 1);
    const { pendingAnswers } = this.snapshot;
    this.snapshot = {
      ...this.snapshot,
      pendingAnswers: {
        ...pendingAnswers,
        [input.applicantId]: (pendingAnswers[input.applicantId] ?? 0) + 1,
      },
    };
    this.emit();
    const pending: PendingAnswer = {
      id: `${input.applicantId}/${input.questId}`,
      applicantId: input.applicantId,
      jobId: input.jobId,
      questId: input.questId,
      candidateToken: input.candidateToken,
      answer: input.answer,
      recordings: input.recordings ?? [],
    };
    try {
      await this.store.putAnswer(pending);
    } finally {
      this.markArriving(input.applicantId, -1);
    }
    await this.publishAnswers();
    this.kickAnswers();
  }

  // ---- page load ----

  /** Resumes every unfinished recording and answer found in the chunk store (once per page). */
  resume(): Promise<void> {
    this.resumed ??= (async () => {
      const recordings = await this.store.listRecordings();
      for (const stored of recordings) {
        const meta = this.metas.get(stored.recId) ?? stored;
        this.metas.set(meta.recId, meta);
        if (!meta.isFinished && !this.writeChains.has(meta.recId)) {
          // Its recorder died with the previous page: what was recorded is the take.
          // Its duration stays unknown here; the server writes the real one into the file.
          meta.isFinished = true;
          await this.saveMeta(meta);
        }
        this.publish(meta);
        this.kick(meta.recId);
      }
      await this.publishAnswers();
      this.kickAnswers();
    })();
    return this.resumed;
  }

  /**
   * Takes of a question that no answer holds yet: what was being recorded when the page went
   * away (a reload or a crash). The interview saves them as the question's answer.
   */
  async findUnsavedRecordings(
    applicantId: string,
    questId: string,
  ): Promise<{ recId: string; kind: RecordingKind; durationMs: number }[]> {
    await this.resume();
    const held = new Set(
      (await this.store.listAnswers()).flatMap((answer) => answer.recordings.map((r) => r.recId)),
    );
    const found: { recId: string; kind: RecordingKind; durationMs: number; createdAt: number }[] =
      [];
    for (const stored of await this.store.listRecordings()) {
      const meta = this.metas.get(stored.recId) ?? stored;
      if (meta.applicantId !== applicantId || meta.questId !== questId) continue;
      if (held.has(meta.recId) || this.cancelled.has(meta.recId)) continue;
      found.push({
        recId: meta.recId,
        kind: meta.kind,
        durationMs: meta.durationMs ?? meta.nextSeq * RECORDING_TIMESLICE_MS,
        createdAt: meta.createdAt,
      });
    }
    // One take per kind: the newest (an older one can only be a retake cut off mid-discard).
    const newest = new Map<RecordingKind, (typeof found)[number]>();
    for (const take of found) {
      const kept = newest.get(take.kind);
      if (!kept || take.createdAt > kept.createdAt) newest.set(take.kind, take);
    }
    for (const take of found) {
      if (newest.get(take.kind) !== take) await this.discardRecording(take.recId);
    }
    return [...newest.values()].map(({ recId, kind, durationMs }) => ({ recId, kind, durationMs }));
  }

  /** Whether everything of the applicant is stored: recordings complete, answers saved. */
  isApplicantDone(applicantId: string): boolean {
    const { files, pendingAnswers } = this.snapshot;
    return (
      !pendingAnswers[applicantId] &&
      Object.values(files).every(
        (file) => file.applicantId !== applicantId || file.isCompleted || file.error !== null,
      )
    );
  }

  /** Overall upload percent of an applicant's recordings (100 when there are none). */
  getApplicantPercent(applicantId: string): number {
    const files = Object.values(this.snapshot.files).filter((f) => f.applicantId === applicantId);
    if (files.length === 0) return this.snapshot.pendingAnswers[applicantId] ? 99 : 100;
    const total = files.reduce((sum, f) => sum + Math.max(f.totalBytes, 1), 0);
    const done = files.reduce(
      (sum, f) => sum + (f.isCompleted ? Math.max(f.totalBytes, 1) : f.confirmedBytes),
      0,
    );
    const percent = Math.floor((done / total) * 100);
    return percent >= 100 && !this.isApplicantDone(applicantId) ? 99 : percent;
  }

  /** Resolves once every recording and answer of the applicant is stored. */
  waitForApplicant(applicantId: string): Promise<void> {
    if (this.isApplicantDone(applicantId)) return Promise.resolve();
    return new Promise((resolve) => {
      const unsubscribe = this.subscribe(() => {
        if (!this.isApplicantDone(applicantId)) return;
        unsubscribe();
        resolve();
      });
    });
  }

  // ---- uploader ----

  private kick(recId: string): void {
    if (this.cancelled.has(recId)) return;
    if (this.running.has(recId)) {
      this.dirty.add(recId);
      return;
    }
    const run = (async () => {
      do {
        this.dirty.delete(recId);
        await this.pump(recId);
      } while (this.dirty.has(recId) && !this.cancelled.has(recId));
    })()
      .catch(async (error: unknown) => {
        if (error instanceof CancelledError) return;
        const meta = await this.getMeta(recId);
        if (!meta) return;
        meta.error = error instanceof Error ? error.message : String(error);
        await this.saveMeta(meta);
        this.publish(meta);
      })
      .finally(() => {
        this.running.delete(recId);
        if (this.dirty.has(recId)) this.kick(recId);
      });
    this.running.set(recId, run);
  }

  private async acquire(): Promise<void> {
    if (this.slots.free > 0) {
      this.slots.free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.slots.waiting.push(resolve));
  }

  private release(): void {
    const next = this.slots.waiting.shift();
    if (next) next();
    else this.slots.free += 1;
  }

  private assertActive(recId: string): void {
    if (this.cancelled.has(recId)) throw new CancelledError();
  }

  /** Runs `task` until it succeeds: backoff between tries, and a wait for `online` when offline. */
  private async withRetry<T>(recId: string | null, task: () => Promise<T>): Promise<T> {
    let fatalAttempts = 0;
    for (let attempt = 0; ; attempt += 1) {
      if (recId) this.assertActive(recId);
      if (!this.isOnline()) await this.waitForOnline();
      try {
        return await task();
      } catch (error) {
        if (recId) this.assertActive(recId);
        if (!isRetryableUploadError(error)) {
          fatalAttempts += 1;
          if (fatalAttempts >= MAX_FATAL_ATTEMPTS) throw error;
        }
        if (!this.isOnline()) continue;
        await this.backoff(recId, Math.min(this.maxBackoffMs, BASE_BACKOFF_MS * 2 ** attempt));
      }
    }
  }

  /** Waits `ms`; a discarded take stops waiting at once. */
  private async backoff(recId: string | null, ms: number): Promise<void> {
    await Promise.race([this.sleep(ms), recId ? this.cancelSignal(recId) : new Promise(() => {})]);
    if (recId) this.assertActive(recId);
  }

  private cancelSignal(recId: string): Promise<void> {
    let signal = this.cancelSignals.get(recId);
    if (!signal) {
      let resolve: () => void = () => undefined;
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      signal = { promise, resolve };
      this.cancelSignals.set(recId, signal);
    }
    return signal.promise;
  }

  private async pump(recId: string): Promise<void> {
    let meta = await this.getMeta(recId);
    if (!meta || meta.isCompleted || meta.error) return;
    this.assertActive(recId);

    if (!meta.uploadId || !this.startedThisPage.has(recId)) {
      await (this.keyBarriers.get(meta.key) ?? Promise.resolve());
      this.assertActive(recId);
      const current = meta;
      // A new take restarts the key's upload; a resumed one gets the same uploadId back.
      const uploadId = await this.withRetry(recId, () =>
        this.api.startMultipart(
          current.candidateToken,
          current.key,
          current.fileType,
          current.uploadId === null,
        ),
      );
      this.assertActive(recId);
      meta = (await this.getMeta(recId)) ?? meta;
      if (meta.uploadId && meta.uploadId !== uploadId) {
        // The server lost the old upload: its parts are gone; what is still stored is re-sent.
        meta.parts = [];
      }
      meta.uploadId = uploadId;
      await this.saveMeta(meta);
      this.startedThisPage.add(recId);
    }

    for (;;) {
      this.assertActive(recId);
      meta = await this.getMeta(recId);
      if (!meta) throw new CancelledError();
      const lastSeq = meta.parts.at(-1)?.lastSeq ?? -1;
      const chunks = await this.store.listChunks(recId, lastSeq);
      const pendingBytes = chunks.reduce((sum, chunk) => sum + chunk.blob.size, 0);
      if (chunks.length === 0 && meta.isFinished) break;
      if (!meta.isFinished && pendingBytes < this.minPartBytes) return;

      const taken: typeof chunks = [];
      let takenBytes = 0;
      for (const chunk of chunks) {
        taken.push(chunk);
        takenBytes += chunk.blob.size;
        if (!meta.isFinished && takenBytes >= this.minPartBytes) break;
      }
      let body = new Blob(
        taken.map((chunk) => chunk.blob),
        { type: meta.fileType },
      );
      const isWholeRecording = meta.isFinished && meta.parts.length === 0;
      if (
        isWholeRecording &&
        meta.fileType === 'video/webm' &&
        meta.durationMs &&
        this.fixDuration
      ) {
        body = await this.fixDuration(body, meta.durationMs).catch(() => body);
      }
      const partNumber = meta.parts.length + 1;
      const { uploadId, candidateToken, key } = meta;
      if (!uploadId) throw new Error('unreachable: no uploadId');
      const partBody = body;
      await this.acquire();
      let etag: string;
      try {
        etag = await this.withRetry(recId, async () => {
          const url = await this.api.signPart(candidateToken, key, uploadId, partNumber);
          return this.api.putPart(url, partBody);
        });
      } finally {
        this.release();
      }
      this.assertActive(recId);
      const lastTaken = taken.at(-1)?.seq ?? lastSeq;
      meta = (await this.getMeta(recId)) ?? meta;
      meta.parts.push({
        PartNumber: partNumber,
        ETag: etag,
        Size: partBody.size,
        lastSeq: lastTaken,
      });
      meta.confirmedBytes += takenBytes;
      await this.saveMeta(meta);
      await this.store.deleteChunks(recId, lastTaken);
      this.publish(meta);
    }

    const finished = meta;
    if (finished.parts.length === 0) {
      // Nothing was recorded: nothing to store.
      finished.isCompleted = true;
      finished.error = 'EMPTY_RECORDING';
      await this.saveMeta(finished);
      this.publish(finished);
      return;
    }
    await this.withRetry(recId, () =>
      this.api.completeMultipart(
        finished.candidateToken,
        finished.key,
        finished.uploadId ?? '',
        finished.parts.map(({ PartNumber, ETag }) => ({ PartNumber, ETag })),
      ),
    );
    this.assertActive(recId);
    finished.isCompleted = true;
    await this.saveMeta(finished);
    this.publish(finished);
    this.kickAnswers();
  }

  // ---- answers ----

  private kickAnswers(): void {
    if (this.answersRunning) {
      this.answersDirty = true;
      return;
    }
    this.answersRunning = (async () => {
      do {
        this.answersDirty = false;
        await this.saveReadyAnswers();
      } while (this.answersDirty);
    })()
      .catch(() => undefined)
      .finally(() => {
        this.answersRunning = null;
      });
  }

  private async saveReadyAnswers(): Promise<void> {
    for (const pending of await this.store.listAnswers()) {
      const answer: CandidateAnswer = { ...pending.answer };
      let isReady = true;
      for (const { recId, kind } of pending.recordings) {
        const meta = await this.getMeta(recId);
        if (!meta) continue;
        if (!meta.isCompleted && !meta.error) {
          isReady = false;
          break;
        }
        if (meta.error) continue;
        if (kind === 'face') answer.faceKey = meta.key;
        else answer.screenKey = meta.key;
      }
      if (!isReady) continue;
      try {
        await this.withRetry(null, () =>
          this.api.saveAnswers(pending.candidateToken, pending.applicantId, pending.jobId, {
            [pending.questId]: answer,
          }),
        );
      } catch {
        // Refused for good (e.g. submitted already): nothing more to do for it.
      }
      await this.store.deleteAnswer(pending.id);
      // The chunks are gone already; the recordings' upload state is no longer needed.
      for (const { recId } of pending.recordings) {
        this.metas.delete(recId);
        await this.store.deleteRecording(recId);
      }
      await this.publishAnswers();
    }
  }
}
