import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';

/**
 * A PostgreSQL restart or an administrator's terminate kills the pool's idle connections. The
 * pool reports that as an 'error' event, which crashes the process when nobody listens (here
 * Vitest would report it as an unhandled error and fail the run).
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('PostgreSQL pool', () => {
  it('survives its idle connections being terminated', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `candid_idle_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ driver: 'postgres', url: url.toString() });
    await handle.ping();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [name],
      );
      await expect
        .poll(() => warnings.some((w) => w.includes('idle connection closed')))
        .toBe(true);
      // The pool opens a fresh connection for the next query.
      await handle.ping();
    } finally {
      process.off('warning', onWarning);
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
