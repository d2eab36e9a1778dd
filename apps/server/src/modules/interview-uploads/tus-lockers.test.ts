import { randomBytes } from 'node:crypto';
import { ERRORS, type Locker } from '@tus/server';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PgAdvisoryLocker, RedisLocker } from './tus-lockers';

/**
 * The upload locks shared by API processes, two lockers standing for two processes. Against
 * Redis (REDIS_URL) and PostgreSQL (TEST_DATABASE_URL); each is skipped without its service.
 */

interface LockerCase {
  name: string;
  /** Two lockers as two processes would have, the second with a short wait. */
  open: () => Promise<{ first: Locker; second: Locker; close: () => Promise<void> }>;
}

const cases: LockerCase[] = [];
const redisUrl = process.env.REDIS_URL;
const pgUrl = process.env.TEST_DATABASE_URL;
if (redisUrl) {
  cases.push({
    name: 'Redis',
    open: async () => {
      // A prefix of its own: other test runs may share this Redis.
      const prefix = `candid-test-tus-${randomBytes(4).toString('hex')}:`;
      const a = new Redis(redisUrl);
      const b = new Redis(redisUrl);
      return {
        first: new RedisLocker(a, prefix),
        second: new RedisLocker(b, prefix, 1_500),
        close: async () => {
          await a.quit();
          await b.quit();
        },
      };
    },
  });
}
if (pgUrl) {
  cases.push({
    name: 'PostgreSQL advisory',
    open: async () => {
      const first = new PgAdvisoryLocker(pgUrl, () => undefined);
      const second = new PgAdvisoryLocker(pgUrl, () => undefined, 1_500);
      return { first, second, close: async () => void (await first.close(), await second.close()) };
    },
  });
}
if (cases.length === 0) {
  console.warn(
    'neither REDIS_URL nor TEST_DATABASE_URL is set: the shared tus lock tests are skipped',
  );
}

const uploadId = () => randomBytes(16).toString('hex');

describe
  .skipIf(cases.length === 0)
  .each(
    cases.length > 0 ? cases : [{ name: 'no Redis and no PostgreSQL', open: async () => ({}) }],
  )('tus upload lock across processes ($name)', ({ open }) => {
  let first: Locker;
  let second: Locker;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ first, second, close } = (await open()) as Awaited<ReturnType<LockerCase['open']>>);
  });
  afterAll(async () => {
    await close?.();
  });

  it('a second process waits, asks the holder to let go, and gets the lock once it is free', async () => {
    const id = uploadId();
    const held = first.newLock(id);
    let released!: () => void;
    const asked = new Promise<void>((resolve) => {
      released = resolve;
    });
    await held.lock(new AbortController().signal, () => released());
    const waiting = second.newLock(id);
    let acquired = false;
    const waited = waiting
      .lock(new AbortController().signal, () => undefined)
      .then(() => {
        acquired = true;
      });
    // The holder is asked to let go; until it does, the other process does not get the lock.
    await asked;
    expect(acquired).toBe(false);
    await held.unlock();
    await waited;
    expect(acquired).toBe(true);
    await waiting.unlock();
  });

  it('a holder that never lets go makes the other process time out (answered 423)', async () => {
    const id = uploadId();
    const held = first.newLock(id);
    await held.lock(new AbortController().signal, () => undefined);
    await expect(
      second.newLock(id).lock(new AbortController().signal, () => undefined),
    ).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
    // Free again: the other process takes it at once.
    const next = second.newLock(id);
    await next.lock(new AbortController().signal, () => undefined);
    await next.unlock();
  });

  it('locks of different uploads do not wait for each other', async () => {
    const a = first.newLock(uploadId());
    const b = second.newLock(uploadId());
    await a.lock(new AbortController().signal, () => undefined);
    await b.lock(new AbortController().signal, () => undefined);
    await a.unlock();
    await b.unlock();
  });

  it('a request that goes away stops waiting', async () => {
    const id = uploadId();
    const held = first.newLock(id);
    await held.lock(new AbortController().signal, () => undefined);
    const gone = new AbortController();
    const waiting = second.newLock(id).lock(gone.signal, () => undefined);
    gone.abort();
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
  });
});

describe.skipIf(!pgUrl)('PostgreSQL advisory locks when the lock session dies', () => {
  it('every holder is told to let go and the lock is free for the other processes', async () => {
    const dying = new PgAdvisoryLocker(pgUrl!, () => undefined);
    const other = new PgAdvisoryLocker(pgUrl!, () => undefined, 5_000);
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      const id = uploadId();
      const release = vi.fn();
      await dying.newLock(id).lock(new AbortController().signal, release);
      // An administrator's terminate, a failover: the session and its locks are gone.
      await admin.query(
        `select pg_terminate_backend(pid) from pg_locks
          where locktype = 'advisory' and classid = $1 and objsubid = 2 and granted
            and objid = (hashtext($2)::bigint & 4294967295)::oid`,
        [0x7475, id],
      );
      await vi.waitFor(() => expect(release).toHaveBeenCalled(), { timeout: 5_000 });
      const taken = other.newLock(id);
      await taken.lock(new AbortController().signal, () => undefined);
      await taken.unlock();
    } finally {
      await admin.end();
      await dying.close();
      await other.close();
    }
  });
});
