/** Machine codes of {@link StorageError}; callers map them to HTTP answers. */
export type StorageErrorCode =
  | 'NOT_FOUND'
  | 'INVALID_KEY'
  | 'INVALID_SIGNATURE'
  | 'EXPIRED'
  | 'INVALID_PART'
  | 'NO_SUCH_UPLOAD'
  | 'RANGE_NOT_SATISFIABLE'
  | 'TOO_LARGE';

/**
 * The one error type both storage adapters throw for conditions a caller can act on, so that
 * routes switch on `code` instead of on driver-specific errors (S3 exception names, errno).
 * Anything else (disk full, network down) is thrown as is and becomes a 5xx.
 */
export class StorageError extends Error {
  override readonly name = 'StorageError';

  constructor(
    readonly code: StorageErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Whether `error` is a {@link StorageError}, optionally with the given code. */
export function isStorageError(error: unknown, code?: StorageErrorCode): error is StorageError {
  return error instanceof StorageError && (code === undefined || error.code === code);
}
