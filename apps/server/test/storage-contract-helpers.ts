import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { expect } from 'vitest';
import type { ObjectStorage, StorageErrorCode } from '../src/storage/storage';
import { StorageError } from '../src/storage/storage';
import type { StorageFixture } from './storage-servers';

/** Helpers of the storage contract (storage-contract*.ts): what a server does, keys, parts, reads. */

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

/** The lifetime of every URL the contract signs. */
export const EXPIRES_IN_SEC = 60;

/** The fixture a contract section runs against, read once the contract's beforeAll started it. */
export type FixtureOf = () => StorageFixture<ObjectStorage>;

/** A key shaped like the uploader's: `interviewId/applicantId-jobId-questId-face.webm`. */
export function newKey(): string {
  return `${randomUUID()}/a1b2c3-job1-quest1 ü-face.webm`;
}

export async function putParts(
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

export async function expectStorageError(
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

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function md5(bytes: Buffer): string {
  return createHash('md5').update(bytes).digest('hex');
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function folderOf(key: string): string {
  return key.split('/')[0] ?? '';
}

export function flipFirstCharacter(value: string): string {
  return (value.startsWith('A') ? 'B' : 'A') + value.slice(1);
}
