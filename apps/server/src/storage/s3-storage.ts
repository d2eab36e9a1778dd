import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ByteRange } from './byte-range';
import { formatRangeHeader } from './byte-range';
import * as contentDisposition from 'content-disposition';
import { MIN_MULTIPART_PART_BYTES, assertPartOrder, isValidPartNumber } from './multipart-rules';
import type {
  CompletedPart,
  ObjectStorage,
  S3StorageOptions,
  SignGetOptions,
  SignPutOptions,
  StorageHealth,
  StoredObject,
  StoredObjectInfo,
  UploadedPart,
} from './object-storage';
import { StorageError } from './storage-error';
import { assertValidKey } from './storage-key';

/**
 * Size of the parts `putObject` uses for a stream of unknown length: above S3's minimum so
 * the upload is valid, small enough that two buffers of it are all the memory it takes.
 */
const STREAM_PART_BYTES = 2 * MIN_MULTIPART_PART_BYTES;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * The S3 adapter: browsers upload and download straight to the bucket through presigned
 * URLs, the server only signs and orchestrates multipart uploads. Works with any
 * S3-compatible service given `endpoint` (and usually `forcePathStyle`).
 */
export class S3Storage implements ObjectStorage {
  readonly driver = 's3' as const;
  /** The SDK client, for callers that need an S3 call this interface does not cover. */
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly now: () => number;

  constructor(options: Omit<S3StorageOptions, 'driver'>) {
    this.bucket = options.bucket;
    this.now = options.now ?? Date.now;
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle ?? false,
      // The SDK's default checksums (since 3.729) would be signed into presigned PUT URLs as
      // the checksum of an empty body, which browsers cannot match and many S3-compatible
      // services reject: compute them only where an operation requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (options.endpoint !== undefined) config.endpoint = options.endpoint;
    if (options.accessKeyId !== undefined && options.secretAccessKey !== undefined) {
      config.credentials = {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
      };
    }
    this.client = new S3Client(config);
  }

  async signPutUrl(key: string, options: SignPutOptions): Promise<string> {
    assertValidKey(key);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: options.contentType,
    });
    return getSignedUrl(this.client, command, {
      ...this.presignOptions(options.expiresInSec),
      // The presigner signs only `host` by default, which would let the browser store the
      // object under any type it likes (text/html included); signing the header makes S3
      // refuse a different one, exactly like the local adapter.
      signableHeaders: new Set(['content-type']),
    });
  }

  async signGetUrl(key: string, options: SignGetOptions): Promise<string> {
    assertValidKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(options.downloadName === undefined
        ? {}
        : { ResponseContentDisposition: contentDisposition.create(options.downloadName) }),
    });
    return getSignedUrl(this.client, command, this.presignOptions(options.expiresInSec));
  }

  async createMultipartUpload(
    key: string,
    options: { contentType: string },
  ): Promise<{ uploadId: string }> {
    assertValidKey(key);
    const result = await this.send(
      () =>
        this.client.send(
          new CreateMultipartUploadCommand({
            Bucket: this.bucket,
            Key: key,
            ContentType: options.contentType,
          }),
        ),
      key,
    );
    if (!result.UploadId) throw new Error('S3 CreateMultipartUpload returned no UploadId');
    return { uploadId: result.UploadId };
  }

  async signPartUrl(
    key: string,
    uploadId: string,
    partNumber: number,
    options: { expiresInSec: number },
  ): Promise<string> {
    assertValidKey(key);
    if (!isValidPartNumber(partNumber)) {
      throw new StorageError('INVALID_PART', `Invalid part number ${partNumber}`);
    }
    const command = new UploadPartCommand({
      Bucket: this.bucket,
      Key: key,
      UploadId: uploadId,
      PartNumber: partNumber,
    });
    return getSignedUrl(this.client, command, this.presignOptions(options.expiresInSec));
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    assertValidKey(key);
    const parts: UploadedPart[] = [];
    let marker: string | undefined;
    // S3 pages at 1,000 parts; an hour-long recording in 5 MiB parts can pass that.
    for (;;) {
      const page = await this.send(
        () =>
          this.client.send(
            new ListPartsCommand({
              Bucket: this.bucket,
              Key: key,
              UploadId: uploadId,
              ...(marker === undefined ? {} : { PartNumberMarker: marker }),
            }),
          ),
        key,
      );
      for (const part of page.Parts ?? []) {
        if (part.PartNumber === undefined || part.ETag === undefined) continue;
        parts.push({ partNumber: part.PartNumber, etag: part.ETag, size: part.Size ?? 0 });
      }
      if (!page.IsTruncated || page.NextPartNumberMarker === undefined) break;
      marker = page.NextPartNumberMarker;
    }
    return parts;
  }

  async completeMultipartUpload(
    key: string,
    uploadId: string,
    parts: CompletedPart[],
  ): Promise<{ size: number }> {
    assertValidKey(key);
    assertPartOrder(parts);
    await this.send(
      () =>
        this.client.send(
          new CompleteMultipartUploadCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: {
              Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })),
            },
          }),
        ),
      key,
    );
    // CompleteMultipartUpload does not report the size.
    const info = await this.headObject(key);
    if (!info) throw new Error(`S3 object ${key} missing right after completing its upload`);
    return { size: info.size };
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    assertValidKey(key);
    await this.send(
      () =>
        this.client.send(
          new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
        ),
      key,
    );
  }

  async putObject(
    key: string,
    body: Buffer | Readable,
    options: { contentType: string },
  ): Promise<void> {
    assertValidKey(key);
    if (Buffer.isBuffer(body)) {
      await this.putBuffer(key, body, options.contentType);
      return;
    }
    await this.putStream(key, body, options.contentType);
  }

  async getObject(key: string, options: { range?: ByteRange } = {}): Promise<StoredObject> {
    assertValidKey(key);
    const result = await this.send(
      () =>
        this.client.send(
          new GetObjectCommand({
            Bucket: this.bucket,
            Key: key,
            ...(options.range ? { Range: formatRangeHeader(options.range) } : {}),
          }),
        ),
      key,
    );
    if (!(result.Body instanceof Readable)) {
      throw new Error('S3 GetObject returned no Node.js stream');
    }
    const contentLength = result.ContentLength ?? 0;
    const totalFromRange = result.ContentRange?.match(/\/(\d+)$/)?.[1];
    return {
      body: result.Body,
      size: totalFromRange === undefined ? contentLength : Number(totalFromRange),
      contentLength,
      contentType: result.ContentType ?? DEFAULT_CONTENT_TYPE,
      ...(result.ContentRange === undefined ? {} : { contentRange: result.ContentRange }),
    };
  }

  async headObject(key: string): Promise<StoredObjectInfo | null> {
    assertValidKey(key);
    try {
      const result = await this.send(
        () => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })),
        key,
      );
      return {
        size: result.ContentLength ?? 0,
        contentType: result.ContentType ?? DEFAULT_CONTENT_TYPE,
      };
    } catch (error) {
      if (error instanceof StorageError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  async deleteObject(key: string): Promise<void> {
    assertValidKey(key);
    await this.send(
      () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })),
      key,
    );
  }

  async checkHealth(): Promise<StorageHealth> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return { ok: true, driver: 's3' };
    } catch (error) {
      const status = httpStatusOf(error);
      const reason = error instanceof Error ? error.name || error.message : String(error);
      return {
        ok: false,
        driver: 's3',
        detail: `HeadBucket ${this.bucket} failed: ${reason}${status ? ` (HTTP ${status})` : ''}`,
      };
    }
  }

  private presignOptions(expiresInSec: number): { expiresIn: number; signingDate: Date } {
    return { expiresIn: expiresInSec, signingDate: new Date(this.now()) };
  }

  private async putBuffer(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.send(
      () =>
        this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            ContentLength: body.length,
          }),
        ),
      key,
    );
  }

  /**
   * PutObject needs the length up front, so a stream of unknown length goes up as a
   * multipart upload of fixed-size parts, or as one PutObject when it fits in the first part.
   */
  private async putStream(key: string, body: Readable, contentType: string): Promise<void> {
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const uploadPart = async (bytes: Buffer): Promise<void> => {
      uploadId ??= (await this.createMultipartUpload(key, { contentType })).uploadId;
      const partNumber = parts.length + 1;
      const result = await this.send(
        () =>
          this.client.send(
            new UploadPartCommand({
              Bucket: this.bucket,
              Key: key,
              UploadId: uploadId,
              PartNumber: partNumber,
              Body: bytes,
              ContentLength: bytes.length,
            }),
          ),
        key,
      );
      if (!result.ETag) throw new Error('S3 UploadPart returned no ETag');
      parts.push({ partNumber, etag: result.ETag });
    };
    try {
      for await (const chunk of body) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
        pending.push(bytes);
        pendingBytes += bytes.length;
        while (pendingBytes >= STREAM_PART_BYTES) {
          const joined = Buffer.concat(pending);
          await uploadPart(joined.subarray(0, STREAM_PART_BYTES));
          const rest = joined.subarray(STREAM_PART_BYTES);
          pending = [rest];
          pendingBytes = rest.length;
        }
      }
      const last = Buffer.concat(pending);
      if (uploadId === undefined) {
        await this.putBuffer(key, last, contentType);
        return;
      }
      if (last.length > 0) await uploadPart(last);
      await this.completeMultipartUpload(key, uploadId, parts);
    } catch (error) {
      if (uploadId !== undefined) {
        // Unfinished parts are billed until aborted; the original error matters more.
        await this.abortMultipartUpload(key, uploadId).catch(() => undefined);
      }
      throw error;
    }
  }

  /** Runs an SDK call, turning the S3 errors callers can act on into `StorageError`. */
  private async send<T>(call: () => Promise<T>, key: string): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw toStorageError(error, key);
    }
  }
}

function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = error.$metadata as { httpStatusCode?: number } | undefined;
  return metadata?.httpStatusCode;
}

function toStorageError(error: unknown, key: string): unknown {
  if (!(error instanceof Error)) return error;
  const status = httpStatusOf(error);
  switch (error.name) {
    case 'NoSuchBucket':
      // A configuration error, not a missing object: let it surface as a 5xx.
      return error;
    case 'NoSuchKey':
    case 'NotFound':
      return new StorageError('NOT_FOUND', `No object at ${JSON.stringify(key)}`, {
        cause: error,
      });
    case 'NoSuchUpload':
      return new StorageError('NO_SUCH_UPLOAD', error.message, { cause: error });
    case 'InvalidPart':
    case 'InvalidPartOrder':
    case 'EntityTooSmall':
      return new StorageError('INVALID_PART', error.message, { cause: error });
    case 'InvalidRange':
      return new StorageError('RANGE_NOT_SATISFIABLE', error.message, { cause: error });
    case 'EntityTooLarge':
      return new StorageError('TOO_LARGE', error.message, { cause: error });
  }
  // HEAD answers carry no body, so the SDK can only report the status.
  if (status === 404) {
    return new StorageError('NOT_FOUND', `No object at ${JSON.stringify(key)}`, { cause: error });
  }
  if (status === 416) {
    return new StorageError('RANGE_NOT_SATISFIABLE', error.message, { cause: error });
  }
  return error;
}
