/** PostgreSQL SQLSTATE of a unique-constraint violation. */
const UNIQUE_VIOLATION = '23505';

function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('code' in error && typeof error.code === 'string') return error.code;
  // Drizzle wraps driver errors (pg and PGlite alike) and keeps the original as the cause.
  return 'cause' in error ? sqlState(error.cause) : undefined;
}

/** True when a query failed on a unique index (e.g. a concurrent signup with the same email). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === UNIQUE_VIOLATION;
}
