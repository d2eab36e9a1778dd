import parseRange from 'range-parser';
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

/** What a `Range` header asks of an object of a known size. */
export type RangeRequest =
  { kind: 'whole' } | { kind: 'range'; range: ResolvedByteRange } | { kind: 'unsatisfiable' };

/**
 * Reads an HTTP `Range` header against an object of `size` bytes (RFC 9110 §14), parsed by
 * `range-parser` (Express's). No header, a unit other than `bytes`, or several ranges that do
 * not merge into one: the whole object (a server may ignore such a header, and players handle
 * a 200 best; multipart/byteranges is not served). A malformed `bytes` header or one with no
 * byte inside the object: `unsatisfiable`, which the route answers 416 with the standard body.
 */
export function readRangeHeader(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'whole' };
  const equals = header.indexOf('=');
  // RFC 9110 §14.2: a range unit the server does not know is ignored.
  if (equals !== -1 && header.slice(0, equals).trim().toLowerCase() !== 'bytes') {
    return { kind: 'whole' };
  }
  const parsed = parseRange(size, `bytes=${header.slice(equals + 1).trim()}`, { combine: true });
  if (parsed === -1 || parsed === -2) return { kind: 'unsatisfiable' };
  if (parsed.length !== 1) return { kind: 'whole' };
  const [range] = parsed;
  return { kind: 'range', range: { start: range!.start, end: range!.end } };
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
