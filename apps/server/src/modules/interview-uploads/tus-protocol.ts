import path from 'node:path';
import type { ErrorKey } from '@candid/domain';
import { FileStore } from '@tus/file-store';
import { Metadata, TUS_RESUMABLE } from '@tus/server';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { AppError } from '../../lib/app-error';
import { DurableS3Store } from './durable-s3-store';

/**
 * The tus protocol's edges, apart from the routes: which store holds uploads, the header checks
 * made before tus sees a request, and tus errors in the API's error form (docs/uploads.md).
 */

/** An unfinished upload untouched for this long is removed by the expiration sweep. */
export const TUS_EXPIRATION_MS = 24 * 60 * 60 * 1000;
/** S3's smallest part but the last, and its most parts in one multipart upload. */
const S3_MIN_PART_BYTES = 5 * 1024 * 1024;
const S3_MAX_PARTS = 10_000;
export type TusStore = FileStore | DurableS3Store;

/** Whether the tus store answered that an upload does not exist (any more): 404 or 410. */
export function isGoneUpload(error: unknown): boolean {
  const status = (error as { status_code?: unknown } | null)?.status_code;
  return status === 404 || status === 410;
}

/** The tus error the server answers with: the API's one error body `{ status, key, message }`. */
export function tusError(error: AppError): { status_code: number; body: string } {
  return {
    status_code: error.status,
    body: JSON.stringify({ status: error.status, key: error.key, message: error.message }),
  };
}

/** Headers tus 1.0 requires to be a non-negative integer. */
const INTEGER_HEADERS = ['upload-offset', 'upload-length'] as const;

/**
 * The tus server's own header checks, made here first so that they answer in the API's form
 * rather than tus's plain text (docs/uploads.md, "Errors"). Null when the request may go on.
 */
export function checkTusHeaders(request: FastifyRequest): AppError | null {
  const { method } = request;
  if (method === 'OPTIONS' || method === 'GET') return null;
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  if (header('tus-resumable') !== TUS_RESUMABLE) return new AppError('UPLOAD_PROTOCOL_ERR');
  const invalid = (name: string, why: string) =>
    new AppError('VALIDATION_ERR', { message: `Invalid ${name}: ${why}` });
  for (const name of INTEGER_HEADERS) {
    const value = header(name);
    if (value !== undefined && !/^(0|[1-9][0-9]{0,15})$/.test(value)) {
      return invalid(name, 'it must be a non-negative integer');
    }
  }
  const deferLength = header('upload-defer-length');
  if (deferLength !== undefined && deferLength !== '1') {
    return invalid('upload-defer-length', 'its only value is 1');
  }
  const metadata = header('upload-metadata');
  if (metadata !== undefined) {
    try {
      Metadata.parse(metadata);
    } catch {
      return invalid('upload-metadata', 'comma-separated "key base64value" pairs, keys unique');
    }
  }
  if (header('upload-concat') !== undefined) {
    return new AppError('VALIDATION_ERR', {
      message: 'Upload-Concat is not supported: send the recording as one upload',
    });
  }
  if (method === 'PATCH') {
    if (header('content-type') !== 'application/offset+octet-stream') {
      return new AppError('UNSUPPORTED_MEDIA_TYPE_ERR', {
        message: 'Invalid content-type: a PATCH body is application/offset+octet-stream',
      });
    }
    if (header('upload-offset') === undefined) {
      return new AppError('VALIDATION_ERR', { message: 'Upload-Offset is required' });
    }
  }
  return null;
}

/** The key of a status tus itself answers with (offset conflicts, sizes, missing uploads). */
export function keyOfStatus(status: number): ErrorKey {
  if (status === 401) return 'LOGIN_REQUIRED_ERR';
  if (status === 403) return 'FORBIDDEN_ERR';
  if (status === 404 || status === 410) return 'NOT_FOUND_ERR';
  if (status === 409) return 'UPLOAD_OFFSET_CONFLICT_ERR';
  if (status === 413) return 'PAYLOAD_TOO_LARGE_ERR';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE_ERR';
  if (status >= 500) return 'INTERNAL_ERR';
  return 'VALIDATION_ERR';
}

/**
 * The tus store: files under DATA_DIR for one process, or the bucket (state kept only there,
 * safe against a process dying mid-PATCH: docs/uploads.md).
 */
export function createStore(config: AppConfig): TusStore {
  if (config.storage.driver === 's3') {
    const { bucket, region, endpoint, accessKeyId, secretAccessKey, forcePathStyle } =
      config.storage;
    return new DurableS3Store({
      // Every PATCH rewrites the pending part until it fills one: the smallest part S3 takes
      // keeps that short, unless the largest recording would need more parts than S3 allows.
      partSize: Math.max(S3_MIN_PART_BYTES, Math.ceil(config.recordingMaxBytes / S3_MAX_PARTS)),
      expirationPeriodInMilliseconds: TUS_EXPIRATION_MS,
      // Expiry is swept by the server itself (deleteExpired), not by bucket lifecycle tags.
      useTags: false,
      s3ClientConfig: {
        bucket,
        region,
        endpoint,
        forcePathStyle,
        ...(accessKeyId && secretAccessKey
          ? { credentials: { accessKeyId, secretAccessKey } }
          : {}),
      },
    });
  }
  return new FileStore({
    directory: path.join(config.dataDir, 'tus'),
    expirationPeriodInMilliseconds: TUS_EXPIRATION_MS,
  });
}
