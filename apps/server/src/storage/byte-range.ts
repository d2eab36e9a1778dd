import { StorageError } from './storage-error';

/**
 * A single byte range of an object: `{ start, end? }` (inclusive, `end` defaults to the last
 * byte) or `{ suffixLength }` for the last n bytes, as in HTTP's `bytes=a-b`, `a-` and `-n`.
 */
export type ByteRange = { start: number; end?: number } | { suffixLength: number };

/** A range resolved against an object's size: both ends inclusive and inside the object. */
export interface ResolvedByteRange {
  start: number;
  end: number;
}

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Parses an HTTP `Range` header. Returns `undefined` when there is no header, when it is
 * malformed or when it asks for several ranges: RFC 9110 §14.2 lets a server ignore such a
 * header and send the whole object, which is what players handle best.
 */
export function parseRangeHeader(header: string | undefined): ByteRange | undefined {
  if (header === undefined) return undefined;
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') return { suffixLength: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  if (end < start) return undefined;
  return { start, end };
}

/**
 * Clamps `range` to an object of `size` bytes, throwing `RANGE_NOT_SATISFIABLE` when no byte
 * of the object falls inside it (which includes every range of an empty object).
 */
export function resolveByteRange(range: ByteRange, size: number): ResolvedByteRange {
  if ('suffixLength' in range) {
    if (range.suffixLength <= 0 || size === 0) throw notSatisfiable(size);
    return { start: Math.max(0, size - range.suffixLength), end: size - 1 };
  }
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0 || start >= size) throw notSatisfiable(size);
  if (end !== undefined && (!Number.isSafeInteger(end) || end < start)) {
    throw notSatisfiable(size);
  }
  return { start, end: Math.min(end ?? size - 1, size - 1) };
}

/** Formats the value of a `Content-Range` header for a resolved range. */
export function formatContentRange(range: ResolvedByteRange, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`;
}

/** Formats `range` as an HTTP `Range` header value (what S3's GetObject expects). */
export function formatRangeHeader(range: ByteRange): string {
  if ('suffixLength' in range) return `bytes=-${range.suffixLength}`;
  return `bytes=${range.start}-${range.end ?? ''}`;
}

function notSatisfiable(size: number): StorageError {
  return new StorageError('RANGE_NOT_SATISFIABLE', `Range not satisfiable for ${size} bytes`);
}
