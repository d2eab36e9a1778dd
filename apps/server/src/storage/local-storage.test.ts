import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalStorageServer } from '../../test/storage-servers';
import type { LocalStorage } from './local-storage';
import type { SignedQuery } from './local-url-signer';
import { MIN_MULTIPART_PART_BYTES, StorageError, createStorage } from './storage';

const MAX_OBJECT_BYTES = 6 * 1024 * 1024;

type Server = Awaited<ReturnType<typeof startLocalStorageServer>>;

describe('local storage', () => {
  let server: Server;
  let storage: LocalStorage;

  beforeAll(async () => {
    server = await startLocalStorageServer({ maxObjectBytes: MAX_OBJECT_BYTES });
    storage = server.storage;
  });

  afterAll(async () => {
    await server?.close();
  });

  describe('signed URLs', () => {
    it('have the documented shape', async () => {
      const url = new URL(
        await storage.signPutUrl('job 1/a-b-c-face.webm', {
          contentType: 'video/webm',
          expiresInSec: 60,
        }),
      );
      expect(url.origin).toBe(server.baseUrl);
      expect(url.pathname).toBe('/api/storage/object/job%201/a-b-c-face.webm');
      expect([...url.searchParams.keys()]).toEqual(['op', 'exp', 'ct', 'sig']);
      expect(url.searchParams.get('op')).toBe('put');
      expect(url.searchParams.get('sig')).toMatch(/^[\w-]{43}$/);
    });

    it.each<[string, (query: URLSearchParams) => void]>([
      ['a later expiry', (q) => q.set('exp', String(Number(q.get('exp')) + 3600))],
      ['another content type', (q) => q.set('ct', 'text/html')],
      ['another operation', (q) => q.set('op', 'get')],
      ['a download name added', (q) => q.set('dn', 'x.pdf')],
      ['no signature', (q) => q.delete('sig')],
      ['a truncated signature', (q) => q.set('sig', (q.get('sig') ?? '').slice(0, 20))],
    ])('refuses a PUT URL with %s', async (_label, tamper) => {
      const key = 'job/tamper.webm';
      const url = new URL(
        await storage.signPutUrl(key, { contentType: 'video/webm', expiresInSec: 60 }),
      );
      tamper(url.searchParams);
      expect(() => storage.verifySignedRequest('PUT', key, toQuery(url))).toThrowError(
        expect.objectContaining({ code: 'INVALID_SIGNATURE' }),
      );
    });

    it('binds a signature to its method, key, upload and part', async () => {
      const key = 'job/bound.webm';
      const put = new URL(
        await storage.signPutUrl(key, { contentType: 'video/webm', expiresInSec: 60 }),
      );
      expect(() => storage.verifySignedRequest('GET', key, toQuery(put))).toThrowError(
        expect.objectContaining({ code: 'INVALID_SIGNATURE' }),
      );
      expect(() => storage.verifySignedRequest('PUT', 'job/other.webm', toQuery(put))).toThrowError(
        expect.objectContaining({ code: 'INVALID_SIGNATURE' }),
      );

      const { uploadId } = await storage.createMultipartUpload(key, { contentType: 'video/webm' });
      const part = new URL(await storage.signPartUrl(key, uploadId, 2, { expiresInSec: 60 }));
      expect(storage.verifySignedRequest('PUT', key, toQuery(part))).toEqual({
        op: 'part',
        uploadId,
        partNumber: 2,
      });
      part.searchParams.set('partNumber', '3');
      expect(() => storage.verifySignedRequest('PUT', key, toQuery(part))).toThrowError(
        expect.objectContaining({ code: 'INVALID_SIGNATURE' }),
      );
      await storage.abortMultipartUpload(key, uploadId);
    });

    it('refuses signatures made with another secret', async () => {
      const other = createStorage({
        driver: 'local',
        rootDir: server.rootDir,
        publicBaseUrl: server.baseUrl,
        signingSecret: 'another-secret-of-enough-length',
      });
      const url = new URL(await other.signGetUrl('job/x.webm', { expiresInSec: 60 }));
      expect(() => storage.verifySignedRequest('GET', 'job/x.webm', toQuery(url))).toThrowError(
        expect.objectContaining({ code: 'INVALID_SIGNATURE' }),
      );
    });

    it('expires exactly at exp, checked against the injected clock', async () => {
      const url = new URL(await storage.signGetUrl('job/x.webm', { expiresInSec: 10 }));
      const query = toQuery(url);
      server.setClockOffsetMs(9_000);
      try {
        expect(storage.verifySignedRequest('HEAD', 'job/x.webm', query)).toEqual({ op: 'get' });
        server.setClockOffsetMs(11_000);
        expect(() => storage.verifySignedRequest('GET', 'job/x.webm', query)).toThrowError(
          expect.objectContaining({ code: 'EXPIRED' }),
        );
      } finally {
        server.setClockOffsetMs(0);
      }
    });

    it('refuses a short signing secret', () => {
      expect(() =>
        createStorage({
          driver: 'local',
          rootDir: '/tmp/x',
          publicBaseUrl: 'http://x',
          signingSecret: 'short',
        }),
      ).toThrow(/signingSecret/);
    });
  });

  describe('HTTP routes', () => {
    it('answers refusals with { status, key, message }', async () => {
      const key = 'job/errors.webm';
      const putUrl = await storage.signPutUrl(key, { contentType: 'video/webm', expiresInSec: 60 });

      const wrongType = await fetch(putUrl, {
        method: 'PUT',
        body: 'x',
        headers: { 'Content-Type': 'text/html' },
      });
      expect(wrongType.status).toBe(403);
      expect(await wrongType.json()).toEqual({
        status: 403,
        key: 'INVALID_TOKEN_ERR',
        message: expect.any(String),
      });

      const unsigned = await fetch(`${server.baseUrl}/api/storage/object/${key}?op=get`);
      expect(unsigned.status).toBe(403);
      expect(await unsigned.json()).toMatchObject({ status: 403, key: 'INVALID_TOKEN_ERR' });

      const missing = await fetch(await storage.signGetUrl(key, { expiresInSec: 60 }));
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ status: 404, key: 'NOT_FOUND_ERR' });

      const badKey = await fetch(`${server.baseUrl}/api/storage/object/job%5Cx?op=get`);
      expect(badKey.status).toBe(400);
      expect(await badKey.json()).toMatchObject({ status: 400, key: 'VALIDATION_ERR' });
    });

    it('answers HEAD with the headers of GET and no body', async () => {
      const key = 'job/head.webm';
      await storage.putObject(key, Buffer.alloc(100, 1), { contentType: 'video/webm' });
      const url = await storage.signGetUrl(key, { expiresInSec: 60 });

      const head = await fetch(url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe('100');
      expect(head.headers.get('content-type')).toBe('video/webm');
      expect(head.headers.get('accept-ranges')).toBe('bytes');
      expect((await head.arrayBuffer()).byteLength).toBe(0);

      const ranged = await fetch(url, { method: 'HEAD', headers: { Range: 'bytes=-10' } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toBe('bytes 90-99/100');

      const unsatisfiable = await fetch(url, { headers: { Range: 'bytes=100-' } });
      expect(unsatisfiable.status).toBe(416);
      expect(unsatisfiable.headers.get('content-range')).toBe('bytes */100');
    });

    it('serves the whole object when the Range header asks for several ranges or another unit', async () => {
      const key = 'job/multi-range.webm';
      await storage.putObject(key, Buffer.alloc(50, 2), { contentType: 'video/webm' });
      const url = await storage.signGetUrl(key, { expiresInSec: 60 });
      for (const range of ['bytes=0-1,5-6', 'items=0-1']) {
        const response = await fetch(url, { headers: { Range: range } });
        expect(response.status).toBe(200);
        expect((await response.arrayBuffer()).byteLength).toBe(50);
      }
    });

    it('answers a malformed or unsatisfiable bytes range 416 with the standard error body', async () => {
      const key = 'job/bad-range.webm';
      await storage.putObject(key, Buffer.alloc(50, 2), { contentType: 'video/webm' });
      const url = await storage.signGetUrl(key, { expiresInSec: 60 });
      for (const range of [
        'bytes=5-2',
        'bytes=a-b',
        'bytes=',
        'bytes=-',
        'nonsense',
        'bytes=50-',
      ]) {
        for (const method of ['GET', 'HEAD']) {
          const response = await fetch(url, { method, headers: { Range: range } });
          expect(response.status, `${method} ${range}`).toBe(416);
          expect(response.headers.get('content-range')).toBe('bytes */50');
          if (method === 'GET') {
            expect(await response.json()).toEqual({
              status: 416,
              key: 'VALIDATION_ERR',
              message: 'Range not satisfiable',
            });
          }
        }
      }
    });

    it('refuses a declared body over maxObjectBytes with 413 and keeps nothing', async () => {
      const key = 'job/too-large-declared.webm';
      const url = await storage.signPutUrl(key, { contentType: 'video/webm', expiresInSec: 60 });
      const response = await fetch(url, {
        method: 'PUT',
        body: Buffer.alloc(MAX_OBJECT_BYTES + 1),
        headers: { 'Content-Type': 'video/webm' },
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ status: 413, key: 'PAYLOAD_TOO_LARGE_ERR' });
      expect(await storage.headObject(key)).toBeNull();
      expect(await readdir(path.join(server.rootDir, 'tmp'))).toEqual([]);
    });

    it('stops a chunked body at maxObjectBytes with 413 and keeps nothing, not even the old object', async () => {
      const key = 'job/too-large-streamed.webm';
      await storage.putObject(key, Buffer.from('previous'), { contentType: 'video/webm' });
      const url = await storage.signPutUrl(key, { contentType: 'video/webm', expiresInSec: 60 });
      // No Content-Length: the limit can only be found while streaming.
      const chunks = Array.from({ length: 7 }, () => new Uint8Array(1024 * 1024));
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const chunk = chunks.shift();
          if (chunk) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const response = await fetch(url, {
        method: 'PUT',
        body,
        headers: { 'Content-Type': 'video/webm' },
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ key: 'PAYLOAD_TOO_LARGE_ERR' });
      expect(await storage.headObject(key)).toEqual({ size: 8, contentType: 'video/webm' });
      expect(await readdir(path.join(server.rootDir, 'tmp'))).toEqual([]);
    });

    it('drops the temp file when the client aborts an upload midway', async () => {
      const key = 'job/aborted.webm';
      const url = await storage.signPutUrl(key, { contentType: 'video/webm', expiresInSec: 60 });
      const controller = new AbortController();
      let sentFirstChunk: () => void = () => undefined;
      const firstChunkSent = new Promise<void>((resolve) => {
        sentFirstChunk = resolve;
      });
      const body = new ReadableStream<Uint8Array>({
        start(streamController) {
          streamController.enqueue(new Uint8Array(256 * 1024));
          sentFirstChunk();
          // Never closes: the upload only ends by being aborted.
        },
      });
      const upload = fetch(url, {
        method: 'PUT',
        body,
        headers: { 'Content-Type': 'video/webm' },
        duplex: 'half',
        signal: controller.signal,
      } as RequestInit).catch((error: unknown) => error);
      await firstChunkSent;
      await vi.waitFor(async () => {
        expect(await readdir(path.join(server.rootDir, 'tmp'))).toHaveLength(1);
      });
      controller.abort();
      expect(await upload).toBeInstanceOf(Error);
      await vi.waitFor(async () => {
        expect(await readdir(path.join(server.rootDir, 'tmp'))).toEqual([]);
      });
      expect(await storage.headObject(key)).toBeNull();
    });

    it('refuses an oversized part with 413 and lists no part for it', async () => {
      const key = 'job/too-large-part.webm';
      const { uploadId } = await storage.createMultipartUpload(key, { contentType: 'video/webm' });
      const url = await storage.signPartUrl(key, uploadId, 1, { expiresInSec: 60 });
      const response = await fetch(url, {
        method: 'PUT',
        body: Buffer.alloc(MAX_OBJECT_BYTES + 1),
      });
      expect(response.status).toBe(413);
      await response.arrayBuffer();
      expect(await storage.listParts(key, uploadId)).toEqual([]);
      await storage.abortMultipartUpload(key, uploadId);
    });
  });

  describe('on disk', () => {
    it('keeps the previous object and no temp file when a write fails midway', async () => {
      const key = 'job/atomic.webm';
      await storage.putObject(key, Buffer.from('complete'), { contentType: 'video/webm' });
      const failing = Readable.from(
        (async function* failMidway() {
          yield randomBytes(64 * 1024);
          throw new Error('connection reset');
        })(),
      );
      await expect(storage.putObject(key, failing, { contentType: 'text/plain' })).rejects.toThrow(
        'connection reset',
      );
      expect(await storage.headObject(key)).toEqual({ size: 8, contentType: 'video/webm' });
      expect(await readdir(path.join(server.rootDir, 'tmp'))).toEqual([]);
    });

    it('removes the multipart folder once an upload completes', async () => {
      const key = 'job/cleanup.webm';
      const { uploadId } = await storage.createMultipartUpload(key, { contentType: 'video/webm' });
      const part = await storage.uploadPart(key, uploadId, 1, Readable.from([Buffer.from('tiny')]));
      expect(part).toEqual({
        partNumber: 1,
        etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
        size: 4,
      });
      expect(await readdir(path.join(server.rootDir, 'multipart'))).toContain(uploadId);
      expect(await storage.completeMultipartUpload(key, uploadId, [part])).toEqual({ size: 4 });
      expect(await readdir(path.join(server.rootDir, 'multipart'))).not.toContain(uploadId);
      expect(await storage.headObject(key)).toEqual({ size: 4, contentType: 'video/webm' });
    });

    it('refuses parts under 5 MiB except the last, as S3 does', async () => {
      const key = 'job/small-parts.webm';
      const { uploadId } = await storage.createMultipartUpload(key, { contentType: 'video/webm' });
      const small = await storage.uploadPart(key, uploadId, 1, Readable.from([Buffer.alloc(10)]));
      const last = await storage.uploadPart(key, uploadId, 2, Readable.from([Buffer.alloc(10)]));
      await expect(storage.completeMultipartUpload(key, uploadId, [small, last])).rejects.toThrow(
        expect.objectContaining({ code: 'INVALID_PART' }),
      );
      const big = await storage.uploadPart(
        key,
        uploadId,
        1,
        Readable.from([Buffer.alloc(MIN_MULTIPART_PART_BYTES)]),
      );
      expect(await storage.completeMultipartUpload(key, uploadId, [big, last])).toEqual({
        size: MIN_MULTIPART_PART_BYTES + 10,
      });
    });

    it('treats upload ids that are not its own, or belong to another key, as unknown', async () => {
      const { uploadId } = await storage.createMultipartUpload('job/owner.webm', {
        contentType: 'video/webm',
      });
      for (const [key, id] of [
        ['job/intruder.webm', uploadId],
        ['job/owner.webm', '../objects'],
        ['job/owner.webm', `${uploadId}/..`],
      ] as const) {
        await expect(storage.listParts(key, id)).rejects.toThrow(
          expect.objectContaining({ code: 'NO_SUCH_UPLOAD' }),
        );
      }
      await storage.abortMultipartUpload('job/owner.webm', uploadId);
    });

    it('removes uploads older than the given age, and only those', async () => {
      server.setClockOffsetMs(-2 * 3600_000);
      const old = await storage.createMultipartUpload('job/stale.webm', {
        contentType: 'video/webm',
      });
      server.setClockOffsetMs(0);
      const fresh = await storage.createMultipartUpload('job/fresh.webm', {
        contentType: 'video/webm',
      });
      expect(await storage.removeStaleUploads({ olderThanMs: 3600_000 })).toBe(1);
      await expect(storage.listParts('job/stale.webm', old.uploadId)).rejects.toThrow(
        expect.objectContaining({ code: 'NO_SUCH_UPLOAD' }),
      );
      expect(await storage.listParts('job/fresh.webm', fresh.uploadId)).toEqual([]);
      await storage.abortMultipartUpload('job/fresh.webm', fresh.uploadId);
    });

    it('reports itself unhealthy when its root cannot be created', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'candid-health-'));
      const file = path.join(dir, 'a-file');
      await writeFile(file, '');
      const broken = createStorage({
        driver: 'local',
        rootDir: path.join(file, 'storage'),
        publicBaseUrl: 'http://localhost',
        signingSecret: 'a-signing-secret-long-enough',
      });
      const health = await broken.checkHealth();
      expect(health).toMatchObject({ ok: false, driver: 'local', detail: expect.any(String) });
      await rm(dir, { recursive: true, force: true });
    });
  });

  it('throws StorageError with a code for each refusal', async () => {
    const error = await storage.getObject('job/none.webm').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({ name: 'StorageError', code: 'NOT_FOUND' });
  });
});

function toQuery(url: URL): SignedQuery {
  return Object.fromEntries(url.searchParams);
}
