import { randomBytes } from 'node:crypto';
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * Per-upload locks shared by every API process (docs/uploads.md, "The upload lock"). @tus/server
 * takes an upload's lock for each HEAD, PATCH and DELETE; a request that finds it taken asks the
 * holder to let go (a client resuming means its earlier connection is dead) and waits for it.
 * Its own MemoryLocker does this inside one process only: two processes could write one upload
 * at once. These do it through Redis or PostgreSQL, across processes.
 */

/** How long a request waits for an upload's lock before answering 423 (tus: Locked). */
export const TUS_LOCK_ACQUIRE_TIMEOUT_MS = 30_000;
/** A Redis lock lives this long unless renewed: how long a killed process's lock outlasts it. */
const REDIS_LOCK_TTL_MS = 10_000;
/** How often a holder renews its Redis lock and looks for a release request. */
const REDIS_RENEW_INTERVAL_MS = 1_000;
/** How often a waiting request tries again. */
const RETRY_INTERVAL_MS = 100;
/** The advisory-lock class of upload locks (pg_try_advisory_lock(int, int)): "tu". */
const PG_LOCK_CLASS = 0x7475;
const PG_RELEASE_CHANNEL = 'candid_tus_release';

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** How often a waiting request asks the holder again to let go. */
const ASK_INTERVAL_MS = 1_000;

/**
 * Tries `attempt` until it succeeds, the request goes away or the wait times out (then tus's
 * lock timeout error, answered 423). `onBusy` asks the holder to let go: after the first
 * refusal and again every second, since a request that takes the lock meanwhile clears it.
 */
async function acquire(
  attempt: () => Promise<boolean>,
  onBusy: () => Promise<void>,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let nextAskAt = 0;
  for (;;) {
    if (await attempt()) return;
    if (Date.now() >= nextAskAt) {
      nextAskAt = Date.now() + ASK_INTERVAL_MS;
      // Asking is a courtesy: the lock is still waited for when it fails.
      await onBusy().catch(() => undefined);
    }
    if (signal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
    await sleep(RETRY_INTERVAL_MS, signal);
  }
}

// Deletes the lock only while it is still this holder's (its token), so a lock that expired and
// was taken by another process is never released by the first.
const RELEASE_SCRIPT = `
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0`;
// Extends the lock while it is this holder's; answers -1 when it was lost, 1 when another
// request asked for it (the release key), 0 otherwise.
const RENEW_SCRIPT = `
if redis.call('get', KEYS[1]) ~= ARGV[1] then return -1 end
redis.call('pexpire', KEYS[1], ARGV[2])
if redis.call('exists', KEYS[2]) == 1 then return 1 end
return 0`;

/**
 * Locks in Redis: `SET key token NX PX ttl`, renewed while held, released by a script that
 * checks the token. A waiter sets a short-lived release key; the holder sees it when it renews
 * and cancels its request (tus then ends it after draining what arrived).
 */
export class RedisLocker implements Locker {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly timeoutMs = TUS_LOCK_ACQUIRE_TIMEOUT_MS,
  ) {}

  newLock(id: string): Lock {
    const key = `${this.prefix}lock:${id}`;
    const releaseKey = `${this.prefix}release:${id}`;
    const token = randomBytes(16).toString('hex');
    const redis = this.redis;
    let renewal: NodeJS.Timeout | null = null;
    const timeoutMs = this.timeoutMs;
    return {
      async lock(signal: AbortSignal, requestRelease: RequestRelease) {
        await acquire(
          async () => (await redis.set(key, token, 'PX', REDIS_LOCK_TTL_MS, 'NX')) === 'OK',
          async () => void (await redis.set(releaseKey, '1', 'PX', REDIS_LOCK_TTL_MS)),
          signal,
          timeoutMs,
        );
        await redis.del(releaseKey);
        renewal = setInterval(() => {
          redis
            .eval(RENEW_SCRIPT, 2, key, releaseKey, token, String(REDIS_LOCK_TTL_MS))
            .then((state) => {
              // Lost (Redis restarted, or the process stalled past the ttl) or wanted: either
              // way this request stops writing.
              if (state !== 0) void requestRelease();
            })
            .catch(() => undefined);
        }, REDIS_RENEW_INTERVAL_MS);
        renewal.unref();
      },
      async unlock() {
        if (renewal) clearInterval(renewal);
        renewal = null;
        await redis.eval(RELEASE_SCRIPT, 1, key, token);
      },
    };
  }
}

/**
 * Locks as PostgreSQL session advisory locks, on one connection of this process held for the
 * purpose (a lock dies with its session, so a killed process frees its locks at once). One
 * session would take its own lock again, so the uploads this process holds are also kept in a
 * map. Release requests go out as NOTIFY to every process's session.
 */
export class PgAdvisoryLocker implements Locker {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly held = new Map<string, RequestRelease>();
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly onError: (error: Error) => void,
    private readonly timeoutMs = TUS_LOCK_ACQUIRE_TIMEOUT_MS,
  ) {}

  /** The lock session, opened on first use and again after it was lost. */
  private session(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('error', (error) => this.lose(client, error));
      client.on('end', () => this.lose(client, new Error('lock session ended')));
      client.on('notification', (message) => {
        const release = message.payload ? this.held.get(message.payload) : undefined;
        if (release) void release();
      });
      try {
        await client.connect();
        await client.query(`listen ${PG_RELEASE_CHANNEL}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  /** The session went away and its locks with it: every holder stops writing. */
  private lose(client: pg.Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    if (!this.closed) this.onError(error);
    for (const release of this.held.values()) void release();
    this.held.clear();
  }

  newLock(id: string): Lock {
    let owned: pg.Client | null = null;
    return {
      lock: async (signal: AbortSignal, requestRelease: RequestRelease) => {
        await acquire(
          async () => {
            if (this.held.has(id)) return false;
            const client = await this.session();
            // The map is claimed before the query so that two requests here cannot both try.
            this.held.set(id, requestRelease);
            try {
              const { rows } = await client.query<{ locked: boolean }>(
                'select pg_try_advisory_lock($1, hashtext($2)) as locked',
                [PG_LOCK_CLASS, id],
              );
              if (rows[0]?.locked) {
                owned = client;
                return true;
              }
            } catch {
              // A lost session: tried again on a new one.
            }
            this.held.delete(id);
            return false;
          },
          async () => {
            const local = this.held.get(id);
            if (local) {
              await local();
              return;
            }
            const client = await this.session();
            await client.query('select pg_notify($1, $2)', [PG_RELEASE_CHANNEL, id]);
          },
          signal,
          this.timeoutMs,
        );
      },
      unlock: async () => {
        if (this.held.get(id) === undefined || !owned) return;
        this.held.delete(id);
        const client = owned;
        owned = null;
        // A session lost meanwhile took the lock with it.
        if (client !== this.client) return;
        await client
          .query('select pg_advisory_unlock($1, hashtext($2))', [PG_LOCK_CLASS, id])
          .catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client ?? (await this.connecting?.catch(() => null)) ?? null;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

/** The locker of this deployment, and what closes it with the app. */
export function createTusLocker(
  config: { redisUrl?: string; database: { driver: string; url?: string } },
  onError: (error: Error) => void,
): { locker: Locker; close: () => Promise<void> } {
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
    // ioredis reconnects by itself; without a listener each failed attempt is an unhandled error.
    redis.on('error', onError);
    return {
      locker: new RedisLocker(redis, 'candid-tus:'),
      close: async () => void (await redis.quit().catch(() => undefined)),
    };
  }
  if (config.database.driver === 'postgres' && config.database.url) {
    const locker = new PgAdvisoryLocker(config.database.url, onError);
    return { locker, close: () => locker.close() };
  }
  // The embedded PGlite database serves one process: an in-process lock is shared enough.
  return {
    locker: new MemoryLocker({ acquireLockTimeout: TUS_LOCK_ACQUIRE_TIMEOUT_MS }),
    close: async () => undefined,
  };
}
