import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, resolveMigrationsFolder, type DatabaseHandle } from '../src/db/client';

export type TestDbKind = 'pglite' | 'postgres';

/**
 * The engines a test file runs on. PGlite, the default engine, always. PostgreSQL as well, when
 * TEST_DATABASE_URL is set (CI sets it), for the files that pass `'both'`: those testing what can
 * differ between the two (query plans, triggers, row locks and queues, several connections or
 * processes on one database, the seed, the interview's uploads). The other files test routes and
 * rules whose SQL runs on the same engine either way; running each of them twice doubled the
 * suite's database time. `TEST_ALL_ENGINES=1` runs every file on both (docs/testing.md).
 */
export function testDbKinds(engines: 'pglite' | 'both' = 'pglite'): TestDbKind[] {
  if (!process.env.TEST_DATABASE_URL) return ['pglite'];
  return engines === 'both' || process.env.TEST_ALL_ENGINES === '1'
    ? ['pglite', 'postgres']
    : ['pglite'];
}

/** A digest of every migration, so a template made from older migrations is never reused. */
function migrationsDigest(): string {
  const folder = resolveMigrationsFolder();
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(folder, 'meta/_journal.json')));
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    hash.update(file);
    hash.update(readFileSync(path.join(folder, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * Migrating a database takes seconds (PGlite: 2.5–4 s on two cores), and every test file makes
 * its own: so the migrations run once per worker into an in-memory PGlite, and each test database
 * starts from its dump (the migrator then finds nothing to do).
 */
let pgliteTemplate: Promise<Blob> | null = null;

function getPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const handle = await openDatabase({ driver: 'pglite', dataDir: null });
    try {
      if (!handle.dump) throw new Error('PGlite handle without dump');
      return await handle.dump();
    } finally {
      await handle.close();
    }
  })();
  return pgliteTemplate;
}

const TEMPLATE_PREFIX = 'candid_test_template_';
/** Serialises template creation between the worker processes of one run (and parallel runs). */
const TEMPLATE_LOCK_KEY = 0x43_41_4e_44;

/** A template of other migrations is dropped once it is this old (another checkout may use it). */
const STALE_TEMPLATE_MS = 6 * 60 * 60 * 1000;

/**
 * The PostgreSQL template for the current migrations: made once (under an advisory lock, since
 * test files run in parallel processes) and kept between runs. Templates of other migrations are
 * dropped only when hours old: a run in another checkout (another branch's migrations) may be
 * copying its own at this moment, and dropping it would fail that run.
 */
async function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationsDigest()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const existing = await admin.query<{ datname: string; made: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as made
         from pg_database where datname like $1`,
      [`${TEMPLATE_PREFIX}%`],
    );
    if (!existing.rows.some((row) => row.datname === name)) {
      for (const stale of existing.rows) {
        const madeAt = Number(stale.made);
        if (Number.isFinite(madeAt) && Date.now() - madeAt < STALE_TEMPLATE_MS) continue;
        await admin
          .query(`drop database if exists ${stale.datname} with (force)`)
          .catch(() => undefined);
      }
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const handle = await openDatabase({ driver: 'postgres', url: url.toString() });
      await handle.close();
      // Renamed only once complete, so an interrupted run never leaves a half-migrated template.
      await admin.query(`alter database ${building} rename to ${name}`);
      await admin.query(`comment on database ${name} is '${Date.now()}'`);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
}

let postgresTemplate: Promise<string> | null = null;

/**
 * A fresh, fully migrated database: in-memory PGlite, or a new PostgreSQL database created
 * next to TEST_DATABASE_URL and dropped again on close, so test files never share state.
 */
export async function createTestDatabase(
  kind: TestDbKind,
): Promise<DatabaseHandle & { url?: string }> {
  if (kind === 'pglite') {
    return openDatabase({ driver: 'pglite', dataDir: null }, await getPgliteTemplate());
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `candid_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    postgresTemplate ??= ensurePostgresTemplate(adminUrl);
    await admin.query(`create database ${name} template ${await postgresTemplate}`);
  } catch (error) {
    // A run on other migrations (another checkout) replaced the template meanwhile: make ours
    // again. 3D000: the template no longer exists; 55006: it is being copied or dropped.
    const code = (error as { code?: string }).code;
    if (code !== '3D000' && code !== '55006') throw error;
    postgresTemplate = ensurePostgresTemplate(adminUrl);
    await admin.query(`create database ${name} template ${await postgresTemplate}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ driver: 'postgres', url: url.toString() });
  return {
    ...handle,
    // Another process (a server under test) may open the same database.
    url: url.toString(),
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * Two handles on one fresh database, as two API processes have: two connections to the same
 * PostgreSQL database, or one in-memory PGlite (a process cannot open it twice) whose second
 * handle leaves the closing to the first. Close the second before the first.
 */
export async function createSharedTestDatabase(
  kind: TestDbKind,
): Promise<[DatabaseHandle, DatabaseHandle]> {
  const first = await createTestDatabase(kind);
  if (!first.url) return [first, { ...first, close: async () => undefined }];
  return [first, await openDatabase({ driver: 'postgres', url: first.url })];
}
