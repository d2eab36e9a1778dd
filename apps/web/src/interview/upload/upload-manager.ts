import {
  RECORDING_TIMESLICE_MS,
  TUS_CHUNK_MAX_BYTES,
  UPLOAD_CONCURRENCY,
  type CandidateAnswer,
  type RecordingKind,
} from '@candid/domain';
import type { HttpStack } from 'tus-js-client';
import { AnswerQueue, type SubmitInput } from './answer-queue';
import type { ChunkStore, RecordingMeta } from './chunk-store';
import { RecordingStates } from './recording-states';
import { TusTransport } from './tus-transport';
import type { UploadApi } from './upload-api';
import { UploadQueue } from './upload-queue';
import { UploadRetry } from './upload-retry';
import { UploadProgress, type UploadSnapshot } from './upload-snapshot';

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

/**
 * The recordings' uploads and the answers that name them, for the interview screens: chunks
 * go to the chunk store as they are recorded (recording-states.ts), each recording streams to
 * the server over tus while it is recorded (tus-transport.ts), at most `concurrency` at once
 * (upload-queue.ts), failures are retried with backoff and an offline queue waits for the
 * `online` event (upload-retry.ts), and answers are saved to the applicant once their
 * recordings are complete (answer-queue.ts). A reload resumes from HEAD's offset with what
 * IndexedDB still holds.
 */
export class UploadManager {
  private readonly recordings: RecordingStates;
  private readonly progress: UploadProgress;
  private readonly retry: UploadRetry;
  private readonly transport: TusTransport;
  private readonly queue: UploadQueue;
  private readonly answers: AnswerQueue;
  private readonly makeId: () => string;
  private resumed: Promise<void> | null = null;

  constructor(deps: UploadManagerDeps) {
    const isOnline = deps.isOnline ?? (() => true);
    this.recordings = new RecordingStates(deps.store);
    this.progress = new UploadProgress(isOnline());
    this.retry = new UploadRetry({
      sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      isOnline,
      waitForOnline: deps.waitForOnline ?? (() => Promise.resolve()),
      maxBackoffMs: deps.maxBackoffMs ?? 30_000,
    });
    this.transport = new TusTransport({
      recordings: this.recordings,
      progress: this.progress,
      retry: this.retry,
      tusEndpoint: deps.tusEndpoint,
      httpStack: deps.httpStack,
      isOnline,
      chunkBytes: deps.chunkBytes ?? TUS_CHUNK_MAX_BYTES,
      retryDelays: deps.retryDelays ?? [0, 1000, 3000],
    });
    this.answers = new AnswerQueue({
      recordings: this.recordings,
      progress: this.progress,
      retry: this.retry,
      api: deps.api,
      resume: () => this.resume(),
    });
    this.queue = new UploadQueue({
      recordings: this.recordings,
      progress: this.progress,
      retry: this.retry,
      transport: this.transport,
      concurrency: deps.concurrency ?? UPLOAD_CONCURRENCY,
      onSettled: () => this.answers.kick(),
    });
    this.makeId = deps.makeId ?? (() => crypto.randomUUID());
  }

  private get store(): ChunkStore {
    return this.recordings.store;
  }

  // ---- subscription (useSyncExternalStore) ----

  subscribe = (listener: () => void): (() => void) => this.progress.subscribe(listener);

  getSnapshot = (): UploadSnapshot => this.progress.getSnapshot();

  setOnline(isOnline: boolean): void {
    this.progress.setOnline(isOnline);
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
    this.recordings.remember(meta);
    await this.store.putRecording(meta);
    this.progress.publish(meta);
    return meta.recId;
  }

  /**
   * Stores one recorded chunk and lets the uploader know. `last` (the chunk the recorder
   * flushed on stop) also ends the take in the same step: the uploader then sends the chunk
   * and declares the length in one PATCH instead of a PATCH and an empty one.
   */
  appendChunk(recId: string, blob: Blob, last?: { durationMs: number | null }): Promise<void> {
    return this.recordings.chain(recId, async () => {
      if (this.recordings.isCancelled(recId)) return;
      if (blob.size === 0 && !last) return;
      const meta = await this.recordings.get(recId);
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
      await this.recordings.save(meta);
      this.progress.publish(meta);
      this.transport.notifyData(recId);
      this.queue.kick(recId);
    });
  }

  /** The recorder stopped: the upload sends what is left and declares the length. */
  finishRecording(recId: string, durationMs: number | null): Promise<void> {
    return this.recordings.chain(recId, async () => {
      if (this.recordings.isCancelled(recId)) return;
      const meta = await this.recordings.get(recId);
      if (!meta || meta.isFinished) return;
      meta.isFinished = true;
      meta.durationMs = durationMs;
      await this.recordings.save(meta);
      this.transport.notifyData(recId);
      this.queue.kick(recId);
    });
  }

  /**
   * A retake: the take is dropped with its chunks and its tus upload is terminated; the next
   * take of the same key starts its upload only after this one's calls have stopped.
   */
  async discardRecording(recId: string): Promise<void> {
    this.recordings.cancel(recId);
    this.retry.cancel(recId);
    this.transport.notifyData(recId);
    const meta = await this.recordings.get(recId);
    const terminated = this.transport.terminate(recId, meta);
    const stopped = (async () => {
      await terminated;
      await this.recordings.writesDone(recId);
      await this.queue.runDone(recId);
    })();
    if (meta?.key) this.queue.holdKey(meta.key, stopped);
    await stopped;
    this.recordings.forget(recId);
    await this.store.deleteRecording(recId);
    this.progress.remove(recId);
  }

  /**
   * Saves an answer to the applicant once its recordings are complete (at once when it has
   * none); the answer waits in the chunk store, so a reload still saves it.
   */
  saveAnswer(input: {
    applicantId: string;
    jobId: string;
    questId: string;
    candidateToken: string;
    answer: CandidateAnswer;
    recordings?: { recId: string; kind: RecordingKind }[];
  }): Promise<void> {
    return this.answers.save(input);
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
    await this.recordings.save(meta);
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
    await this.recordings.save(meta);
  }

  /** Resumes every unfinished recording and answer found in the chunk store (once per page). */
  resume(): Promise<void> {
    this.resumed ??= (async () => {
      const stored = await this.store.listRecordings();
      for (const found of stored) {
        const meta = this.recordings.peek(found.recId) ?? found;
        this.recordings.remember(meta);
        await this.upgradeLegacyMeta(meta);
        if (!this.recordings.hasWrites(meta.recId)) await this.countStoredChunks(meta);
        if (!meta.isFinished && !this.recordings.hasWrites(meta.recId)) {
          // Its recorder died with the previous page: what was recorded is the take.
          // Its duration stays unknown here; the server writes the real one into the file.
          meta.isFinished = true;
          await this.recordings.save(meta);
        }
        this.progress.publish(meta);
        this.queue.kick(meta.recId);
      }
      await this.answers.publish();
      this.answers.kick();
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
      const meta = this.recordings.peek(stored.recId) ?? stored;
      if (meta.applicantId !== applicantId || meta.questId !== questId) continue;
      if (held.has(meta.recId) || this.recordings.isCancelled(meta.recId)) continue;
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

  /** Questions of the applicant whose answer is saved on this device but not yet on the server. */
  async listPendingQuestIds(applicantId: string): Promise<Set<string>> {
    await this.resume();
    const answers = await this.store.listAnswers();
    return new Set(
      answers.filter((answer) => answer.applicantId === applicantId).map((a) => a.questId),
    );
  }

  /** Whether everything of the applicant is stored: recordings complete, answers saved. */
  isApplicantDone(applicantId: string): boolean {
    return this.progress.isApplicantDone(applicantId);
  }

  /** Overall upload percent of an applicant's recordings (100 when there are none). */
  getApplicantPercent(applicantId: string): number {
    return this.progress.getApplicantPercent(applicantId);
  }

  /** Resolves once every recording and answer of the applicant is stored. */
  waitForApplicant(applicantId: string): Promise<void> {
    return this.progress.waitUntil(() => this.progress.isApplicantDone(applicantId));
  }

  // ---- submit ----

  /**
   * Finishes the interview: waits until the server confirmed the last byte of every recording
   * of the applicant, then saves the answers still waiting and submits, in one call that goes
   * out the moment the last upload is confirmed (the server has finalised it by then: copy,
   * duration, answer). Resolves once the server holds the interview as submitted; throws the
   * call's UploadHttpError otherwise (409: something is still missing). A failed call whose
   * outcome is unknown (no answer, 5xx, a repeated submit) is settled by asking the server.
   */
  submitApplicant(input: SubmitInput): Promise<void> {
    return this.answers.submit(input);
  }
}
