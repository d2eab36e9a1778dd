/**
 * Characters no store of ours can hold: PostgreSQL text refuses U+0000 ("invalid byte
 * sequence for encoding UTF8: 0x00"), and object keys and file names with it are refused by
 * file systems and S3 alike. Nothing a person types contains it, so it is refused outright
 * rather than silently stripped.
 */
// eslint-disable-next-line no-control-regex -- matching the control character is the point
export const UNSTORABLE_TEXT_PATTERN = /\u0000/u;

/** True when `text` can be stored as it is. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE_TEXT_PATTERN.test(text);
}

const MAX_DEPTH = 64;

/**
 * The path (`a.b.0`) of the first string in `value` (object keys included) that cannot be
 * stored, or null when every string can. Walks plain objects and arrays only; a value nested
 * deeper than any input of ours is reported at the depth where the walk stopped.
 */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return path;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    const itemPath = path === '' ? key : `${path}.${key}`;
    if (!isStorableText(key)) return itemPath;
    const found = findUnstorableText(item, itemPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
