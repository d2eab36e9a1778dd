import type { Readable } from 'node:stream';
import type { ByteRange } from './byte-range';

/**
 * The storage interface: what every adapter implements and every caller uses. Kept apart from
 * the factory (storage.ts), which imports the adapters, so the adapters import only this file
 * and no import runs in a circle.
 */

/** Options of the local-disk adapter (the embedded default). */
export interface LocalStorageOptions {
  driver: 'local';
  /** Folder that holds `objects/`, `meta/`, `multipart/` and `tmp/`; created when missing. */
  rootDir: string;
  /**
   * What signed links start with. Unset (the server's choice): nothing, so links are
   * same-origin paths (`/api/storage/object/…`) that work under whatever host name the app was
   * opened with; PUBLIC_URL's host would be another origin to the Content-Security-Policy when
   * the app is reached through 127.0.0.1 or a LAN address. An origin makes them absolute (a
   * client outside a browser, e.g. a test fetching from Node).
   */
  publicBaseUrl?: string;
  /** HMAC key of signed URLs; every instance sharing `rootDir` must use the same one. */
  signingSecret: string;
  /** Clock in ms since the epoch, injectable so tests can expire URLs without sleeping. */
  now?: () => number;
}

/** Options of the S3 adapter (any S3-compatible service). */
export interface S3StorageOptions {
  driver: 's3';
  bucket: string;
  region: string;
  /** Set for S3-compatible services (MinIO, R2, …); unset means AWS. */
  endpoint?: string;
  /** Unset credentials fall back to the SDK's default chain (env, instance role, …). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (`endpoint/bucket/key`), needed by most self-hosted services. */
  forcePathStyle?: boolean;
  /** Clock in ms since the epoch used as the signing date of presigned URLs (tests). */
  now?: () => number;
}

export type StorageOptions = LocalStorageOptions | S3StorageOptions;

export interface SignPutOptions {
  /** Signed into the URL: the PUT must carry exactly this `Content-Type` or is refused. */
  contentType: string;
  expiresInSec: number;
}

export interface SignGetOptions {
  expiresInSec: number;
  /** When set, the response carries `Content-Disposition: attachment` with this file name. */
  downloadName?: string;
}

export interface UploadedPart {
  partNumber: number;
  /** As S3 reports it: the quoted MD5 hex of the part. */
  etag: string;
  size: number;
}

export interface CompletedPart {
  partNumber: number;
  /** The `ETag` header the part's PUT answered with, quoted or not. */
  etag: string;
}

export interface StoredObjectInfo {
  size: number;
  contentType: string;
}

export interface StoredObject {
  body: Readable;
  /** Size of the whole object, not of the range read. */
  size: number;
  /** Number of bytes `body` yields (equal to `size` unless a range was read). */
  contentLength: number;
  contentType: string;
  /** `bytes a-b/size` when a range was read. */
  contentRange?: string;
}

export interface StorageHealth {
  ok: boolean;
  driver: 'local' | 's3';
  detail?: string;
}

/**
 * Object storage behind one contract, so routes never know whether bytes sit on the local
 * disk or in a bucket. Browsers upload and download straight through signed URLs; the server
 * only signs, lists, completes and occasionally streams itself.
 *
 * Every method validates the key first (see {@link assertValidKey}) and throws `StorageError`
 * for conditions a caller can act on.
 */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  /** URL for a browser `PUT` of a whole object with the given content type. */
  signPutUrl(key: string, options: SignPutOptions): Promise<string>;
  /** URL for a `GET` that honours HTTP `Range` (video seeking). */
  signGetUrl(key: string, options: SignGetOptions): Promise<string>;
  createMultipartUpload(
    key: string,
    options: { contentType: string },
  ): Promise<{ uploadId: string }>;
  /** URL for the `PUT` of one part; its response's `ETag` header goes back into complete. */
  signPartUrl(
    key: string,
    uploadId: string,
    partNumber: number,
    options: { expiresInSec: number },
  ): Promise<string>;
  listParts(key: string, uploadId: string): Promise<UploadedPart[]>;
  /** Joins `parts` (ascending, each ETag matching) into the object; returns its size. */
  completeMultipartUpload(
    key: string,
    uploadId: string,
    parts: CompletedPart[],
  ): Promise<{ size: number }>;
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
  putObject(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<void>;
  getObject(key: string, options?: { range?: ByteRange }): Promise<StoredObject>;
  headObject(key: string): Promise<StoredObjectInfo | null>;
  /** Deleting a missing object is not an error (as in S3). */
  deleteObject(key: string): Promise<void>;
  checkHealth(): Promise<StorageHealth>;
}
