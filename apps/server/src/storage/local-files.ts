import { readFile } from 'node:fs/promises';
import { StorageError } from './storage-error';

/** The local store's file helpers: JSON sidecars and the errors a missing file becomes. */
export async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : undefined;
}

/** ENOTDIR too: `a/b` is missing when `a` is an object rather than a folder. */
export function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function notFound(key: string, cause?: unknown): StorageError {
  return new StorageError('NOT_FOUND', `No object at ${JSON.stringify(key)}`, { cause });
}

export function noSuchUpload(uploadId: string, cause?: unknown): StorageError {
  return new StorageError('NO_SUCH_UPLOAD', `No multipart upload ${JSON.stringify(uploadId)}`, {
    cause,
  });
}
