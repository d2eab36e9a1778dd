type QueryScalar = string | number | boolean | Date;

/** A query parameter: null and undefined are dropped, arrays become repeated keys. */
export type QueryParamValue =
  QueryScalar | null | undefined | readonly (QueryScalar | null | undefined)[];
export type QueryParams = Record<string, QueryParamValue>;

function formatScalar(value: QueryScalar): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/**
 * Serialises list filters for the query string: null and undefined values are
 * dropped, arrays are written as repeated keys (`statuses=1&statuses=3`), dates as ISO strings.
 * Returns the string without the leading `?` (empty when nothing remains).
 */
export function buildQueryString(params: QueryParams | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as readonly (QueryScalar | null | undefined)[]) {
      if (item !== null && item !== undefined) search.append(key, formatScalar(item));
    }
  }
  return search.toString();
}
