import { LIST_COUNT_CAP } from '@candid/domain';
import { count, sql, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../lib/app-error';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from './types';
import * as schema from './schema';

/**
 * List and count queries (the overviews) run under a statement timeout on PostgreSQL, so one
 * slow query cannot hold a pooled connection for long: openDatabase registers the timeout of
 * each PostgreSQL database here. PGlite runs in the process, one query at a time, with no
 * connection to hold, so it has none.
 */
const listTimeouts = new WeakMap<object, number>();

export function registerListStatementTimeout(db: Db, timeoutMs: number): void {
  listTimeouts.set(db, Math.round(timeoutMs));
}

/** PostgreSQL's query_canceled, which a statement timeout raises (drizzle wraps it in `cause`). */
function isStatementTimeout(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '57014') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs a list's queries in one read-only transaction with `SET LOCAL statement_timeout`; a
 * timeout answers 503 QUERY_TIMEOUT_ERR (a clean error, not a 500). The transaction opens and
 * sets its timeout in one round trip (`begin read only; set local …` as one simple query) on a
 * pooled connection of its own, so a list costs its own statements plus one for the commit.
 */
export async function readList<T>(db: Db, run: (db: Db) => Promise<T>): Promise<T> {
  const timeoutMs = listTimeouts.get(db);
  if (timeoutMs === undefined) return run(db);
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(`begin read only; set local statement_timeout = ${timeoutMs}`);
    const listDb = drizzlePg(client, { schema }) as unknown as Db;
    listClients.set(listDb, client);
    const result = await run(listDb);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    if (isStatementTimeout(error)) throw new AppError('QUERY_TIMEOUT_ERR');
    throw error;
  } finally {
    client.release(broken);
  }
}

/** The pooled connection behind the Db that readList hands its callback (PostgreSQL only). */
const listClients = new WeakMap<object, pg.PoolClient>();
const dialect = new PgDialect();

/**
 * Runs one list statement and returns its rows. Inside readList on PostgreSQL it is a named
 * prepared statement (the name is a hash of its text, so each filter shape is parsed and
 * planned once per connection and then runs on PostgreSQL's cached plan): planning a list
 * statement, with the applicants table's dozen indexes to weigh, costs more than running it.
 * Elsewhere (PGlite, or outside readList) a plain `execute`.
 */
export async function runListStatement<Row>(db: Db, statement: SQL): Promise<Row[]> {
  const client = listClients.get(db);
  if (!client) {
    const result = (await db.execute(statement)) as unknown as { rows: Row[] };
    return result.rows;
  }
  const query = dialect.sqlToQuery(statement);
  const name = `list_${createHash('sha1').update(query.sql).digest('base64url').slice(0, 20)}`;
  const result = await client.query({ name, text: query.sql, values: query.params as unknown[] });
  return result.rows as Row[];
}

export interface CappedCount {
  value: number;
  /** More rows match than LIST_COUNT_CAP; `value` is the cap. */
  capped: boolean;
}

/**
 * `count(*)` that stops after LIST_COUNT_CAP + 1 rows, so its cost is bounded whatever the
 * table size (on the list indexes an index-only scan of at most that many entries).
 */
export async function cappedCount(db: Db, table: PgTable, where: SQL): Promise<CappedCount> {
  const limited = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(LIST_COUNT_CAP + 1)
    .as('limited');
  const [row] = await db.select({ value: count() }).from(limited);
  const total = Number(row?.value ?? 0);
  return total > LIST_COUNT_CAP
    ? { value: LIST_COUNT_CAP, capped: true }
    : { value: total, capped: false };
}

/** `%text%` for ILIKE with the user's `%`, `_` and `\` taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
