import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import * as contentDisposition from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStorage, StorageErrorCode } from '../src/storage/storage';
import { MIN_MULTIPART_PART_BYTES, StorageError } from '../src/storage/storage';
import type { StorageFixture } from './storage-servers';

/**
 * What the server behind an adapter does itself. Adapters are held to the same contract;
 * a case is skipped only where the fake server under it lacks the behaviour (real S3 and
 * the local adapter have all of them).
 */
export interface StorageServerCapabilities {
  /** Refuses a presigned URL whose signature was altered. */
  verifiesSignatures: boolean;
  /** Refuses a presigned URL once it has expired. */
  enforcesExpiry: boolean;
  /** Implements ListParts. */
  listParts: boolean;
  /** Implements AbortMultipartUpload (and answers NoSuchUpload afterwards). */
  abortMultipartUpload: boolean;
  /** Refuses CompleteMultipartUpload with an ETag that does not match the part. */
  validatesPartEtags: boolean;
  /** Honours `Range: bytes=-n`. */
  suffixRanges: boolean;
  /** Honours `response-content-disposition` on presigned GET URLs (download names). */
  responseHeaderOverrides: boolean;
  /** Answers NoSuchUpload when completing an unknown or aborted upload. */
  noSuchUploadOnComplete: boolean;
}

export const FULL_CAPABILITIES: StorageServerCapabilities = {
  verifiesSignatures: true,
  enforcesExpiry: true,
  listParts: true,
  abortMultipartUpload: true,
  validatesPartEtags: true,
  suffixRanges: true,
  responseHeaderOverrides: true,
  noSuchUploadOnComplete: true,
};

const EXPIRES_IN_SEC = 60;
const TEST_TIMEOUT_MS = 60_000;

/**
 * The storage contract, run through real HTTP with `fetch` on the signed URLs exactly as a
 * browser uses them. Each adapter's test file calls this with a server to run against.
 */
export function describeStorageContract(
  name: string,
  capabilities: StorageServerCapabilities,
  startFixture: () => Promise<StorageFixture<ObjectStorage>>,
): void {
  describe(`storage contract: ${name}`, { timeout: TEST_TIMEOUT_MS }, () => {
    let fixture: StorageFixture<ObjectStorage>;
    let storage: ObjectStorage;

    beforeAll(async () => {
      fixture = await startFixture();
      storage = fixture.storage;
    }, TEST_TIMEOUT_MS);

    afterAll(async () => {
      await fixture?.close();
    });

    it('round-trips an object through signed PUT and GET URLs, keeping its content type', async () => {
      const key = newKey();
      const bytes = randomBytes(3000);
      const putUrl = await storage.signPutUrl(key, {
        contentType: 'video/webm',
        expiresInSec: EXPIRES_IN_SEC,
      });
      const put = await fetch(putUrl, {
        method: 'PUT',
        body: bytes,
        headers: { 'Content-Type': 'video/webm' },
      });
      expect(put.status).toBe(200);
      expect(put.headers.get('etag')).toBe(`"${md5(bytes)}"`);

      const get = await fetch(await storage.signGetUrl(key, { expiresInSec: EXPIRES_IN_SEC }));
      expect(get.status).toBe(200);
      expect(get.headers.get('content-type')).toBe('video/webm');
      expect(get.headers.get('accept-ranges')).toBe('bytes');
      expect(Buffer.from(await get.arrayBuffer()).equals(bytes)).toBe(true);
      expect(await storage.headObject(key)).toEqual({ size: 3000, contentType: 'video/webm' });
    });

    it('stores Buffers and streams with putObject and reads them back with getObject', async () => {
      const small = newKey();
      await storage.putObject(small, Buffer.from('hello'), { contentType: 'text/plain' });
      const read = await storage.getObject(small);
      expect(read).toMatchObject({ size: 5, contentLength: 5, contentType: 'text/plain' });
      expect(read.contentRange).toBeUndefined();
      expect((await readAll(read.body)).toString()).toBe('hello');

      // Longer than one part and of unknown length, as a server-side copy would be.
      const chunks = Array.from({ length: 11 }, () => randomBytes(1024 * 1024));
      const large = newKey();
      await storage.putObject(large, Readable.from(chunks), { contentType: 'video/mp4' });
      const readLarge = await storage.getObject(large);
      expect(readLarge.size).toBe(11 * 1024 * 1024);
      expect(readLarge.contentType).toBe('video/mp4');
      expect(sha256(await readAll(readLarge.body))).toBe(sha256(Buffer.concat(chunks)));
    });

    describe('HTTP ranges on signed GET URLs', () => {
      const bytes = Buffer.from(Array.from({ length: 100 }, (_, i) => i));
      let url: string;

      beforeAll(async () => {
        const key = newKey();
        await storage.putObject(key, bytes, { contentType: 'video/webm' });
        url = await storage.signGetUrl(key, { expiresInSec: EXPIRES_IN_SEC });
      });

      it.each([
        ['bytes=10-19', 10, 19],
        ['bytes=90-', 90, 99],
        ['bytes=95-200', 95, 99],
      ])('answers %s with 206 and the bytes %i-%i', async (range, start, end) => {
        const response = await fetch(url, { headers: { Range: range } });
        expect(response.status).toBe(206);
        expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/100`);
        expect(response.headers.get('content-length')).toBe(String(end - start + 1));
        expect(response.headers.get('content-type')).toBe('video/webm');
        const body = Buffer.from(await response.arrayBuffer());
        expect(body.equals(bytes.subarray(start, end + 1))).toBe(true);
      });

      it.skipIf(!capabilities.suffixRanges)(
        'answers a suffix range with the last bytes',
        async () => {
          const response = await fetch(url, { headers: { Range: 'bytes=-5' } });
          expect(response.status).toBe(206);
          expect(response.headers.get('content-range')).toBe('bytes 95-99/100');
          expect(Buffer.from(await response.arrayBuffer()).equals(bytes.subarray(95))).toBe(true);
        },
      );

      it('answers 416 for a range that starts past the end', async () => {
        const response = await fetch(url, { headers: { Range: 'bytes=100-' } });
        expect(response.status).toBe(416);
        await response.arrayBuffer();
      });
    });

    it('reads ranges with getObject', async () => {
      const key = newKey();
      const bytes = randomBytes(100);
      await storage.putObject(key, bytes, { contentType: 'video/webm' });

      const middle = await storage.getObject(key, { range: { start: 10, end: 19 } });
      expect(middle).toMatchObject({
        size: 100,
        contentLength: 10,
        contentRange: 'bytes 10-19/100',
      });
      expect((await readAll(middle.body)).equals(bytes.subarray(10, 20))).toBe(true);

      const tail = await storage.getObject(key, { range: { start: 90 } });
      expect(tail.contentRange).toBe('bytes 90-99/100');
      expect((await readAll(tail.body)).equals(bytes.subarray(90))).toBe(true);

      if (capabilities.suffixRanges) {
        const suffix = await storage.getObject(key, { range: { suffixLength: 5 } });
        expect(suffix.contentRange).toBe('bytes 95-99/100');
        expect((await readAll(suffix.body)).equals(bytes.subarray(95))).toBe(true);
      }

      await expectStorageError(
        storage.getObject(key, { range: { start: 100 } }),
        'RANGE_NOT_SATISFIABLE',
      );
    });

    it.skipIf(!capabilities.responseHeaderOverrides)(
      'names downloads with Content-Disposition, Hebrew included',
      async () => {
        const key = newKey();
        await storage.putObject(key, Buffer.from('cv'), { contentType: 'application/pdf' });
        const url = await storage.signGetUrl(key, {
          expiresInSec: EXPIRES_IN_SEC,
          downloadName: 'קורות חיים "final".pdf',
        });
        const response = await fetch(url);
        expect(response.status).toBe(200);
        const disposition = response.headers.get('content-disposition') ?? '';
        // Header values travel as Latin-1: the raw header is plain ASCII (RFC 6266 `filename*`).
        expect(disposition).toMatch(/^[\x20-\x7e]+$/);
        const parsed = contentDisposition.parse(disposition);
        expect(parsed.type).toBe('attachment');
        expect(parsed.parameters.filename).toBe('קורות חיים "final".pdf');
        await response.arrayBuffer();
      },
    );

    it.skipIf(!capabilities.enforcesExpiry)('refuses expired signed URLs', async () => {
      const key = newKey();
      await storage.putObject(key, Buffer.from('old'), { contentType: 'text/plain' });
      // Signed an hour ago for a minute: long expired by now, with no sleeping.
      fixture.setClockOffsetMs(-3600_000);
      let getUrl: string;
      let putUrl: string;
      try {
        getUrl = await storage.signGetUrl(key, { expiresInSec: EXPIRES_IN_SEC });
        putUrl = await storage.signPutUrl(key, {
          contentType: 'text/plain',
          expiresInSec: EXPIRES_IN_SEC,
        });
      } finally {
        fixture.setClockOffsetMs(0);
      }
      const get = await fetch(getUrl);
      expect(get.status).toBe(403);
      await get.arrayBuffer();
      const put = await fetch(putUrl, {
        method: 'PUT',
        body: 'new',
        headers: { 'Content-Type': 'text/plain' },
      });
      expect(put.status).toBe(403);
      await put.arrayBuffer();
      expect((await readAll((await storage.getObject(key)).body)).toString()).toBe('old');
    });

    it.skipIf(!capabilities.verifiesSignatures)('refuses tampered signatures', async () => {
      const key = newKey();
      await storage.putObject(key, Buffer.from('secret'), { contentType: 'text/plain' });
      const url = new URL(await storage.signGetUrl(key, { expiresInSec: EXPIRES_IN_SEC }));
      const signatureParam = url.searchParams.has('sig') ? 'sig' : 'X-Amz-Signature';
      const signature = url.searchParams.get(signatureParam) ?? '';
      url.searchParams.set(signatureParam, flipFirstCharacter(signature));
      const response = await fetch(url);
      expect(response.status).toBe(403);
      await response.arrayBuffer();

      // A valid signature for one key opens no other key.
      const other = newKey();
      await storage.putObject(other, Buffer.from('other'), { contentType: 'text/plain' });
      const swapped = new URL(await storage.signGetUrl(key, { expiresInSec: EXPIRES_IN_SEC }));
      swapped.pathname = swapped.pathname.replace(folderOf(key), folderOf(other));
      const swappedResponse = await fetch(swapped);
      expect(swappedResponse.status).toBe(403);
      await swappedResponse.arrayBuffer();
    });

    it.skipIf(!capabilities.verifiesSignatures)(
      'refuses a signed PUT that carries another Content-Type than the signed one',
      async () => {
        const key = newKey();
        const url = await storage.signPutUrl(key, {
          contentType: 'video/webm',
          expiresInSec: EXPIRES_IN_SEC,
        });
        const response = await fetch(url, {
          method: 'PUT',
          body: '<script>alert(1)</script>',
          headers: { 'Content-Type': 'text/html' },
        });
        expect(response.status).toBe(403);
        await response.arrayBuffer();
        expect(await storage.headObject(key)).toBeNull();
      },
    );

    describe('multipart uploads', () => {
      const partSizes = [MIN_MULTIPART_PART_BYTES, MIN_MULTIPART_PART_BYTES, 100 * 1024];
      let partBodies: Buffer[];

      beforeAll(() => {
        partBodies = partSizes.map((size) => randomBytes(size));
      });

      it('completes three parts PUT through signed URLs into their concatenation', async () => {
        const key = newKey();
        const { uploadId } = await storage.createMultipartUpload(key, {
          contentType: 'video/webm',
        });
        // Two at a time and out of order, as the uploader's concurrency of 2 does.
        const etags = new Map<number, string>();
        await Promise.all([
          putParts(storage, key, uploadId, partBodies, [3, 1], etags),
          putParts(storage, key, uploadId, partBodies, [2], etags),
        ]);
        const parts = [1, 2, 3].map((partNumber) => ({
          partNumber,
          etag: etags.get(partNumber) ?? '',
        }));
        parts.forEach(({ partNumber, etag }) =>
          expect(etag).toBe(`"${md5(partBodies[partNumber - 1] ?? Buffer.alloc(0))}"`),
        );

        const total = partSizes.reduce((sum, size) => sum + size, 0);
        expect(await storage.completeMultipartUpload(key, uploadId, parts)).toEqual({
          size: total,
        });
        expect(await storage.headObject(key)).toEqual({ size: total, contentType: 'video/webm' });
        const get = await fetch(await storage.signGetUrl(key, { expiresInSec: EXPIRES_IN_SEC }));
        expect(get.status).toBe(200);
        expect(sha256(Buffer.from(await get.arrayBuffer()))).toBe(
          sha256(Buffer.concat(partBodies)),
        );
      });

      it.skipIf(!capabilities.listParts)(
        'lists uploaded parts so an interrupted upload can resume and complete',
        async () => {
          const key = newKey();
          const { uploadId } = await storage.createMultipartUpload(key, {
            contentType: 'video/webm',
          });
          const etags = new Map<number, string>();
          await putParts(storage, key, uploadId, partBodies, [1, 2, 3], etags);

          const listed = await storage.listParts(key, uploadId);
          expect(listed).toEqual(
            [1, 2, 3].map((partNumber) => ({
              partNumber,
              etag: etags.get(partNumber),
              size: partSizes[partNumber - 1],
            })),
          );
          const { size } = await storage.completeMultipartUpload(
            key,
            uploadId,
            listed.map(({ partNumber, etag }) => ({ partNumber, etag })),
          );
          expect(size).toBe(partSizes.reduce((sum, partSize) => sum + partSize, 0));
        },
      );

      it.skipIf(!capabilities.validatesPartEtags)(
        'refuses to complete with a wrong or missing part, and still completes after',
        async () => {
          const key = newKey();
          const { uploadId } = await storage.createMultipartUpload(key, {
            contentType: 'video/webm',
          });
          const etags = new Map<number, string>();
          await putParts(storage, key, uploadId, partBodies, [1, 2], etags);
          const good = [1, 2].map((partNumber) => ({
            partNumber,
            etag: etags.get(partNumber) ?? '',
          }));

          await expectStorageError(
            storage.completeMultipartUpload(key, uploadId, [
              good[0]!,
              { partNumber: 2, etag: `"${'0'.repeat(32)}"` },
            ]),
            'INVALID_PART',
          );
          await expectStorageError(
            storage.completeMultipartUpload(key, uploadId, [
              ...good,
              { partNumber: 3, etag: `"${'0'.repeat(32)}"` },
            ]),
            'INVALID_PART',
          );
          expect(await storage.headObject(key)).toBeNull();
          // ETags as the browser read them, with or without quotes.
          expect(
            await storage.completeMultipartUpload(key, uploadId, [
              good[0]!,
              { partNumber: 2, etag: good[1]!.etag.replaceAll('"', '') },
            ]),
          ).toEqual({ size: 2 * MIN_MULTIPART_PART_BYTES });
        },
      );

      it.skipIf(!capabilities.noSuchUploadOnComplete)(
        'answers NO_SUCH_UPLOAD when completing an upload that does not exist',
        async () => {
          const key = newKey();
          const { uploadId } = await storage.createMultipartUpload(key, {
            contentType: 'video/webm',
          });
          const etags = new Map<number, string>();
          await putParts(storage, key, uploadId, partBodies, [3], etags);
          const parts = [{ partNumber: 3, etag: etags.get(3) ?? '' }];
          await storage.completeMultipartUpload(key, uploadId, parts);
          // Completing twice (a retried request) finds the upload gone.
          await expectStorageError(
            storage.completeMultipartUpload(key, uploadId, parts),
            'NO_SUCH_UPLOAD',
          );
        },
      );

      it('refuses part lists that are empty, unordered or repeated before calling the server', async () => {
        const key = newKey();
        const { uploadId } = await storage.createMultipartUpload(key, {
          contentType: 'video/webm',
        });
        const etag = `"${'0'.repeat(32)}"`;
        for (const parts of [
          [],
          [
            { partNumber: 2, etag },
            { partNumber: 1, etag },
          ],
          [
            { partNumber: 1, etag },
            { partNumber: 1, etag },
          ],
          [{ partNumber: 0, etag }],
        ]) {
          await expectStorageError(
            storage.completeMultipartUpload(key, uploadId, parts),
            'INVALID_PART',
          );
        }
        await expectStorageError(
          storage.signPartUrl(key, uploadId, 10_001, { expiresInSec: EXPIRES_IN_SEC }),
          'INVALID_PART',
        );
      });

      it.skipIf(!capabilities.abortMultipartUpload || !capabilities.listParts)(
        'aborts an upload, after which it no longer exists',
        async () => {
          const key = newKey();
          const { uploadId } = await storage.createMultipartUpload(key, {
            contentType: 'video/webm',
          });
          const etags = new Map<number, string>();
          await putParts(storage, key, uploadId, partBodies, [3], etags);
          await storage.abortMultipartUpload(key, uploadId);

          await expectStorageError(storage.listParts(key, uploadId), 'NO_SUCH_UPLOAD');
          if (capabilities.noSuchUploadOnComplete) {
            await expectStorageError(
              storage.completeMultipartUpload(key, uploadId, [
                { partNumber: 3, etag: etags.get(3) ?? '' },
              ]),
              'NO_SUCH_UPLOAD',
            );
          }
          expect(await storage.headObject(key)).toBeNull();
        },
      );
    });

    it('refuses invalid keys in every method with INVALID_KEY', async () => {
      const badKeys = [
        '',
        '/job/file.webm',
        'job/../other/file.webm',
        '..',
        'job\\file.webm',
        'job/file\u0000.webm',
        'job/file\n.webm',
        'job//file.webm',
        'job/',
        'job/./file.webm',
        'x'.repeat(1025),
      ];
      for (const key of badKeys) {
        const calls: Promise<unknown>[] = [
          storage.signPutUrl(key, { contentType: 'video/webm', expiresInSec: 60 }),
          storage.signGetUrl(key, { expiresInSec: 60 }),
          storage.createMultipartUpload(key, { contentType: 'video/webm' }),
          storage.signPartUrl(key, 'upload', 1, { expiresInSec: 60 }),
          storage.listParts(key, 'upload'),
          storage.completeMultipartUpload(key, 'upload', [{ partNumber: 1, etag: 'x' }]),
          storage.abortMultipartUpload(key, 'upload'),
          storage.putObject(key, Buffer.from('x'), { contentType: 'text/plain' }),
          storage.getObject(key),
          storage.headObject(key),
          storage.deleteObject(key),
        ];
        for (const call of calls) await expectStorageError(call, 'INVALID_KEY');
      }
    });

    it('heads and deletes objects; missing objects read as absent', async () => {
      const key = newKey();
      await storage.putObject(key, Buffer.from('to delete'), { contentType: 'image/png' });
      expect(await storage.headObject(key)).toEqual({ size: 9, contentType: 'image/png' });

      await storage.deleteObject(key);
      expect(await storage.headObject(key)).toBeNull();
      await expectStorageError(storage.getObject(key), 'NOT_FOUND');
      const get = await fetch(await storage.signGetUrl(key, { expiresInSec: EXPIRES_IN_SEC }));
      expect(get.status).toBe(404);
      await get.arrayBuffer();
      // Deleting what is not there is not an error, as in S3.
      await storage.deleteObject(key);
    });

    it('reports itself healthy', async () => {
      expect(await storage.checkHealth()).toEqual({ ok: true, driver: storage.driver });
    });
  });
}

/** A key shaped like the uploader's: `interviewId/applicantId-jobId-questId-face.webm`. */
function newKey(): string {
  return `${randomUUID()}/a1b2c3-job1-quest1 ü-face.webm`;
}

async function putParts(
  storage: ObjectStorage,
  key: string,
  uploadId: string,
  bodies: Buffer[],
  partNumbers: number[],
  etags: Map<number, string>,
): Promise<void> {
  for (const partNumber of partNumbers) {
    const url = await storage.signPartUrl(key, uploadId, partNumber, {
      expiresInSec: EXPIRES_IN_SEC,
    });
    const response = await fetch(url, { method: 'PUT', body: bodies[partNumber - 1] });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    etags.set(partNumber, etag ?? '');
  }
}

async function expectStorageError(
  promise: Promise<unknown>,
  code: StorageErrorCode,
): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StorageError);
  expect((error as StorageError).code).toBe(code);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function md5(bytes: Buffer): string {
  return createHash('md5').update(bytes).digest('hex');
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function folderOf(key: string): string {
  return key.split('/')[0] ?? '';
}

function flipFirstCharacter(value: string): string {
  return (value.startsWith('A') ? 'B' : 'A') + value.slice(1);
}
