import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';

/**
 * Statements a test app sends, recorded so a test can EXPLAIN them on their own (list-plans and
 * the admin lists' plan tests): recordPg (PostgreSQL: the driver's query method) or
 * recordPglite (the PGlite client), then `recorder.statements = []` around a request.
 */

export interface Statement {
  text: string;
  values: unknown[];
  /** The name of a named (prepared) statement. */
  name?: string;
}

/** The statements the app sends while `recorder.statements` is an array are pushed to it. */
export const recorder: { statements: Statement[] | null } = { statements: null };
const pgQuery = pg.Client.prototype.query;
/** Puts the driver's query method back (after recordPg). */
export function restorePg(): void {
  pg.Client.prototype.query = pgQuery;
}
export function recordPg(): void {
  pg.Client.prototype.query = function recorded(this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [unknown, unknown];
    if (recorder.statements) {
      if (typeof config === 'string') {
        recorder.statements.push({ text: config, values: Array.isArray(values) ? values : [] });
      } else if (config && typeof (config as { text?: unknown }).text === 'string') {
        const query = config as { text: string; values?: unknown[]; name?: string };
        recorder.statements.push({
          text: query.text,
          values: query.values ?? (Array.isArray(values) ? values : []),
          ...(query.name ? { name: query.name } : {}),
        });
      }
    }
    return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
}

export function recordPglite(client: {
  query: (text: string, params?: unknown[], options?: unknown) => Promise<unknown>;
}): void {
  const query = client.query.bind(client);
  client.query = (text, params, options) => {
    if (recorder.statements) recorder.statements.push({ text, values: params ?? [] });
    return query(text, params, options);
  };
}

/** A parameter as an SQL literal, so the statement can be EXPLAINed on its own. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) {
    const items = value.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`);
    return literal(`{${items.join(',')}}`);
  }
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

export function inline(statement: Statement): string {
  return statement.text.replace(/\$(\d+)/g, (_match, n: string) =>
    literal(statement.values[Number(n) - 1]),
  );
}

/** The reads (SELECT or WITH statements) a request sent, after checking it answered 200. */
export async function readsOf(
  send: () => Promise<{ statusCode: number; body: string }>,
  label: string,
): Promise<Statement[]> {
  recorder.statements = [];
  const response = await send();
  const statements = recorder.statements;
  recorder.statements = null;
  expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
  return statements.filter((statement) => /^\s*(select|with)\b/i.test(statement.text));
}

/** A statement's plan on its own (its values inlined), sequential scans switched off. */
export async function planOf(db: Db, statement: Statement): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql.raw(`explain ${inline(statement)}`))) as unknown as {
      rows: Record<string, string>[];
    };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

/** Records what `app` sends: the driver's query method on PostgreSQL, the client on PGlite. */
export function recordApp(app: { db: Db }, kind: string): void {
  if (kind === 'postgres') recordPg();
  else recordPglite((app.db as unknown as { $client: never }).$client);
}
