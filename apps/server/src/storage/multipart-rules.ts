import type { CompletedPart } from './object-storage';
import { StorageError } from './storage-error';

/**
 * S3's minimum size of every multipart part but the last. The local adapter enforces it too,
 * so an uploader that works in development cannot fail on the first real bucket.
 */
export const MIN_MULTIPART_PART_BYTES = 5 * 1024 * 1024;

/** S3's highest part number. */
export const MAX_MULTIPART_PARTS = 10_000;

/** Whether `partNumber` is an integer from 1 to {@link MAX_MULTIPART_PARTS}. */
export function isValidPartNumber(partNumber: number): boolean {
  return Number.isInteger(partNumber) && partNumber >= 1 && partNumber <= MAX_MULTIPART_PARTS;
}

/**
 * Throws `INVALID_PART` unless `parts` lists each part once in ascending order, as S3 requires;
 * checking before the call gives both adapters the same answer for a client's ordering bug.
 */
export function assertPartOrder(parts: readonly CompletedPart[]): void {
  if (parts.length === 0) {
    throw new StorageError('INVALID_PART', 'A multipart upload needs at least one part');
  }
  let previous = 0;
  for (const part of parts) {
    if (!isValidPartNumber(part.partNumber) || part.partNumber <= previous) {
      throw new StorageError(
        'INVALID_PART',
        'Parts must be listed once each in ascending partNumber order',
      );
    }
    if (typeof part.etag !== 'string' || part.etag.length === 0) {
      throw new StorageError('INVALID_PART', `Part ${part.partNumber} has no ETag`);
    }
    previous = part.partNumber;
  }
}

/** ETags compare without their quotes, as S3 does. */
export function normalizeEtag(etag: string): string {
  return etag.replaceAll('"', '');
}
