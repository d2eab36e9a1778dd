import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** Every login counter counts over a window of this length from its first failure. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/**
 * The password login's limits (docs/security.md "Login limits"). Failures are counted, not
 * requests: per account and address, per address, and per account. The first two refuse; the
 * account's own count only slows its logins down, so that nobody can lock an owner out by
 * failing on purpose from elsewhere.
 */
export const LOGIN_LIMITS = {
  /** Failed logins to one account from one address before that pair is refused. */
  perAccountAndIp: 10,
  /** Failed logins from one address, to any accounts, before the address is refused. */
  perIp: 20,
  /** Failed logins to one account, from any address, before its logins are slowed down. */
  accountSlowdownAfter: 10,
  /** The first slow-down; it doubles with each further failure, up to the most. */
  accountDelayBaseMs: 500,
  accountDelayMaxMs: 8_000,
} as const;

/** What the limits are set to (the numbers above unless the configuration overrides them). */
export interface LoginLimitSettings {
  perAccountAndIp: number;
  perIp: number;
  accountSlowdownAfter: number;
}

/** How long a login to an account with `failures` recent failures waits before it is checked. */
export function accountDelayMs(
  failures: number,
  after: number = LOGIN_LIMITS.accountSlowdownAfter,
): number {
  if (failures < after) return 0;
  return Math.min(
    LOGIN_LIMITS.accountDelayBaseMs * 2 ** (failures - after),
    LOGIN_LIMITS.accountDelayMaxMs,
  );
}

export interface WindowCount {
  count: number;
  /** Until the window ends (and the count with it). */
  resetInMs: number;
}

/** Failure counters with a fixed window each, shared by every process that uses the store. */
export interface FailureCounters {
  /** Adds one to each key (its window starts with its first count); the counts after. */
  add(keys: string[]): Promise<WindowCount[]>;
  /** Takes one back from each key whose window is still open. */
  subtract(keys: string[]): Promise<void>;
  read(key: string): Promise<number>;
  clear(key: string): Promise<void>;
}

/** Counters in Redis: what several API processes need to agree on one count. */
export function redisFailureCounters(redis: Redis, windowMs = LOGIN_WINDOW_MS): FailureCounters {
  return {
    async add(keys) {
      // One transaction, so a window cannot end between the key's creation and its count (a
      // count without an expiry would never end).
      const multi = redis.multi();
      for (const key of keys) multi.set(key, 0, 'PX', windowMs, 'NX').incr(key).pttl(key);
      const results = (await multi.exec()) ?? [];
      return keys.map((_key, i) => {
        const [countError, count] = results[i * 3 + 1] ?? [];
        const [, pttl] = results[i * 3 + 2] ?? [];
        if (countError) throw countError;
        return { count: Number(count), resetInMs: Math.max(Number(pttl), 0) };
      });
    },
    async subtract(keys) {
      if (keys.length === 0) return;
      // Only a key that still exists: a decrement of an ended window would start one that
      // never ends.
      await redis.eval(
        "for _, key in ipairs(KEYS) do if redis.call('exists', key) == 1 then redis.call('decr', key) end end",
        keys.length,
        ...keys,
      );
    },
    async read(key) {
      return Number((await redis.get(key)) ?? 0);
    },
    async clear(key) {
      await redis.del(key);
    },
  };
}

/** Counters in this process: enough for one process, which is what runs without REDIS_URL. */
export function memoryFailureCounters(
  now: () => Date,
  windowMs = LOGIN_WINDOW_MS,
): FailureCounters {
  const windows = new LRUCache<string, { count: number; endsAt: number }>({ max: 100_000 });
  const live = (key: string) => {
    const window = windows.get(key);
    if (window && window.endsAt > now().getTime()) return window;
    if (window) windows.delete(key);
    return undefined;
  };
  return {
    async add(keys) {
      return keys.map((key) => {
        const at = now().getTime();
        const window = live(key) ?? { count: 0, endsAt: at + windowMs };
        window.count += 1;
        windows.set(key, window);
        return { count: window.count, resetInMs: window.endsAt - at };
      });
    },
    async subtract(keys) {
      for (const key of keys) {
        const window = live(key);
        if (window) window.count = Math.max(window.count - 1, 0);
      }
    },
    async read(key) {
      return live(key)?.count ?? 0;
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

/** A login being checked: tell the limits how it ended. */
export interface LoginAttempt {
  /** A wrong email or password: counts against the pair, the address and the account. */
  fail(): Promise<void>;
  /** The right password: the pair starts afresh and the address is not charged. */
  succeed(): Promise<void>;
  /** Refused before any password was checked (e.g. a field missing): nothing counts. */
  cancel(): Promise<void>;
}

export type LoginAdmission = { attempt: LoginAttempt } | { retryAfterSec: number };

/** A key part naming an account without writing its email into the store. */
function accountKeyOf(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);
}

/**
 * The password login's limits over a counter store. `admit` reserves the attempt in the pair
 * and address counts before the password is checked, so parallel guesses cannot all slip in
 * under the limit; the outcome then settles what the reservation becomes.
 */
export function createLoginLimits(deps: {
  counters: FailureCounters;
  settings: LoginLimitSettings;
  log: FastifyBaseLogger;
  /** Waits out an account's slow-down (tests may pass a recorder). */
  wait?: (ms: number) => Promise<unknown>;
}) {
  const { counters, settings, log } = deps;
  const wait = deps.wait ?? ((ms: number) => sleep(ms));
  const prefix = 'candid-login:';

  return {
    async admit(email: string, ip: string): Promise<LoginAdmission> {
      const account = accountKeyOf(email);
      const address = normalizeIP(ip);
      const pairKey = `${prefix}pair:${account}:${address}`;
      const ipKey = `${prefix}ip:${address}`;
      const accountKey = `${prefix}account:${account}`;
      const [pair, byIp] = await counters.add([pairKey, ipKey]);
      const exceeded = [
        pair!.count > settings.perAccountAndIp ? pair! : null,
        byIp!.count > settings.perIp ? byIp! : null,
      ].filter((count): count is WindowCount => count !== null);
      if (exceeded.length > 0) {
        // A refused attempt checks nothing, so it counts for nothing either.
        await counters.subtract([pairKey, ipKey]);
        const resetInMs = Math.max(...exceeded.map((count) => count.resetInMs));
        return { retryAfterSec: Math.max(Math.ceil(resetInMs / 1000), 1) };
      }
      const delayMs = accountDelayMs(
        await counters.read(accountKey),
        settings.accountSlowdownAfter,
      );
      if (delayMs > 0) await wait(delayMs);
      return {
        attempt: {
          async fail() {
            const [failures] = await counters.add([accountKey]);
            if (failures!.count === settings.accountSlowdownAfter) {
              log.warn(
                { account, failures: failures!.count },
                'failed logins to one account reached the slow-down threshold',
              );
            }
          },
          async succeed() {
            await counters.clear(pairKey);
            await counters.subtract([ipKey]);
          },
          async cancel() {
            await counters.subtract([pairKey, ipKey]);
          },
        },
      };
    },
  };
}
