import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStorage } from '../src/storage/storage';
import type { StorageFixture } from './storage-servers';
import { describeMultipartUploads } from './storage-contract-multipart';
import { describeObjectsAndSignedUrls } from './storage-contract-objects';
import {
  EXPIRES_IN_SEC,
  expectStorageError,
  newKey,
  type StorageServerCapabilities,
} from './storage-contract-helpers';

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

    describeObjectsAndSignedUrls(capabilities, () => fixture);
    describeMultipartUploads(capabilities, () => fixture);

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
