import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStorage } from '../src/storage/storage';
import { MIN_MULTIPART_PART_BYTES } from '../src/storage/storage';
import {
  EXPIRES_IN_SEC,
  expectStorageError,
  md5,
  newKey,
  putParts,
  sha256,
  type FixtureOf,
  type StorageServerCapabilities,
} from './storage-contract-helpers';

/**
 * The storage contract on multipart uploads: parts PUT through signed URLs, listed, checked and
 * aborted.
 * Called inside describeStorageContract's describe, after the fixture's beforeAll.
 */
export function describeMultipartUploads(
  capabilities: StorageServerCapabilities,
  fixtureOf: FixtureOf,
): void {
  let storage: ObjectStorage;

  beforeAll(() => {
    storage = fixtureOf().storage;
  });

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
      expect(sha256(Buffer.from(await get.arrayBuffer()))).toBe(sha256(Buffer.concat(partBodies)));
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
}
