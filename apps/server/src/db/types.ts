import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * The database types, apart from client.ts (which opens the database and imports list-query.ts)
 * so that list-query.ts can name them without importing client.ts back.
 */

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it (both share the pg-core query builder). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction handle, for services that take part in a caller's transaction. */
export type DbTx = Parameters<Parameters<Db['transaction']>[0]>[0];
