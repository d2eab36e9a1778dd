import { z } from 'zod';

/**
 * Schemas that read both typed values and query strings, so one filter schema serves the
 * web app's URL state and the server's querystring (`?incomplete=false`, `?statuses=1,3`
 * or `?statuses=1&statuses=3`).
 */

/** A boolean from `true`/`false`, `"true"`/`"false"`, `"1"`/`"0"`. */
export const queryBooleanSchema = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  return value;
}, z.boolean());

/** A number from a number or a numeric string. */
export const queryNumberSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.number(),
);

/** A list from an array, a comma-separated string or a single value; empty parts dropped. */
export function queryListSchema<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return [];
    const parts: unknown[] = Array.isArray(value) ? value : [value];
    return parts
      .flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]))
      .map((part) => (typeof part === 'string' ? part.trim() : part))
      .filter((part) => part !== '');
  }, z.array(item));
}

/** Search text: trimmed, empty when absent. */
export const searchTextSchema = z.string().trim().default('');

/** An optional text filter: trimmed, and dropped when empty. */
export const optionalQueryTextSchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));
