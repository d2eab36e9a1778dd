import type { CandidateAnswer, RecordingKind } from '@candid/domain';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** One recording (one take of one question's camera or screen) and its upload state. */
export interface RecordingMeta {
  /** Unique per take: a retake of the same question is a new recording under the same key. */
  recId: string;
  /** The storage key (multipart key). */
  key: string;
  applicantId: string;
  jobId: string;
  questId: string;
  kind: RecordingKind;
  /** The container's MIME type (`video/webm` or `video/mp4`). */
  fileType: string;
  candidateToken: string;
  /** The tus upload's URL once created: a reload resumes it from HEAD's offset. */
  uploadUrl: string | null;
  /** Sequence number the next chunk gets. */
  nextSeq: number;
  /** Bytes recorded so far (the next chunk starts here). */
  totalBytes: number;
  /** The server's offset: bytes it confirmed holding. */
  confirmedBytes: number;
  /** Chunks up to this seq are confirmed and deleted (-1: none yet). */
  deletedSeq: number;
  isFinished: boolean;
  durationMs: number | null;
  isCompleted: boolean;
  /** A failure that retries cannot fix (e.g. the interview was already submitted). */
  error: string | null;
  createdAt: number;
}

export interface StoredChunk {
  recId: string;
  seq: number;
  /** Byte offset of the chunk in the recording. */
  start: number;
  blob: Blob;
}

/** An answer waiting for its recordings (or for the network) before `PUT applicant`. */
export interface PendingAnswer {
  /** `${applicantId}/${questId}` */
  id: string;
  applicantId: string;
  jobId: string;
  questId: string;
  candidateToken: string;
  answer: CandidateAnswer;
  recordings: { recId: string; kind: RecordingKind }[];
}

/**
 * Where recorded chunks live until the server holds them: a reload or a crash
 * loses nothing. IndexedDB in the browser, memory in tests.
 */
export interface ChunkStore {
  putRecording(meta: RecordingMeta): Promise<void>;
  getRecording(recId: string): Promise<RecordingMeta | undefined>;
  listRecordings(): Promise<RecordingMeta[]>;
  /** Deletes the recording and its chunks. */
  deleteRecording(recId: string): Promise<void>;
  putChunk(chunk: StoredChunk): Promise<void>;
  /** The recording's chunks after `afterSeq`, in order. */
  listChunks(recId: string, afterSeq: number): Promise<StoredChunk[]>;
  /** Deletes the chunks up to and including `lastSeq`. */
  deleteChunks(recId: string, lastSeq: number): Promise<void>;
  putAnswer(answer: PendingAnswer): Promise<void>;
  listAnswers(): Promise<PendingAnswer[]>;
  deleteAnswer(id: string): Promise<void>;
}

interface RecordingsDb extends DBSchema {
  recordings: { key: string; value: RecordingMeta };
  chunks: { key: [string, number]; value: StoredChunk };
  answers: { key: string; value: PendingAnswer };
}

const DB_NAME = 'candid-recordings';
const DB_VERSION = 1;

/** The browser's chunk store on IndexedDB (idb). */
export function createIdbChunkStore(): ChunkStore {
  let dbPromise: Promise<IDBPDatabase<RecordingsDb>> | null = null;
  const db = () =>
    (dbPromise ??= openDB<RecordingsDb>(DB_NAME, DB_VERSION, {
      upgrade(database) {
        database.createObjectStore('recordings', { keyPath: 'recId' });
        database.createObjectStore('chunks', { keyPath: ['recId', 'seq'] });
        database.createObjectStore('answers', { keyPath: 'id' });
      },
    }));
  const chunkRange = (recId: string, fromSeq: number, toSeq: number) =>
    IDBKeyRange.bound([recId, fromSeq], [recId, toSeq]);

  return {
    async putRecording(meta) {
      await (await db()).put('recordings', meta);
    },
    async getRecording(recId) {
      return (await db()).get('recordings', recId);
    },
    async listRecordings() {
      return (await db()).getAll('recordings');
    },
    async deleteRecording(recId) {
      const tx = (await db()).transaction(['recordings', 'chunks'], 'readwrite');
      await Promise.all([
        tx.objectStore('recordings').delete(recId),
        tx.objectStore('chunks').delete(chunkRange(recId, -1, Number.MAX_SAFE_INTEGER)),
        tx.done,
      ]);
    },
    async putChunk(chunk) {
      await (await db()).put('chunks', chunk);
    },
    async listChunks(recId, afterSeq) {
      return (await db()).getAll(
        'chunks',
        chunkRange(recId, afterSeq + 1, Number.MAX_SAFE_INTEGER),
      );
    },
    async deleteChunks(recId, lastSeq) {
      await (await db()).delete('chunks', chunkRange(recId, -1, lastSeq));
    },
    async putAnswer(answer) {
      await (await db()).put('answers', answer);
    },
    async listAnswers() {
      return (await db()).getAll('answers');
    },
    async deleteAnswer(id) {
      await (await db()).delete('answers', id);
    },
  };
}

/** A chunk store in memory (tests; and the fallback when IndexedDB cannot open). */
export function createMemoryChunkStore(): ChunkStore & { chunkCount(): number } {
  const recordings = new Map<string, RecordingMeta>();
  const chunks = new Map<string, StoredChunk[]>();
  const answers = new Map<string, PendingAnswer>();
  const clone = <T>(value: T): T => structuredClone(value);
  return {
    chunkCount: () => [...chunks.values()].reduce((sum, list) => sum + list.length, 0),
    async putRecording(meta) {
      recordings.set(meta.recId, clone(meta));
    },
    async getRecording(recId) {
      const meta = recordings.get(recId);
      return meta ? clone(meta) : undefined;
    },
    async listRecordings() {
      return [...recordings.values()].map(clone);
    },
    async deleteRecording(recId) {
      recordings.delete(recId);
      chunks.delete(recId);
    },
    async putChunk(chunk) {
      const list = (chunks.get(chunk.recId) ?? []).filter((c) => c.seq !== chunk.seq);
      list.push(chunk);
      list.sort((a, b) => a.seq - b.seq);
      chunks.set(chunk.recId, list);
    },
    async listChunks(recId, afterSeq) {
      return (chunks.get(recId) ?? []).filter((c) => c.seq > afterSeq);
    },
    async deleteChunks(recId, lastSeq) {
      chunks.set(
        recId,
        (chunks.get(recId) ?? []).filter((c) => c.seq > lastSeq),
      );
    },
    async putAnswer(answer) {
      answers.set(answer.id, clone(answer));
    },
    async listAnswers() {
      return [...answers.values()].map(clone);
    },
    async deleteAnswer(id) {
      answers.delete(id);
    },
  };
}
