import { describe, expect, it, vi } from 'vitest';
import { createMemoryChunkStore } from './chunk-store';
import { UploadHttpError, type UploadApi, type UploadedPart } from './upload-api';
import { UploadManager } from './upload-manager';

const RECORDING = {
  key: 'job1/app1_job1_q1_face.webm',
  applicantId: 'app1',
  jobId: 'job1',
  questId: 'q1',
  kind: 'face' as const,
  fileType: 'video/webm',
  candidateToken: 'token-1',
};

function bytes(size: number, fill = 1): Blob {
  return new Blob([new Uint8Array(size).fill(fill)]);
}

/** A server that stores parts in memory, with a hook to fail calls. */
function fakeServer(fail: (op: string) => boolean = () => false) {
  const parts = new Map<number, Blob>();
  const restarts: boolean[] = [];
  const completed: UploadedPart[][] = [];
  const saved: unknown[] = [];
  const api: UploadApi = {
    startMultipart: vi.fn(async (_t, _k, _f, restart: boolean) => {
      if (fail('start')) throw new UploadHttpError(0, 'offline');
      restarts.push(restart);
      if (restart) parts.clear();
      return 'upload-1';
    }),
    signPart: vi.fn(async (_t, _k, _u, partNum: number) => {
      if (fail('sign')) throw new UploadHttpError(503, 'busy');
      return `part:${partNum}`;
    }),
    putPart: vi.fn(async (url: string, body: Blob) => {
      if (fail('put')) throw new UploadHttpError(0, 'dropped');
      parts.set(Number(url.split(':')[1]), body);
      return `"etag-${url}"`;
    }),
    completeMultipart: vi.fn(async (_t, key: string, _u, list: UploadedPart[]) => {
      if (fail('complete')) throw new UploadHttpError(0, 'offline');
      completed.push(list);
      return { key, size: 0, durationSec: null };
    }),
    saveAnswers: vi.fn(async (_t, _a, _j, answerMap) => {
      saved.push(answerMap);
    }),
  };
  const sizes = () => [...parts.entries()].sort(([a], [b]) => a - b).map(([, blob]) => blob.size);
  return { api, parts, restarts, completed, saved, sizes };
}

function setup(server = fakeServer(), store = createMemoryChunkStore()) {
  const sleep = vi.fn(async (_ms: number) => undefined);
  const manager = new UploadManager({ store, api: server.api, sleep, minPartBytes: 10 });
  return { manager, store, server, sleep };
}

describe('UploadManager', () => {
  it('uploads parts of at least minPartBytes while recording, the rest as the last part', async () => {
    const { manager, server, store } = setup();
    const recId = await manager.createRecording(RECORDING);
    for (let i = 0; i < 5; i += 1) await manager.appendChunk(recId, bytes(4));
    await vi.waitFor(() => expect(store.chunkCount()).toBe(2));
    expect(server.sizes()).toEqual([12]);
    // Confirmed chunks are gone from the store, the rest waits.
    expect(store.chunkCount()).toBe(2);
    await manager.finishRecording(recId, 5000);
    await manager.saveAnswer({
      applicantId: 'app1',
      jobId: 'job1',
      questId: 'q1',
      candidateToken: 'token-1',
      answer: { resTime: 5 },
      recordings: [{ recId, kind: 'face' }],
    });
    await manager.waitForApplicant('app1');
    expect(server.sizes()).toEqual([12, 8]);
    expect(server.completed[0]?.map((p) => p.PartNumber)).toEqual([1, 2]);
    expect(server.saved).toEqual([{ q1: { resTime: 5, faceKey: RECORDING.key } }]);
    expect(store.chunkCount()).toBe(0);
    expect(manager.getApplicantPercent('app1')).toBe(100);
  });

  it('retries failed parts with growing backoff and loses no byte', async () => {
    let failures = 3;
    const server = fakeServer((op) => op === 'put' && failures-- > 0);
    const { manager, sleep } = setup(server);
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(3));
    await manager.appendChunk(recId, bytes(3));
    await manager.finishRecording(recId, 2000);
    await vi.waitFor(() => expect(server.completed).toHaveLength(1));
    expect(server.sizes()).toEqual([6]);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([500, 1000, 2000]);
  });

  it('waits for the online event while offline', async () => {
    let isOnline = false;
    let goOnline: () => void = () => undefined;
    const server = fakeServer();
    const manager = new UploadManager({
      store: createMemoryChunkStore(),
      api: server.api,
      isOnline: () => isOnline,
      waitForOnline: () => new Promise((resolve) => (goOnline = resolve)),
      sleep: async () => undefined,
      minPartBytes: 10,
    });
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(5));
    await manager.finishRecording(recId, 1000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.api.startMultipart).not.toHaveBeenCalled();
    isOnline = true;
    goOnline();
    await vi.waitFor(() => expect(server.completed).toHaveLength(1));
  });

  it('resumes an unfinished recording from the store after a reload with the same upload', async () => {
    const store = createMemoryChunkStore();
    const server = fakeServer();
    const first = setup(server, store).manager;
    const recId = await first.createRecording(RECORDING);
    for (let i = 0; i < 4; i += 1) await first.appendChunk(recId, bytes(4));
    await vi.waitFor(() => expect(store.chunkCount()).toBe(1));
    expect(server.sizes()).toEqual([12]);
    // The page goes away mid-recording; a new page resumes from the store.
    const second = setup(server, store).manager;
    await second.resume();
    await vi.waitFor(() => expect(server.completed).toHaveLength(1));
    expect(server.restarts).toEqual([true, false]);
    expect(server.sizes()).toEqual([12, 4]);
  });

  it('a retake drops the old take and restarts the upload of the key', async () => {
    const { manager, server, store } = setup();
    const first = await manager.createRecording(RECORDING);
    await manager.appendChunk(first, bytes(4));
    await manager.discardRecording(first);
    expect(store.chunkCount()).toBe(0);
    const second = await manager.createRecording(RECORDING);
    await manager.appendChunk(second, bytes(7, 2));
    await manager.finishRecording(second, 1000);
    await vi.waitFor(() => expect(server.completed).toHaveLength(1));
    expect(server.sizes()).toEqual([7]);
    expect(Object.keys(manager.getSnapshot().files)).toEqual([second]);
  });

  it('runs at most two part uploads at a time', async () => {
    let active = 0;
    let peak = 0;
    const server = fakeServer();
    const put = server.api.putPart;
    server.api.putPart = async (url, body) => {
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
      return put(url, body);
    };
    const { manager } = setup(server);
    const ids = await Promise.all(
      ['q1', 'q2', 'q3'].map((questId) =>
        manager.createRecording({
          ...RECORDING,
          questId,
          key: `job1/app1_job1_${questId}_face.webm`,
        }),
      ),
    );
    for (const id of ids) {
      await manager.appendChunk(id, bytes(3));
      await manager.finishRecording(id, 1000);
    }
    await manager.waitForApplicant('app1');
    await vi.waitFor(() => expect(server.completed).toHaveLength(3));
    expect(peak).toBe(2);
  });

  it('saves an answer without recordings at once', async () => {
    const { manager, server } = setup();
    await manager.saveAnswer({
      applicantId: 'app1',
      jobId: 'job1',
      questId: 'q2',
      candidateToken: 'token-1',
      answer: { resTime: 3, txt: 'hello' },
    });
    await manager.waitForApplicant('app1');
    expect(server.saved).toEqual([{ q2: { resTime: 3, txt: 'hello' } }]);
  });

  it('a retake starts its upload only after the old take stopped calling the server', async () => {
    const server = fakeServer();
    const calls: string[] = [];
    let releaseFirstStart: () => void = () => undefined;
    let startCount = 0;
    const start = server.api.startMultipart;
    server.api.startMultipart = async (token, key, fileType, restart) => {
      startCount += 1;
      const call = startCount;
      calls.push(`start ${call} sent`);
      if (call === 1) await new Promise<void>((resolve) => (releaseFirstStart = resolve));
      const uploadId = await start(token, key, fileType, restart);
      calls.push(`start ${call} answered`);
      return uploadId;
    };
    const { manager } = setup(server);
    const first = await manager.createRecording(RECORDING);
    await manager.appendChunk(first, bytes(4));
    await manager.finishRecording(first, 1000);
    await vi.waitFor(() => expect(calls).toEqual(['start 1 sent']));
    const discarded = manager.discardRecording(first);
    const second = await manager.createRecording(RECORDING);
    await manager.appendChunk(second, bytes(7, 2));
    await manager.finishRecording(second, 1000);
    // The old take's start is still on its way: the new take must not overtake it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual(['start 1 sent']);
    releaseFirstStart();
    await discarded;
    await vi.waitFor(() => expect(server.completed).toHaveLength(1));
    expect(calls).toEqual(['start 1 sent', 'start 1 answered', 'start 2 sent', 'start 2 answered']);
    expect(server.sizes()).toEqual([7]);
  });

  it('a discarded take stops waiting out its backoff at once', async () => {
    const server = fakeServer((op) => op === 'start');
    const store = createMemoryChunkStore();
    const manager = new UploadManager({
      store,
      api: server.api,
      minPartBytes: 10,
      // A real clock with a long backoff: the discard must not wait for it.
      maxBackoffMs: 60_000,
    });
    const first = await manager.createRecording(RECORDING);
    await manager.appendChunk(first, bytes(4));
    await manager.finishRecording(first, 1000);
    await vi.waitFor(() => expect(server.api.startMultipart).toHaveBeenCalled());
    const startedAt = Date.now();
    await manager.discardRecording(first);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it('counts an answer as pending from the moment it is handed over', async () => {
    const { manager } = setup();
    const saving = manager.saveAnswer({
      applicantId: 'app1',
      jobId: 'job1',
      questId: 'q3',
      candidateToken: 'token-1',
      answer: { resTime: 2, optIdx: [1] },
    });
    // Synchronously after the call (no await yet): the applicant is not done.
    expect(manager.isApplicantDone('app1')).toBe(false);
    await saving;
    await manager.waitForApplicant('app1');
    expect(manager.isApplicantDone('app1')).toBe(true);
  });
});
