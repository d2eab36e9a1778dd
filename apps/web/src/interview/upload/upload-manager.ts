import {
  RECORDING_TIMESLICE_MS,
  TUS_CHUNK_MAX_BYTES,
  UPLOAD_CONCURRENCY,
  type CandidateAnswer,
  type CandidateAnswerMap,
  type RecordingKind,
} from '@candid/domain';
import pLimit, { type LimitFunction } from 'p-limit';
import { Upload, type HttpStack } from 'tus-js-client';
import { exponentialDelay } from '../../common/async/with-retry';
import type { ChunkStore, PendingAnswer, RecordingMeta, StoredChunk } from './chunk-store';
import { isRetryableUploadError, UploadHttpError, type UploadApi } from './upload-api';

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
  /** The tus endpoint (absolute URL). */
  tusEndpoint: string;
  /** tus-js-client's HTTP layer; tests pass an in-memory tus server. */
  httpStack?: HttpStack;
  sleep?: (ms: number) => Promise<void>;
  isOnline?: () => boolean;
  /** Resolves on the browser's `online` event. */
  waitForOnline?: () => Promise<void>;
  /** Largest PATCH body: a backlog (after being offline) goes out in pieces of this size. */
  chunkBytes?: number;
  concurrency?: number;
  maxBackoffMs?: number;
  /** tus-js-client's own quick retries before the manager's backoff takes over. */
  retryDelays?: number[];
  makeId?: () => string;
}

class CancelledError extends Error {}

/** The bytes an upload must (re)send are no longer in the chunk store. */
class BytesMissingError extends Error {
  constructor() {
    super('RECORDING_BYTES_MISSING');
  }
}

const BASE_BACKOFF_MS = 500;
/** Failures that retrying cannot fix (4xx) are tried this many times, then the file fails. */
const MAX_FATAL_ATTEMPTS = 3;

function percentOf(meta: RecordingMeta): number {
  if (meta.isCompleted) return 100;
  if (meta.totalBytes === 0) return 0;
  // The last bytes count only once the recording is complete.
  return Math.min(99, Math.floor((meta.confirmedBytes / meta.totalBytes) * 100));
}

/** tus-js-client's error: the HTTP status it failed with (0: no answer) and what caused it. */
function describeTusError(error: unknown): { status: number; cause: unknown } {
  const detailed = error as {
    originalResponse?: { getStatus(): number } | null;
    causingError?: unknown;
  };
  return {
    status: detailed?.originalResponse?.getStatus() ?? 0,
    cause: detailed?.causingError ?? error,
  };
}

/**
 * Whether a failed upload is worth retrying: no answer, timeouts, conflicts, locks, 5xx. A 409
 * to a creation (POST) is no offset conflict but the server refusing a take beyond a one-try
 * job's allowance (issue 14): asking again cannot change it.
 */
function isRetryableTusError(error: unknown): boolean {
  const { status, cause } = describeTusError(error);
  if (cause instanceof BytesMissingError || cause instanceof CancelledError) return false;
  const method = (error as { originalRequest?: { getMethod(): string } | null })?.originalRequest;
  if (status === 409 && method?.getMethod() === 'POST') return false;
  return (
    status === 0 ||
    status === 408 ||
    status === 409 ||
    status === 423 ||
    status === 429 ||
    status >= 500
  );
}

/**
 * The recordings' upload queue (DESIGN §5, spec §7): chunks go to the chunk store as they are
 * recorded, and each recording streams to the server over tus while it is recorded: a
 * deferred-length upload whose source hands tus-js-client the stored chunks as they arrive
 * (a PATCH per recorder chunk, at most `chunkBytes` each). Chunks are deleted only once the
 * server's offset covers them; a reload resumes from HEAD's offset with what IndexedDB still
 * holds. Failures are retried with backoff, an offline queue waits for the `online` event, at
 * most `concurrency` recordings upload at once, and answers are saved to the applicant once
 * their recordings are complete.
 */
export class UploadManager {
  private readonly store: ChunkStore;
  private readonly api: UploadApi;
  private readonly tusEndpoint: string;
  private readonly httpStack: HttpStack | undefined;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly isOnline: () => boolean;
  private readonly waitForOnline: () => Promise<void>;
  private readonly chunkBytes: number;
  /** The wait before retry n: 0.5 s, doubling, at most `maxBackoffMs`. */
  private readonly backoffDelay: (retryNumber: number) => number;
  private readonly retryDelays: number[];
  private readonly makeId: () => string;

  /** At most `concurrency` recordings upload at once (p-limit queues the others in order). */
  private readonly slots: LimitFunction;
  private readonly running = new Map<string, Promise<void>>();
  private readonly dirty = new Set<string>();
  private readonly cancelled = new Set<string>();
  /** The tus upload of each recording while one runs (a discard aborts and terminates it). */
  private readonly activeUploads = new Map<
    string,
    { upload: Upload; cancel: (error: Error) => void }
  >();
  /** Sources waiting for the next recorded chunk, by recording. */
  private readonly dataWaiters = new Map<string, (() => void)[]>();
  /** Per recording: appends, confirmations and finish run in order. */
  private readonly writeChains = new Map<string, Promise<void>>();
  private answersRunning: Promise<void> | null = null;
  /** Answers handed to saveAnswer but not yet in the chunk store, by applicant id. */
  private readonly answersArriving = new Map<string, number>();
  /**
   * Per storage key: settles once a discarded take of that key has stopped talking to the
   * server, so the next take's upload can never be overtaken by the old take's calls.
   */
  private readonly keyBarriers = new Map<string, Promise<void>>();
  /** Resolved when a recording is discarded: its backoff waits end at once. */
  private readonly cancelSignals = new Map<
    string,
    { promise: Promise<void>; resolve: () => void }
  >();
  /** Applicants being submitted: their waiting answers go with the submit, not on their own. */
  private readonly finishing = new Map<string, Promise<void>>();
  private answersDirty = false;
  private snapshot: UploadSnapshot;
  private readonly listeners = new Set<() => void>();
  private resumed: Promise<void> | null = null;
  /** The one live copy of each recording's state: every change mutates it, then stores it. */
  private readonly metas = new Map<string, RecordingMeta>();

  constructor(deps: UploadManagerDeps) {
    this.store = deps.store;
    this.api = deps.api;
    this.tusEndpoint = deps.tusEndpoint;
    this.httpStack = deps.httpStack;
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.isOnline = deps.isOnline ?? (() => true);
    this.waitForOnline = deps.waitForOnline ?? (() => Promise.resolve());
    this.chunkBytes = deps.chunkBytes ?? TUS_CHUNK_MAX_BYTES;
    this.backoffDelay = exponentialDelay(BASE_BACKOFF_MS, deps.maxBackoffMs ?? 30_000);
    this.retryDelays = deps.retryDelays ?? [0, 1000, 3000];
    this.makeId = deps.makeId ?? (() => crypto.randomUUID());
    this.slots = pLimit(deps.concurrency ?? UPLOAD_CONCURRENCY);
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

  /** A new recording (a take); its upload is a new tus upload. Answers its recId. */
  async createRecording(input: NewRecording): Promise<string> {
    const meta: RecordingMeta = {
      ...input,
      recId: this.makeId(),
      uploadUrl: null,
      nextSeq: 0,
      totalBytes: 0,
      confirmedBytes: 0,
      deletedSeq: -1,
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

  /** Wakes the recording's source: a chunk arrived, the take ended or was dropped. */
  private notifyData(recId: string): void {
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
   * Stores one recorded chunk and lets the uploader know. `last` (the chunk the recorder
   * flushed on stop) also ends the take in the same step: the uploader then sends the chunk
   * and declares the length in one PATCH instead of a PATCH and an empty one.
   */
  appendChunk(recId: string, blob: Blob, last?: { durationMs: number | null }): Promise<void> {
    return this.chain(recId, async () => {
      if (this.cancelled.has(recId)) return;
      if (blob.size === 0 && !last) return;
      const meta = await this.getMeta(recId);
      if (!meta || meta.isFinished) return;
      if (blob.size > 0) {
        await this.store.putChunk({ recId, seq: meta.nextSeq, start: meta.totalBytes, blob });
        meta.nextSeq += 1;
        meta.totalBytes += blob.size;
      }
      if (last) {
        meta.isFinished = true;
        meta.durationMs = last.durationMs;
      }
      await this.saveMeta(meta);
      this.publish(meta);
      this.notifyData(recId);
      this.kick(recId);
    });
  }

  /** The recorder stopped: the upload sends what is left and declares the length. */
  finishRecording(recId: string, durationMs: number | null): Promise<void> {
    return this.chain(recId, async () => {
      if (this.cancelled.has(recId)) return;
      const meta = await this.getMeta(recId);
      if (!meta || meta.isFinished) return;
      meta.isFinished = true;
      meta.durationMs = durationMs;
      await this.saveMeta(meta);
      this.notifyData(recId);
      this.kick(recId);
    });
  }

  /**
   * A retake: the take is dropped with its chunks and its tus upload is terminated; the next
   * take of the same key starts its upload only after this one's calls have stopped.
   */
  async discardRecording(recId: string): Promise<void> {
    this.cancelled.add(recId);
    void this.cancelSignal(recId);
    this.cancelSignals.get(recId)?.resolve();
    this.notifyData(recId);
    const meta = await this.getMeta(recId);
    const active = this.activeUploads.get(recId);
    const terminated = (async () => {
      if (active) {
        // An aborted tus upload reports nothing more: its run ends here.
        await active.upload.abort(true).catch(() => undefined);
        active.cancel(new CancelledError());
      } else if (meta?.uploadUrl) {
        // A finished take too: the server then deletes its stored copy and its place in the answer.
        await Upload.terminate(meta.uploadUrl, this.tusOptions(meta)).catch(() => undefined);
      }
    })();
    const stopped = (async () => {
      await terminated;
      await (this.writeChains.get(recId) ?? Promise.resolve());
      await (this.running.get(recId) ?? Promise.resolve());
    })();
    if (meta?.key) {
      const before = this.keyBarriers.get(meta.key) ?? Promise.resolve();
      this.keyBarriers.set(
        meta.key,
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

  /**
   * A recording stored by the multipart uploader of an earlier version: its chunks carry no
   * offsets yet. Chunks it had sent as parts are gone from IndexedDB and cannot be re-sent.
   */
  private async upgradeLegacyMeta(meta: RecordingMeta): Promise<void> {
    const legacy = meta as RecordingMeta & { parts?: { lastSeq: number }[] };
    if (legacy.uploadUrl !== undefined && legacy.deletedSeq !== undefined) return;
    meta.uploadUrl = null;
    meta.deletedSeq = -1;
    meta.confirmedBytes = 0;
    if ((legacy.parts?.length ?? 0) > 0 && !meta.isCompleted) {
      meta.error = 'RECORDING_BYTES_MISSING';
    }
    delete legacy.parts;
    let start = 0;
    for (const chunk of await this.store.listChunks(meta.recId, -1)) {
      await this.store.putChunk({ ...chunk, start });
      start += chunk.blob.size;
    }
    await this.saveMeta(meta);
  }

  /**
   * A chunk is stored before its recording's state counts it: a page that went away between
   * the two left a chunk the state does not know, whose bytes may already be on the server
   * (a PATCH may read the chunk in between). The stored chunks are the truth.
   */
  private async countStoredChunks(meta: RecordingMeta): Promise<void> {
    const last = (await this.store.listChunks(meta.recId, meta.deletedSeq)).at(-1);
    if (!last || last.seq < meta.nextSeq || meta.isFinished) return;
    meta.nextSeq = last.seq + 1;
    meta.totalBytes = last.start + last.blob.size;
    await this.saveMeta(meta);
  }

  /** Resumes every unfinished recording and answer found in the chunk store (once per page). */
  resume(): Promise<void> {
    this.resumed ??= (async () => {
      const recordings = await this.store.listRecordings();
      for (const stored of recordings) {
        const meta = this.metas.get(stored.recId) ?? stored;
        this.metas.set(meta.recId, meta);
        await this.upgradeLegacyMeta(meta);
        if (!this.writeChains.has(meta.recId)) await this.countStoredChunks(meta);
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
        if (error instanceof CancelledError || this.cancelled.has(recId)) return;
        const meta = await this.getMeta(recId);
        if (!meta) return;
        const { cause } = describeTusError(error);
        meta.error = cause instanceof Error ? cause.message : String(cause);
        await this.saveMeta(meta);
        this.publish(meta);
        this.kickAnswers();
      })
      .finally(() => {
        this.running.delete(recId);
        if (this.dirty.has(recId)) this.kick(recId);
      });
    this.running.set(recId, run);
  }

  private assertActive(recId: string): void {
    if (this.cancelled.has(recId)) throw new CancelledError();
  }

  /** Waits `ms`; a discarded take stops waiting at once. */
  private async backoff(recId: string, ms: number): Promise<void> {
    await Promise.race([this.sleep(ms), this.cancelSignal(recId)]);
    this.assertActive(recId);
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
    const meta = await this.getMeta(recId);
    if (!meta || meta.isCompleted || meta.error) return;
    this.assertActive(recId);
    // The upload starts with the first recorded chunk.
    if (meta.totalBytes === 0 && !meta.isFinished) return;
    if (meta.totalBytes === 0) {
      // Nothing was recorded: nothing to store.
      meta.isCompleted = true;
      meta.error = 'EMPTY_RECORDING';
      await this.saveMeta(meta);
      this.publish(meta);
      this.kickAnswers();
      return;
    }
    await (this.keyBarriers.get(meta.key) ?? Promise.resolve());
    this.assertActive(recId);
    await this.slots(async () => {
      let fatalAttempts = 0;
      for (let attempt = 0; ; attempt += 1) {
        this.assertActive(recId);
        if (!this.isOnline()) {
          await Promise.race([this.waitForOnline(), this.cancelSignal(recId)]);
          this.assertActive(recId);
        }
        try {
          await this.runTus(meta);
          break;
        } catch (error) {
          this.assertActive(recId);
          if (!isRetryableTusError(error)) {
            fatalAttempts += 1;
            const { cause } = describeTusError(error);
            if (cause instanceof BytesMissingError || fatalAttempts >= MAX_FATAL_ATTEMPTS) {
              throw error;
            }
          }
          if (!this.isOnline()) continue;
          await this.backoff(recId, this.backoffDelay(attempt + 1));
        }
      }
    });
    this.assertActive(recId);
    meta.isCompleted = true;
    meta.confirmedBytes = meta.totalBytes;
    // Told at once: a submit waiting for this last byte goes out while the state is stored.
    this.publish(meta);
    await this.saveMeta(meta);
    this.kickAnswers();
  }

  private tusOptions(meta: RecordingMeta) {
    return {
      headers: { Authorization: `Bearer ${meta.candidateToken}` },
      ...(this.httpStack ? { httpStack: this.httpStack } : {}),
    };
  }

  /** One tus upload run of a recording: resolves once the server holds all of it. */
  private runTus(meta: RecordingMeta): Promise<void> {
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
              void this.chain(recId, () => this.saveMeta(meta));
            }
          },
          onChunkComplete: (_chunkSize, bytesAccepted) => {
            void this.chain(recId, () => this.confirm(meta, bytesAccepted));
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
      this.assertActive(recId);
      const meta = await this.getMeta(recId);
      if (!meta) throw new CancelledError();
      if (start < meta.totalBytes) {
        const stop = Math.min(end, meta.totalBytes);
        const chunks: StoredChunk[] = await this.store.listChunks(recId, meta.deletedSeq);
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
      await Promise.race([this.nextData(recId), this.cancelSignal(recId)]);
    }
  }

  /** The server holds `bytesAccepted` bytes: chunks wholly below that leave IndexedDB. */
  private async confirm(meta: RecordingMeta, bytesAccepted: number): Promise<void> {
    if (this.cancelled.has(meta.recId)) return;
    meta.confirmedBytes = Math.max(meta.confirmedBytes, bytesAccepted);
    let lastSeq = -1;
    for (const chunk of await this.store.listChunks(meta.recId, meta.deletedSeq)) {
      if (chunk.start + chunk.blob.size > bytesAccepted) break;
      lastSeq = chunk.seq;
    }
    if (lastSeq > meta.deletedSeq) {
      await this.store.deleteChunks(meta.recId, lastSeq);
      meta.deletedSeq = lastSeq;
    }
    await this.saveMeta(meta);
    this.publish(meta);
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

  /** Runs an answer save until it succeeds: backoff between tries, a wait for `online`. */
  private async withAnswerRetry(task: () => Promise<void>): Promise<void> {
    let fatalAttempts = 0;
    for (let attempt = 0; ; attempt += 1) {
      if (!this.isOnline()) await this.waitForOnline();
      try {
        await task();
        return;
      } catch (error) {
        if (!isRetryableUploadError(error)) {
          fatalAttempts += 1;
          if (fatalAttempts >= MAX_FATAL_ATTEMPTS) throw error;
        }
        if (!this.isOnline()) continue;
        await this.sleep(this.backoffDelay(attempt + 1));
      }
    }
  }

  /** The answer naming its stored recordings; null while one of them is still uploading. */
  private async readyAnswer(pending: PendingAnswer): Promise<CandidateAnswer | null> {
    const answer: CandidateAnswer = { ...pending.answer };
    for (const { recId, kind } of pending.recordings) {
      const meta = await this.getMeta(recId);
      if (!meta) continue;
      if (!meta.isCompleted && !meta.error) return null;
      if (meta.error) continue;
      if (kind === 'face') answer.faceKey = meta.key;
      else answer.screenKey = meta.key;
    }
    return answer;
  }

  /** Drops saved answers and their recordings' upload state from the chunk store. */
  private async forgetAnswers(saved: PendingAnswer[]): Promise<void> {
    for (const pending of saved) {
      await this.store.deleteAnswer(pending.id);
      // The chunks are gone already; the recordings' upload state is no longer needed.
      for (const { recId } of pending.recordings) {
        this.metas.delete(recId);
        await this.store.deleteRecording(recId);
      }
    }
    await this.publishAnswers();
  }

  private async saveReadyAnswers(): Promise<void> {
    for (const pending of await this.store.listAnswers()) {
      // Its applicant is being submitted: the answer goes with the submit.
      if (this.finishing.has(pending.applicantId)) continue;
      const answer = await this.readyAnswer(pending);
      if (!answer) continue;
      try {
        await this.withAnswerRetry(() =>
          this.api.saveAnswers(pending.candidateToken, pending.applicantId, pending.jobId, {
            [pending.questId]: answer,
          }),
        );
      } catch {
        // Refused for good (e.g. submitted already): nothing more to do for it.
      }
      await this.forgetAnswers([pending]);
    }
  }

  // ---- submit ----

  /** Whether every recording of the applicant is stored (or failed for good). */
  private areRecordingsStored(applicantId: string): boolean {
    return (
      !this.answersArriving.has(applicantId) &&
      Object.values(this.snapshot.files).every(
        (file) => file.applicantId !== applicantId || file.isCompleted || file.error !== null,
      )
    );
  }

  private waitForRecordings(applicantId: string): Promise<void> {
    if (this.areRecordingsStored(applicantId)) return Promise.resolve();
    return new Promise((resolve) => {
      const unsubscribe = this.subscribe(() => {
        if (!this.areRecordingsStored(applicantId)) return;
        unsubscribe();
        resolve();
      });
    });
  }

  /**
   * Finishes the interview: waits until the server confirmed the last byte of every recording
   * of the applicant, then saves the answers still waiting and submits, in one call that goes
   * out the moment the last upload is confirmed (the server has finalised it by then: copy,
   * duration, answer). Resolves once the server holds the interview as submitted; throws the
   * call's UploadHttpError otherwise (409: something is still missing). A failed call whose
   * outcome is unknown (no answer, 5xx, a repeated submit) is settled by asking the server.
   */
  submitApplicant(input: {
    applicantId: string;
    jobId: string;
    candidateToken: string;
  }): Promise<void> {
    const running = this.finishing.get(input.applicantId);
    if (running) return running;
    const submitting = this.runSubmit(input).finally(() => {
      this.finishing.delete(input.applicantId);
      // Whatever was not submitted is saved on its own again.
      this.kickAnswers();
    });
    this.finishing.set(input.applicantId, submitting);
    return submitting;
  }

  private async runSubmit(input: {
    applicantId: string;
    jobId: string;
    candidateToken: string;
  }): Promise<void> {
    const { applicantId, jobId, candidateToken } = input;
    try {
      // Everything an earlier page left in the chunk store is known (and uploading) first.
      await this.resume();
      let answers: { pending: PendingAnswer; answer: CandidateAnswer }[] = [];
      for (;;) {
        await this.waitForRecordings(applicantId);
        const stored = (await this.store.listAnswers()).filter(
          (pending) => pending.applicantId === applicantId,
        );
        const ready = await Promise.all(
          stored.map(async (pending) => ({ pending, answer: await this.readyAnswer(pending) })),
        );
        if (ready.every((entry) => entry.answer !== null)) {
          answers = ready as typeof answers;
          break;
        }
        // A recording of an answer is not stored yet: look again when something changes.
        await new Promise<void>((resolve) => {
          const unsubscribe = this.subscribe(() => {
            unsubscribe();
            resolve();
          });
        });
      }
      const answerMap: CandidateAnswerMap = {};
      for (const { pending, answer } of answers) answerMap[pending.questId] = answer;
      try {
        await this.api.submit(candidateToken, applicantId, jobId, answerMap);
      } catch (error) {
        const isSubmitted = await this.api
          .isSubmitted(candidateToken, applicantId)
          .catch(() => false);
        if (!isSubmitted) throw error;
      }
      await this.forgetAnswers(answers.map(({ pending }) => pending));
    } catch (error) {
      throw error instanceof UploadHttpError
        ? error
        : new UploadHttpError(0, error instanceof Error ? error.message : String(error));
    }
  }
}
