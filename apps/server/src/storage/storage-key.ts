import { StorageError } from './storage-error';

/** S3's own limit on a key, in UTF-8 bytes. */
export const MAX_KEY_BYTES = 1024;

// C0 controls and DEL: they break logs, HTTP headers and some file systems.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Throws `INVALID_KEY` unless `key` is a safe relative object key such as
 * `jobId/applicantId-jobId-questId-face.webm`.
 *
 * The local adapter maps keys onto the file system, so anything that could climb out of the
 * storage root (`..`, a leading `/`, backslashes on Windows-style paths) or produce surprising
 * file names (empty segments, control characters) is refused for both adapters alike: a key
 * that works in development then also works against S3 and vice versa.
 */
export function assertValidKey(key: string): void {
  const reason = findKeyProblem(key);
  if (reason !== undefined) {
    throw new StorageError('INVALID_KEY', `Invalid storage key ${JSON.stringify(key)}: ${reason}`);
  }
}

function findKeyProblem(key: string): string | undefined {
  if (typeof key !== 'string' || key.length === 0) return 'empty';
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return `longer than ${MAX_KEY_BYTES} bytes`;
  if (key.startsWith('/')) return 'starts with "/"';
  if (key.endsWith('/')) return 'ends with "/"';
  if (key.includes('\\')) return 'contains a backslash';
  if (key.includes('..')) return 'contains ".."';
  if (CONTROL_CHARACTERS.test(key)) return 'contains a control character';
  if (key.split('/').some((segment) => segment === '' || segment === '.')) {
    return 'contains an empty or "." segment';
  }
  return undefined;
}
