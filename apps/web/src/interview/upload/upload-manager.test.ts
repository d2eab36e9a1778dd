import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryChunkStore } from './chunk-store';
import { UploadHttpError, type UploadApi } from './upload-api';
import { UploadManager } from './upload-manager';

const ENDPOINT = 'http://candid.test/api/upload/tus';

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

function readBytes(blob: Blob): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve([...new Uint8Array(reader.result as ArrayBuffer)]);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

interface StoredUpload {
  parts: Blob[];
  offset: number;
  length: number | null;
  metadata: string;
  authorization: string;
}

type Fault = number | 'network' | null;

/**
 * A tus 1.0 server in memory, plugged in as tus-js-client's HTTP stack. `fault` may fail a
 * request before it is handled: a status code, or 'network' (no answer at all).
 */
function fakeTusServer(
  fault: (method: string, count: number, headers: Map<string, string>) => Fault = () => null,
) {
  const uploads = new Map<string, StoredUpload>();
  const log: string[] = [];
  let created = 0;
  let active = 0;
  let peak = 0;
  let delayMs = 0;
  let gate: Promise<void> | null = null;
  const counts = new Map<string, number>();

  const response = (status: number, headers: Record<string, string> = {}): HttpResponse => ({
    getStatus: () => status,
    getHeader: (name) =>
      Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1],
    getBody: () => '',
    getUnderlyingObject: () => null,
  });

  async function handle(
    method: string,
    url: string,
    headers: Map<string, string>,
    body: Blob | null,
  ): Promise<HttpResponse> {
    const id = url.slice(ENDPOINT.length + 1);
    const upload = uploads.get(id);
    switch (method) {
      case 'POST': {
        created += 1;
        const newId = `u${created}`;
        uploads.set(newId, {
          parts: [],
          offset: 0,
          length: null,
          metadata: headers.get('upload-metadata') ?? '',
          authorization: headers.get('authorization') ?? '',
        });
        log.push(`POST ${newId}`);
        return response(201, { Location: `${ENDPOINT}/${newId}` });
      }
      case 'HEAD':
        log.push(`HEAD ${id}`);
        if (!upload) return response(404);
        return response(200, {
          'Upload-Offset': String(upload.offset),
          ...(upload.length === null
            ? { 'Upload-Defer-Length': '1' }
            : { 'Upload-Length': String(upload.length) }),
        });
      case 'PATCH': {
        if (!upload) return response(404);
        const offset = Number(headers.get('upload-offset'));
        if (offset !== upload.offset) return response(409);
        const size = body?.size ?? 0;
        log.push(`PATCH ${id} ${offset}+${size}${headers.has('upload-length') ? ' end' : ''}`);
        if (body && size > 0) upload.parts.push(body);
        upload.offset += size;
        if (headers.has('upload-length')) upload.length = Number(headers.get('upload-length'));
        return response(204, { 'Upload-Offset': String(upload.offset) });
      }
      case 'DELETE':
        log.push(`DELETE ${id}`);
        uploads.delete(id);
        return response(204);
      default:
        return response(405);
    }
  }

  const httpStack: HttpStack = {
    getName: () => 'fake',
    createRequest(method, url): HttpRequest {
      const headers = new Map<string, string>();
      return {
        getMethod: () => method,
        getURL: () => url,
        setHeader: (name, value) => headers.set(name.toLowerCase(), String(value)),
        getHeader: (name) => headers.get(name.toLowerCase()),
        setProgressHandler: () => undefined,
        async send(body) {
          const count = (counts.get(method) ?? 0) + 1;
          counts.set(method, count);
          active += 1;
          peak = Math.max(peak, active);
          try {
            if (gate && method === 'PATCH') await gate;
            if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
            const failure = fault(method, count, headers);
            if (failure === 'network') throw new Error('network down');
            if (failure !== null) return response(failure);
            return await handle(method, url, headers, (body as Blob | null) ?? null);
          } finally {
            active -= 1;
          }
        },
        abort: async () => undefined,
        getUnderlyingObject: () => null,
      };
    },
  };

  return {
    httpStack,
    uploads,
    log,
    peak: () => peak,
    setDelayMs: (ms: number) => {
      delayMs = ms;
    },
    /** Holds every PATCH until the returned function is called. */
    holdPatches(): () => void {
      let release: () => void = () => undefined;
      gate = new Promise((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return release;
    },
    async contentOf(id: string): Promise<number[]> {
      return readBytes(new Blob(uploads.get(id)?.parts ?? []));
    },
    /** The upload is complete: its length declared and reached. */
    isComplete: (id: string) => {
      const upload = uploads.get(id);
      return upload !== undefined && upload.length === upload.offset;
    },
  };
}

function fakeApi() {
  const saved: unknown[] = [];
  const submitted: unknown[] = [];
  const api: UploadApi = {
    saveAnswers: vi.fn(async (_t, _a, _j, answerMap) => {
      saved.push(answerMap);
    }),
    submit: vi.fn(async (_t, _a, _j, answerMap) => {
      submitted.push(answerMap);
    }),
    isSubmitted: vi.fn(async () => submitted.length > 0),
  };
  return { api, saved, submitted };
}

function setup(
  server = fakeTusServer(),
  store = createMemoryChunkStore(),
  extra: Partial<ConstructorParameters<typeof UploadManager>[0]> = {},
) {
  const sleep = vi.fn(async (_ms: number) => undefined);
  const { api, saved, submitted } = fakeApi();
  const manager = new UploadManager({
    store,
    api,
    tusEndpoint: ENDPOINT,
    httpStack: server.httpStack,
    sleep,
    retryDelays: [],
    chunkBytes: 8,
    ...extra,
  });
  return { manager, store, server, sleep, saved, submitted, api };
}

describe('UploadManager (tus)', () => {
  it('streams each recorded chunk as it arrives and deletes it once the server confirmed it', async () => {
    const { manager, server, store, saved } = setup();
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(4, 1));
    await vi.waitFor(() => expect(server.log).toContain('PATCH u1 0+4'));
    await vi.waitFor(() => expect(store.chunkCount()).toBe(0));
    await manager.appendChunk(recId, bytes(4, 2));
    await vi.waitFor(() => expect(server.log).toContain('PATCH u1 4+4'));
    // A backlog larger than a PATCH goes out in pieces of chunkBytes.
    const release = server.holdPatches();
    await manager.appendChunk(recId, bytes(6, 3));
    await manager.appendChunk(recId, bytes(6, 4));
    release();
    await manager.finishRecording(recId, 4000);
    await manager.saveAnswer({
      applicantId: 'app1',
      jobId: 'job1',
      questId: 'q1',
      candidateToken: 'token-1',
      answer: { resTime: 4 },
      recordings: [{ recId, kind: 'face' }],
    });
    await manager.waitForApplicant('app1');
    expect(server.isComplete('u1')).toBe(true);
    expect(await server.contentOf('u1')).toEqual([
      ...Array(4).fill(1),
      ...Array(4).fill(2),
      ...Array(6).fill(3),
      ...Array(6).fill(4),
    ]);
    expect(server.log.filter((entry) => entry.startsWith('PATCH')).at(-1)).toMatch(/ end$/);
    expect(server.uploads.get('u1')?.authorization).toBe('Bearer token-1');
    expect(atob(server.uploads.get('u1')!.metadata.split(',')[0]!.split(' ')[1]!)).toBe('app1');
    expect(saved).toEqual([{ q1: { resTime: 4, faceKey: RECORDING.key } }]);
    expect(store.chunkCount()).toBe(0);
    expect(manager.getApplicantPercent('app1')).toBe(100);
  });

  it('retries failed PATCHes with growing backoff, resuming from the offset, and loses no byte', async () => {
    const server = fakeTusServer((method, count) =>
      method === 'PATCH' && count <= 3 ? 503 : null,
    );
    const { manager, sleep, store } = setup(server);
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(3, 5));
    await manager.appendChunk(recId, bytes(3, 6));
    await manager.finishRecording(recId, 2000);
    await vi.waitFor(() => expect(server.isComplete('u1')).toBe(true));
    expect(await server.contentOf('u1')).toEqual([5, 5, 5, 6, 6, 6]);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([500, 1000, 2000]);
    // Every retry asked the server where to go on from (HEAD), on the same upload.
    expect(server.log.filter((entry) => entry === 'HEAD u1')).toHaveLength(3);
    await vi.waitFor(() => expect(store.chunkCount()).toBe(0));
  });

  it('waits for the online event while offline, then resumes the same upload', async () => {
    let isOnline = true;
    let goOnline: () => void = () => undefined;
    const server = fakeTusServer((method) => (isOnline || method === 'POST' ? null : 'network'));
    const { manager, store } = setup(server, createMemoryChunkStore(), {
      isOnline: () => isOnline,
      waitForOnline: () => new Promise((resolve) => (goOnline = resolve)),
    });
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(5, 1));
    await vi.waitFor(() => expect(server.log).toContain('PATCH u1 0+5'));
    isOnline = false;
    manager.setOnline(false);
    await manager.appendChunk(recId, bytes(5, 2));
    await manager.finishRecording(recId, 2000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Nothing is lost while offline: the unsent chunk waits in the store.
    expect(store.chunkCount()).toBe(1);
    isOnline = true;
    manager.setOnline(true);
    goOnline();
    await vi.waitFor(() => expect(server.isComplete('u1')).toBe(true));
    expect(await server.contentOf('u1')).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    expect(server.uploads.size).toBe(1);
  });

  it('resumes an unfinished recording after a reload from the server offset (HEAD)', async () => {
    const store = createMemoryChunkStore();
    const server = fakeTusServer();
    const first = setup(server, store).manager;
    const recId = await first.createRecording(RECORDING);
    await first.appendChunk(recId, bytes(4, 1));
    await vi.waitFor(() => expect(store.chunkCount()).toBe(0));
    // The next chunk is stored but the page goes away before its PATCH is answered.
    const release = server.holdPatches();
    await first.appendChunk(recId, bytes(4, 2));
    expect(store.chunkCount()).toBe(1);
    // A new page resumes from the store.
    const second = setup(server, store).manager;
    release();
    await second.resume();
    await vi.waitFor(() => expect(server.isComplete('u1')).toBe(true));
    expect(server.log).toContain('HEAD u1');
    expect(await server.contentOf('u1')).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
    expect(server.uploads.size).toBe(1);
  });

  it('resumes after a PATCH whose answer was lost', async () => {
    // The server stores the PATCH but the answer never arrives (the connection dropped).
    const server = fakeTusServer();
    const original = server.httpStack.createRequest.bind(server.httpStack);
    let dropped = false;
    server.httpStack.createRequest = (method, url) => {
      const request = original(method, url);
      const send = request.send.bind(request);
      request.send = async (body) => {
        const answer = await send(body);
        if (method === 'PATCH' && !dropped) {
          dropped = true;
          throw new Error('connection reset');
        }
        return answer;
      };
      return request;
    };
    const { manager } = setup(server);
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(4, 1));
    await manager.appendChunk(recId, bytes(4, 2));
    await manager.finishRecording(recId, 2000);
    await vi.waitFor(() => expect(server.isComplete('u1')).toBe(true));
    expect(await server.contentOf('u1')).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
  });

  it('a retake terminates the old take and uploads the new one as a new upload', async () => {
    const { manager, server, store } = setup();
    const first = await manager.createRecording(RECORDING);
    await manager.appendChunk(first, bytes(4));
    await vi.waitFor(() => expect(server.log).toContain('PATCH u1 0+4'));
    await manager.discardRecording(first);
    expect(server.log).toContain('DELETE u1');
    expect(store.chunkCount()).toBe(0);
    const second = await manager.createRecording(RECORDING);
    await manager.appendChunk(second, bytes(7, 2));
    await manager.finishRecording(second, 1000);
    await vi.waitFor(() => expect(server.isComplete('u2')).toBe(true));
    expect(await server.contentOf('u2')).toEqual(Array(7).fill(2));
    expect(Object.keys(manager.getSnapshot().files)).toEqual([second]);
  });

  it('discarding a finished take asks the server to delete it', async () => {
    const { manager, server } = setup();
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(4));
    await manager.finishRecording(recId, 1000);
    await vi.waitFor(() => expect(server.isComplete('u1')).toBe(true));
    await manager.discardRecording(recId);
    expect(server.log).toContain('DELETE u1');
    expect(manager.getSnapshot().files).toEqual({});
  });

  it('uploads at most two recordings at a time', async () => {
    const server = fakeTusServer();
    server.setDelayMs(5);
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
    await vi.waitFor(() =>
      expect(['u1', 'u2', 'u3'].every((id) => server.isComplete(id))).toBe(true),
    );
    expect(server.peak()).toBe(2);
  });

  it('does not keep asking for a take the server refuses (409 to the creation: no take left)', async () => {
    const server = fakeTusServer((method) => (method === 'POST' ? 409 : null));
    const { manager, sleep } = setup(server);
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(3));
    await manager.finishRecording(recId, 1000);
    await vi.waitFor(() => expect(manager.getSnapshot().files[recId]?.error).toBeTruthy());
    expect(server.log.filter((entry) => entry.startsWith('POST'))).toHaveLength(0);
    // Each creation was sent once per attempt (no quick tus retries), a few attempts in all.
    expect(sleep.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('marks a recording failed when the server refuses it for good', async () => {
    const server = fakeTusServer((method) => (method === 'POST' ? 403 : null));
    const { manager } = setup(server);
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(3));
    await manager.finishRecording(recId, 1000);
    await vi.waitFor(() => expect(manager.getSnapshot().files[recId]?.error).toBeTruthy());
    expect(server.log.filter((entry) => entry.startsWith('POST'))).toHaveLength(0);
  });

  it('an empty take stores nothing', async () => {
    const { manager, server } = setup();
    const recId = await manager.createRecording(RECORDING);
    await manager.finishRecording(recId, 0);
    await vi.waitFor(() =>
      expect(manager.getSnapshot().files[recId]?.error).toBe('EMPTY_RECORDING'),
    );
    expect(server.log).toEqual([]);
  });

  it('saves an answer without recordings at once', async () => {
    const { manager, saved } = setup();
    await manager.saveAnswer({
      applicantId: 'app1',
      jobId: 'job1',
      questId: 'q2',
      candidateToken: 'token-1',
      answer: { resTime: 3, txt: 'hello' },
    });
    await manager.waitForApplicant('app1');
    expect(saved).toEqual([{ q2: { resTime: 3, txt: 'hello' } }]);
  });

  it('a discarded take stops waiting out its backoff at once', async () => {
    const server = fakeTusServer((method) => (method === 'POST' ? 503 : null));
    const { manager } = setup(server, createMemoryChunkStore(), {
      // A real clock with a long backoff: the discard must not wait for it.
      sleep: undefined,
      maxBackoffMs: 60_000,
    });
    const first = await manager.createRecording(RECORDING);
    await manager.appendChunk(first, bytes(4));
    await manager.finishRecording(first, 1000);
    await new Promise((resolve) => setTimeout(resolve, 20));
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

  it('sends the chunk flushed on stop and the length in one PATCH', async () => {
    const { manager, server } = setup();
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(4, 1));
    await vi.waitFor(() => expect(server.log).toContain('PATCH u1 0+4'));
    await manager.appendChunk(recId, bytes(3, 2), { durationMs: 2000 });
    await vi.waitFor(() => expect(server.isComplete('u1')).toBe(true));
    expect(server.log.filter((entry) => entry.startsWith('PATCH'))).toEqual([
      'PATCH u1 0+4',
      'PATCH u1 4+3 end',
    ]);
    // The recorder's stop that follows changes nothing.
    await manager.finishRecording(recId, 2100);
    expect(server.log.filter((entry) => entry.startsWith('PATCH'))).toHaveLength(2);
  });

  it('submits with the waiting answers in one call the moment the last byte is confirmed', async () => {
    const { manager, server, api, submitted, store } = setup();
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(4, 1));
    await vi.waitFor(() => expect(server.log).toContain('PATCH u1 0+4'));
    const release = server.holdPatches();
    await manager.appendChunk(recId, bytes(4, 2), { durationMs: 2000 });
    await manager.saveAnswer({
      applicantId: 'app1',
      jobId: 'job1',
      questId: 'q1',
      candidateToken: 'token-1',
      answer: { resTime: 2 },
      recordings: [{ recId, kind: 'face' }],
    });
    let isSubmitted = false;
    const submitting = manager
      .submitApplicant({ applicantId: 'app1', jobId: 'job1', candidateToken: 'token-1' })
      .then(() => {
        isSubmitted = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The last PATCH is not confirmed: nothing is submitted yet.
    expect(isSubmitted).toBe(false);
    expect(api.submit).not.toHaveBeenCalled();
    release();
    await submitting;
    expect(server.isComplete('u1')).toBe(true);
    expect(submitted).toEqual([{ q1: { resTime: 2, faceKey: RECORDING.key } }]);
    // The answer went with the submit, not on its own.
    expect(api.saveAnswers).not.toHaveBeenCalled();
    expect(await store.listAnswers()).toEqual([]);
    expect(manager.isApplicantDone('app1')).toBe(true);
  });

  it('a submit whose answer was lost is settled by asking the server', async () => {
    const { manager, api } = setup();
    let applied = false;
    api.submit = vi.fn(async () => {
      applied = true;
      throw new UploadHttpError(0, 'connection reset');
    });
    api.isSubmitted = vi.fn(async () => applied);
    await manager.submitApplicant({ applicantId: 'app1', jobId: 'job1', candidateToken: 't' });
    expect(api.isSubmitted).toHaveBeenCalledTimes(1);

    // Refused and not submitted: the caller hears the refusal.
    api.submit = vi.fn(async () => {
      throw new UploadHttpError(409, 'incomplete');
    });
    api.isSubmitted = vi.fn(async () => false);
    await expect(
      manager.submitApplicant({ applicantId: 'app2', jobId: 'job1', candidateToken: 't' }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it.each([
    ['before the server stored it', 'before'],
    ['after the server stored it (the answer was lost)', 'after'],
  ] as const)(
    'a finish whose last PATCH failed %s is retried from the server offset (HEAD)',
    async (_name, when) => {
      const server = fakeTusServer();
      let failed = false;
      const original = server.httpStack.createRequest.bind(server.httpStack);
      server.httpStack.createRequest = (method, url) => {
        const request = original(method, url);
        const send = request.send.bind(request);
        request.send = async (body) => {
          const isLast = method === 'PATCH' && request.getHeader('Upload-Length') !== undefined;
          if (isLast && !failed && when === 'before') {
            failed = true;
            throw new Error('connection reset');
          }
          const answer = await send(body);
          if (isLast && !failed && when === 'after') {
            failed = true;
            throw new Error('connection reset');
          }
          return answer;
        };
        return request;
      };
      const { manager, store } = setup(server);
      const recId = await manager.createRecording(RECORDING);
      await manager.appendChunk(recId, bytes(4, 1));
      await vi.waitFor(() => expect(server.log).toContain('PATCH u1 0+4'));
      await manager.appendChunk(recId, bytes(4, 2), { durationMs: 2000 });
      await manager.saveAnswer({
        applicantId: 'app1',
        jobId: 'job1',
        questId: 'q1',
        candidateToken: 'token-1',
        answer: { resTime: 2 },
        recordings: [{ recId, kind: 'face' }],
      });
      await manager.submitApplicant({
        applicantId: 'app1',
        jobId: 'job1',
        candidateToken: 'token-1',
      });
      expect(failed).toBe(true);
      expect(server.isComplete('u1')).toBe(true);
      expect(await server.contentOf('u1')).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
      const afterFailure = server.log.slice(server.log.indexOf('HEAD u1'));
      expect(afterFailure[0]).toBe('HEAD u1');
      // Stored already: nothing is sent again; otherwise the tail goes again with the length.
      expect(afterFailure.slice(1)).toEqual(when === 'after' ? [] : ['PATCH u1 4+4 end']);
      expect(store.chunkCount()).toBe(0);
    },
  );

  it('resumes from the server offset after a refused PATCH (offset conflict)', async () => {
    const server = fakeTusServer((method, count) =>
      method === 'PATCH' && count === 2 ? 409 : null,
    );
    const { manager } = setup(server);
    const recId = await manager.createRecording(RECORDING);
    await manager.appendChunk(recId, bytes(4, 1));
    await vi.waitFor(() => expect(server.log).toContain('PATCH u1 0+4'));
    await manager.appendChunk(recId, bytes(4, 2), { durationMs: 2000 });
    await vi.waitFor(() => expect(server.isComplete('u1')).toBe(true));
    expect(server.log).toContain('HEAD u1');
    expect(await server.contentOf('u1')).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
  });

  it('a reload between storing a chunk and counting it still uploads the chunk', async () => {
    const store = createMemoryChunkStore();
    const server = fakeTusServer();
    const first = setup(server, store).manager;
    const recId = await first.createRecording(RECORDING);
    await first.appendChunk(recId, bytes(4, 1));
    await vi.waitFor(() => expect(store.chunkCount()).toBe(0));
    // The page went away after the chunk was stored, before the recording's state counted it.
    await store.putChunk({ recId, seq: 1, start: 4, blob: bytes(4, 2) });
    const second = setup(server, store).manager;
    await second.resume();
    await vi.waitFor(() => expect(server.isComplete('u1')).toBe(true));
    expect(await server.contentOf('u1')).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
  });
});
