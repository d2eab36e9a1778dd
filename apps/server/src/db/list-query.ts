import { LIST_COUNT_CAP } from '@candid/domain';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { PgDialect, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../lib/app-error';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from './types';
import * as schema from './schema';

/**
 * List and count queries (the overviews) run on PostgreSQL on a pool of their own whose
 * connections carry a `statement_timeout` and are read-only (both set when the connection
 * opens, so a list costs its own statements and no `begin`/`set`/`commit` round trips): one
 * slow list cannot hold a connection for long, and a timeout answers 503 QUERY_TIMEOUT_ERR.
 * openDatabase registers that pool here. PGlite runs in the process, one query at a time, with
 * no connection to hold, so it has neither.
 */
interface ListDatabase {
  db: Db;
  pool: pg.Pool;
}
/** The main Db → its list database; the list Db → its pool (for named statements). */
const listDatabases = new WeakMap<object, ListDatabase>();
const listPools = new WeakMap<object, pg.Pool>();

/**
 * The connection settings of the list pool (PostgreSQL startup parameters): the timeout,
 * read-only, and no sequential scans, so the planner takes the index plans that
 * test/list-plans.test.ts checks (it once took a capped search count for an early-stopping
 * sequential scan of 18,000 rows where the trigram index reads 1,001). No parallel workers and
 * no JIT: a list statement runs in milliseconds, and a search's statement holds branches that
 * a one-time filter skips; PostgreSQL planned one of them as a Gather Merge, whose workers
 * started (5 ms) before the filter said the branch was not needed, and the costs of skipped
 * branches can pass jit_above_cost, whose compilation takes longer than the statement.
 * Named list statements run on their generic plan from the first run (they are written for
 * it: see planConstant); left to choose, PostgreSQL kept planning a search again on every run
 * (about 1 ms) whenever the word made its custom plan look cheaper than the generic one.
 */
export function listPoolOptions(timeoutMs: number): pg.PoolConfig {
  return {
    statement_timeout: Math.round(timeoutMs),
    options:
      '-c default_transaction_read_only=on -c enable_seqscan=off' +
      ' -c max_parallel_workers_per_gather=0 -c jit=off -c plan_cache_mode=force_generic_plan',
  };
}

export function registerListDatabase(db: Db, pool: pg.Pool): void {
  const listDb = drizzlePg(pool, { schema }) as unknown as Db;
  listDatabases.set(db, { db: listDb, pool });
  listPools.set(listDb, pool);
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
 * Runs a list's queries on the list pool (PostgreSQL) or on `db` itself (PGlite); a statement
 * timeout answers 503 QUERY_TIMEOUT_ERR (a clean error, not a 500).
 */
export async function readList<T>(db: Db, run: (db: Db) => Promise<T>): Promise<T> {
  const list = listDatabases.get(db);
  if (!list) return run(db);
  try {
    return await run(list.db);
  } catch (error) {
    if (isStatementTimeout(error)) throw new AppError('QUERY_TIMEOUT_ERR');
    throw error;
  }
}

const dialect = new PgDialect();
/** Statement text → its name, so the hash is computed once per filter shape. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `list_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    if (statementNames.size > 10_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

export interface ListStatementOptions {
  /**
   * Plan the statement for its values every time (an unnamed statement) instead of keeping a
   * generic plan: the job and template searches, whose best plan depends on how common the
   * searched text is (a trigram bitmap for a rare one, the list index for a common one). The
   * applicant search decides that itself (it walks the newest list entries first, see
   * matchesCtes in review.query), so it keeps one generic plan like the other lists.
   */
  planEachTime?: boolean;
}

/**
 * Runs one list statement and returns its rows. On the list pool (PostgreSQL) it is a named
 * prepared statement (the name is a hash of its text, so each filter shape is parsed and
 * planned once per connection and then runs on PostgreSQL's cached plan): planning a list
 * statement, with the applicants table's dozen indexes to weigh, costs more than running it.
 * Elsewhere (PGlite, or outside readList) a plain `execute`.
 */
export async function runListStatement<Row>(
  db: Db,
  statement: SQL,
  options: ListStatementOptions = {},
): Promise<Row[]> {
  const pool = listPools.get(db);
  if (!pool || options.planEachTime) {
    const result = (await db.execute(statement)) as unknown as { rows: Row[] };
    return result.rows;
  }
  const query = dialect.sqlToQuery(statement);
  const result = await pool.query({
    name: statementName(query.sql),
    text: query.sql,
    values: query.params as unknown[],
  });
  return result.rows as Row[];
}

/**
 * A fragment without parameters (column lists, joins, ORDER BY), rendered to text once: drizzle
 * spends longer assembling a list statement from its column objects on every request than
 * PostgreSQL spends running it. Throws when the fragment carries a parameter.
 */
export function renderOnce(fragment: SQL): SQL {
  const query = dialect.sqlToQuery(fragment);
  if (query.params.length > 0) throw new Error('renderOnce: the fragment has parameters');
  return sql.raw(query.sql);
}

/**
 * A whole number a list statement's plan depends on (a LIMIT, a count's cap, an OFFSET of 0),
 * written into the statement's text instead of sent as a parameter. PostgreSQL plans a named
 * statement for its values five times, then keeps a generic plan (no planning, 0.6 ms less per
 * list at 1 M) when that plan is estimated no dearer; a generic plan with `limit $2` assumes a
 * tenth of the table is wanted and reads all of it, so PostgreSQL rightly never keeps it. Only
 * numbers the server chose or validated reach here; anything else throws.
 */
export function planConstant(value: number): SQL {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`planConstant: not a whole number: ${value}`);
  }
  return sql.raw(String(value));
}

/**
 * A text a statement's plan depends on (a search's LIKE pattern), written into the statement as
 * a string literal. The list pool forces generic plans (listPoolOptions), and PostgreSQL applies
 * that to unnamed statements as well: a parameter's value is then never seen by the planner, so a
 * search was planned as if every word matched the same share of the table (the account search
 * walked all 100,000 users for one match: 58 ms against 0.8 ms planned for the word). As a
 * literal, the statement's one plan is made for its text. An escape string (`E'…'`) with every
 * backslash and quote doubled reads back exactly, whatever standard_conforming_strings is; a
 * NUL, which no stored text can hold and the protocol cannot carry, is dropped.
 */
export function planText(value: string): SQL {
  const escaped = value.replace(/\0/g, '').replace(/\\/g, '\\\\').replace(/'/g, "''");
  return sql.raw(`E'${escaped}'`);
}

/** A search's LIKE pattern (likePattern) written into the statement, planned for it (planText). */
export function searchPattern(txt: string): SQL {
  return planText(likePattern(txt));
}

/**
 * OFFSET of a numbered page: 0 (page 1, and every keyset page) in the statement's text, so its
 * generic plan is kept; a parameter deeper, where the plan depends on the value (PostgreSQL
 * plans each execution for its offset, which costs little next to skipping the rows) and every
 * page number does not make a statement of its own on each connection.
 */
export function planOffset(skip: number): SQL {
  return skip === 0 ? planConstant(0) : sql`${skip}`;
}

/** How long a filter whose count reached the cap is taken to be still past it. */
export const CAPPED_COUNT_TTL_MS = 30_000;

/**
 * Filters whose count lately reached its cap, per organisation: counting them again reads
 * cap + 1 index entries (about 2 ms at 10,000) on every page for the same "10,000+". Each list
 * module keeps one and forgets an organisation's entries (a generation number) whenever a
 * change can take a count back under its cap; another server process sees such a change within
 * {@link CAPPED_COUNT_TTL_MS}.
 */
export class CappedCounts {
  private readonly known = new LRUCache<string, true>({ max: 20_000, ttl: CAPPED_COUNT_TTL_MS });
  private readonly generations = new Map<string, number>();

  /** The key of one organisation's filter (any JSON value that tells filters apart). */
  key(orgId: string, filter: unknown): string {
    return `${orgId}:${this.generations.get(orgId) ?? 0}:${JSON.stringify(filter)}`;
  }

  has(key: string): boolean {
    return this.known.has(key);
  }

  remember(key: string): void {
    this.known.set(key, true);
  }

  forget(orgId: string): void {
    this.generations.set(orgId, (this.generations.get(orgId) ?? 0) + 1);
  }
}

export interface CappedCount {
  value: number;
  /** More rows match than LIST_COUNT_CAP; `value` is the cap. */
  capped: boolean;
}

/**
 * `count(*)` that stops after `cap` + 1 rows (LIST_COUNT_CAP unless told), so its cost is
 * bounded whatever the table size (on the list indexes an index-only scan of at most that many
 * entries).
 */
export async function cappedCount(
  db: Db,
  table: PgTable,
  where: SQL,
  options: ListStatementOptions & { cap?: number } = {},
): Promise<CappedCount> {
  const cap = options.cap ?? LIST_COUNT_CAP;
  const [row] = await runListStatement<{ value: number }>(
    db,
    sql`select ${cappedCountSql(table, where, cap)} as "value"`,
    options,
  );
  return toCapped(Number(row?.value ?? 0), cap);
}

/**
 * The count behind cappedCount as a scalar subquery (to ride along in a list's statement):
 * `count(*)` of the rows of `where`, stopping after `cap` + 1.
 */
export function cappedCountSql(table: PgTable, where: SQL, cap: number): SQL<number> {
  return sql<number>`(select count(*) from (select 1 from ${table} where ${where}
    limit ${planConstant(cap + 1)}) as limited)::int`;
}

/** A count read up to `cap` + 1 rows, as a CappedCount. */
export function toCapped(value: number, cap = LIST_COUNT_CAP): CappedCount {
  return value > cap ? { value: cap, capped: true } : { value, capped: false };
}

/**
 * A timestamp column as ISO text in UTC with milliseconds (the form of `Date#toISOString`),
 * written by the database: a list statement's rows then read the same whichever driver or
 * path runs them (drizzle's own execute leaves timestamps as PostgreSQL text, pg's pool makes
 * them Dates), and the server has no date to convert. Null stays null.
 */
export function isoTime(column: SQL | AnyPgColumn): SQL<string | null> {
  return sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A timestamp as ISO text, whether read as a Date (drizzle) or as ISO text (isoTime). */
export function isoOrNull(value: Date | string | null): string | null {
  return value === null || typeof value === 'string' ? value : value.toISOString();
}

/**
 * The select list of a table's columns under their property names (`"createdAt"`), those in
 * `iso` as ISO text (isoTime), those in `omit` left out, rendered once: for a list statement
 * run by runListStatement, whose rows then need no mapping.
 */
export function listColumns(
  table: PgTable,
  options: { iso: readonly string[]; omit?: readonly string[] },
): SQL {
  const columns = Object.entries(getTableColumns(table))
    .filter(([key]) => !options.omit?.includes(key))
    .map(([key, column]) =>
      options.iso.includes(key)
        ? sql`${isoTime(column)} as ${sql.identifier(key)}`
        : sql`${column} as ${sql.identifier(key)}`,
    );
  return renderOnce(sql.join(columns, sql`, `));
}

/** `%text%` for ILIKE with the user's `%`, `_` and `\` taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
