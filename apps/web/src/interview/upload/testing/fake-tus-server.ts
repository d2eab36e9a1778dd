import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { vi } from 'vitest';
import { createMemoryChunkStore } from '../chunk-store';
import type { UploadApi } from '../upload-api';
import { UploadManager } from '../upload-manager';

// For the upload manager's tests: an in-memory tus server and a manager wired to it.

const ENDPOINT = 'http://candid.test/api/upload/tus';

export const RECORDING = {
  key: 'job1/app1_job1_q1_face.webm',
  applicantId: 'app1',
  jobId: 'job1',
  questId: 'q1',
  kind: 'face' as const,
  fileType: 'video/webm',
  candidateToken: 'token-1',
};

export function bytes(size: number, fill = 1): Blob {
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
export function fakeTusServer(
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

export function setup(
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
