import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, resolveMigrationsFolder } from '../src/db/client';

/**
 * Several API processes started together on an empty database each migrate at start; the
 * advisory lock in openDatabase lets one apply the schema while the others wait and then find
 * nothing to do.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('PostgreSQL migrations', () => {
  it('apply once when several processes start together on an empty database', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `candid_migrate_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.allSettled(
        Array.from({ length: 4 }, () =>
          openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 2 }),
        ),
      );
      const failures = opened.flatMap((result) =>
        result.status === 'rejected' ? [String(result.reason)] : [],
      );
      await Promise.all(
        opened.map((result) => (result.status === 'fulfilled' ? result.value.close() : null)),
      );
      expect(failures).toEqual([]);

      const journal = JSON.parse(
        readFileSync(path.join(resolveMigrationsFolder(), 'meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      try {
        const applied = await check.query<{ count: string }>(
          'select count(*) from drizzle.__drizzle_migrations',
        );
        expect(Number(applied.rows[0]!.count)).toBe(journal.entries.length);
        const tables = await check.query<{ count: string }>(
          `select count(*) from pg_tables where schemaname = 'public' and tablename = 'users'`,
        );
        expect(Number(tables.rows[0]!.count)).toBe(1);
      } finally {
        await check.end();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
