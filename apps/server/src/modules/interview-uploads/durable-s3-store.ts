import type { Readable } from 'node:stream';
import type { CompletedPart, Part } from '@aws-sdk/client-s3';
import { S3Store, type MetadataValue, type Options } from '@tus/s3-store';
import { ERRORS, Upload, type KvStore } from '@tus/server';

/**
 * User metadata of the pending (incomplete) part: how many multipart parts preceded it when it
 * was written. A pending part whose count no longer matches the parts in the bucket was folded
 * into a later part already and counts for nothing (docs/uploads.md, "Kill safety").
 */
const BASE_PARTS_META = 'tus-base-parts';

/** S3 error names that mean the multipart upload is gone: completed (or aborted). */
const MISSING_UPLOAD_CODES = new Set(['NoSuchUpload', 'NoSuchKey']);
const MISSING_OBJECT_CODES = new Set(['NoSuchKey', 'NotFound', 'NoSuchUpload']);

function hasCode(error: unknown, codes: ReadonlySet<string>): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, Code } = error as { name?: unknown; Code?: unknown };
  return (
    (typeof name === 'string' && codes.has(name)) || (typeof Code === 'string' && codes.has(Code))
  );
}

/**
 * A cache that keeps nothing. S3Store caches each upload's `.info` per process, and another
 * process's declared length or removal never reaches that cache (a HEAD after the upload
 * finished elsewhere answered 500): every read goes to the bucket instead.
 */
class NoCache implements KvStore<MetadataValue> {
  async get(): Promise<undefined> {
    return undefined;
  }
  async set(): Promise<void> {}
  async delete(): Promise<void> {}
  async list(): Promise<string[]> {
    return [];
  }
}

/** The parts 1..n without a gap: what a completion would concatenate. */
function consecutiveParts(parts: Part[]): Part[] {
  const sorted = [...parts].sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0));
  const result: Part[] = [];
  for (const part of sorted) {
    if (part.PartNumber !== result.length + 1) break;
    result.push(part);
  }
  return result;
}

function sizeOf(parts: Part[]): number {
  return parts.reduce((sum, part) => sum + (part.Size ?? 0), 0);
}

export interface DurableS3StoreOptions extends Omit<Options, 'cache' | 'partSize'> {
  /** Bytes of every multipart part but the last (at least S3's 5 MiB minimum). */
  partSize: number;
}

/**
 * @tus/s3-store's S3Store with its upload state kept only in the bucket, and a write that never
 * removes acknowledged bytes.
 *
 * The package's write deletes the pending incomplete part (`<id>.part`) when a PATCH starts and
 * writes it back when the PATCH ends: a process killed in between leaves the upload at the
 * offset of its complete parts (0 for a recording shorter than a part). Here the pending part
 * stays until its successor is stored: bytes become a new multipart part, and the pending part
 * is then overwritten (one atomic PUT) or left behind stale, which its `tus-base-parts` metadata
 * tells. The offset is the consecutive parts plus a pending part that follows them; whatever
 * instant a process dies at, it is never below what an earlier PATCH acknowledged.
 *
 * Bytes of a PATCH that failed half-way (a client gone, a body cut) are kept too, as the tus
 * protocol asks; the client resumes from HEAD's offset.
 */
export class DurableS3Store extends S3Store {
  private readonly partBytes: number;

  constructor(options: DurableS3StoreOptions) {
    const { partSize, ...rest } = options;
    super({ ...rest, partSize, cache: new NoCache() });
    this.partBytes = Math.max(partSize, this.minPartSize);
  }

  /** The committed parts and the size of a pending part that follows them (0: none). */
  private async readState(id: string): Promise<{ parts: Part[]; pendingBytes: number }> {
    const parts = consecutiveParts(await this.retrieveParts(id));
    let pendingBytes = 0;
    try {
      const head = await this.client.headObject({
        Bucket: this.bucket,
        Key: this.partKey(id, true),
      });
      if (this.followsParts(head.Metadata, parts.length)) pendingBytes = head.ContentLength ?? 0;
    } catch (error) {
      if (!hasCode(error, MISSING_OBJECT_CODES)) throw error;
    }
    return { parts, pendingBytes };
  }

  /** Whether a pending part written after `count` parts still applies. */
  private followsParts(metadata: Record<string, string> | undefined, count: number): boolean {
    const base = metadata?.[BASE_PARTS_META];
    // A pending part without the mark was written by the package's own write, which deleted it
    // before storing any part that took its bytes: it always follows the parts.
    return base === undefined || Number(base) === count;
  }

  /** The pending part's bytes, checked against the parts they must follow. */
  private async readPending(id: string, count: number, expected: number): Promise<Buffer> {
    if (expected === 0) return Buffer.alloc(0);
    const object = await this.client.getObject({
      Bucket: this.bucket,
      Key: this.partKey(id, true),
    });
    const bytes = Buffer.from((await object.Body!.transformToByteArray()) as Uint8Array);
    // Changed since it was measured: another writer got in, which the upload lock forbids.
    if (!this.followsParts(object.Metadata, count) || bytes.length !== expected) {
      throw ERRORS.INVALID_OFFSET;
    }
    return bytes;
  }

  override async getUpload(id: string): Promise<Upload> {
    let metadata: MetadataValue;
    try {
      metadata = await this.getMetadata(id);
    } catch {
      throw ERRORS.FILE_NOT_FOUND;
    }
    const { file } = metadata;
    let state;
    try {
      state = await this.readState(id);
    } catch (error) {
      // The `.info` is there but the multipart upload is not: it was completed.
      if (hasCode(error, MISSING_UPLOAD_CODES) && file.size !== undefined) {
        return new Upload({ ...file, offset: file.size, size: file.size });
      }
      throw error;
    }
    return new Upload({
      ...file,
      offset: sizeOf(state.parts) + state.pendingBytes,
      size: file.size,
    });
  }

  override async write(src: Readable, id: string, offset: number): Promise<number> {
    const metadata = await this.getMetadata(id);
    const uploadId = metadata['upload-id'];
    const size = metadata.file.size;
    const state = await this.readState(id);
    if (sizeOf(state.parts) + state.pendingBytes !== offset) throw ERRORS.INVALID_OFFSET;
    const pending = await this.readPending(id, state.parts.length, state.pendingBytes);

    const parts: CompletedPart[] = state.parts.map(({ ETag, PartNumber }) => ({
      ETag,
      PartNumber,
    }));
    const storePart = async (body: Buffer) => {
      const PartNumber = parts.length + 1;
      const { ETag } = await this.client.uploadPart({
        Bucket: this.bucket,
        Key: id,
        UploadId: uploadId,
        PartNumber,
        Body: body,
      });
      parts.push({ ETag, PartNumber });
    };

    let buffered: Buffer[] = pending.length > 0 ? [pending] : [];
    let bufferedBytes = pending.length;
    let received = 0;
    let failure: unknown = null;
    try {
      for await (const chunk of src as AsyncIterable<Buffer>) {
        buffered.push(chunk);
        bufferedBytes += chunk.length;
        received += chunk.length;
        while (bufferedBytes >= this.partBytes) {
          const all = Buffer.concat(buffered);
          // Stored before anything else changes: from here the pending part is stale.
          await storePart(all.subarray(0, this.partBytes));
          const rest = all.subarray(this.partBytes);
          buffered = rest.length > 0 ? [rest] : [];
          bufferedBytes = rest.length;
        }
      }
    } catch (error) {
      // The bytes that arrived are kept (below); the PATCH still fails.
      failure = error;
    }
    const newOffset = offset + received;
    const tail = Buffer.concat(buffered);

    if (failure === null && size !== undefined && newOffset === size) {
      if (tail.length > 0 || parts.length === 0) await storePart(tail);
      await this.client.completeMultipartUpload({
        Bucket: this.bucket,
        Key: id,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts },
      });
      await this.completeMetadata(metadata.file);
      await this.deletePending(id);
      return newOffset;
    }

    const unchanged = parts.length === state.parts.length && tail.length === pending.length;
    if (tail.length > 0 && !unchanged) {
      // One PUT replaces the earlier pending part with one that holds its bytes and the new.
      await this.client.putObject({
        Bucket: this.bucket,
        Key: this.partKey(id, true),
        Body: tail,
        Metadata: { [BASE_PARTS_META]: String(parts.length) },
      });
    } else if (tail.length === 0 && state.pendingBytes > 0) {
      // Its bytes are in a part now; it counts for nothing already, this only tidies up.
      await this.deletePending(id);
    }
    if (failure !== null) throw failure;
    return newOffset;
  }

  private async deletePending(id: string): Promise<void> {
    await this.client
      .deleteObject({ Bucket: this.bucket, Key: this.partKey(id, true) })
      .catch(() => undefined);
  }

  /** Also deletes the pending part, which the package leaves until the expiry sweep. */
  override async remove(id: string): Promise<void> {
    await super.remove(id);
    await this.deletePending(id);
  }
}
