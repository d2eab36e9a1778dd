import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import * as contentDisposition from 'content-disposition';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStorage } from '../src/storage/storage';
import type { StorageFixture } from './storage-servers';
import {
  EXPIRES_IN_SEC,
  expectStorageError,
  flipFirstCharacter,
  folderOf,
  md5,
  newKey,
  readAll,
  sha256,
  type FixtureOf,
  type StorageServerCapabilities,
} from './storage-contract-helpers';

/**
 * The storage contract on objects and signed URLs: round trips, ranges, download names, expiry
 * and signatures, through real HTTP with `fetch` on the signed URLs as a browser uses them.
 * Called inside describeStorageContract's describe, after the fixture's beforeAll.
 */
export function describeObjectsAndSignedUrls(
  capabilities: StorageServerCapabilities,
  fixtureOf: FixtureOf,
): void {
  let fixture: StorageFixture<ObjectStorage>;
  let storage: ObjectStorage;

  beforeAll(() => {
    fixture = fixtureOf();
    storage = fixture.storage;
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
}
