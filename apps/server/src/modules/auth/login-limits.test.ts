import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  accountDelayMs,
  createLoginLimits,
  LOGIN_LIMITS,
  LOGIN_WINDOW_MS,
  memoryFailureCounters,
  redisFailureCounters,
  type FailureCounters,
} from './login-limits';

const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;

describe('accountDelayMs', () => {
  it.each([
    [0, 0],
    [LOGIN_LIMITS.accountSlowdownAfter - 1, 0],
    [LOGIN_LIMITS.accountSlowdownAfter, 500],
    [LOGIN_LIMITS.accountSlowdownAfter + 1, 1_000],
    [LOGIN_LIMITS.accountSlowdownAfter + 3, 4_000],
    [LOGIN_LIMITS.accountSlowdownAfter + 4, 8_000],
    [LOGIN_LIMITS.accountSlowdownAfter + 500, 8_000],
  ])('waits after %i failures: %i ms', (failures, ms) => {
    expect(accountDelayMs(failures)).toBe(ms);
  });
});

describe('login limits over counters in memory', () => {
  let at = Date.parse('2026-01-01T00:00:00Z');
  const now = () => new Date(at);
  const settings = { perAccountAndIp: 3, perIp: 5, accountSlowdownAfter: 2 };

  function setUp() {
    const waits: number[] = [];
    const limits = createLoginLimits({
      counters: memoryFailureCounters(now),
      settings,
      log: silent,
      wait: async (ms) => void waits.push(ms),
    });
    return { limits, waits };
  }

  async function failAt(limits: ReturnType<typeof setUp>['limits'], email: string, ip: string) {
    const admission = await limits.admit(email, ip);
    if (!('attempt' in admission)) throw new Error(`refused: ${JSON.stringify(admission)}`);
    await admission.attempt.fail();
  }

  it('refuses parallel guesses past the limit: each is counted before its password is checked', async () => {
    const { limits } = setUp();
    const admissions = await Promise.all(
      Array.from({ length: 6 }, () => limits.admit('a@example.com', '10.0.0.1')),
    );
    expect(admissions.filter((admission) => 'attempt' in admission)).toHaveLength(3);
    expect(admissions.filter((admission) => 'retryAfterSec' in admission)).toHaveLength(3);
  });

  it('ends a refusal with its window, and says when in Retry-After', async () => {
    const { limits } = setUp();
    for (let i = 0; i < settings.perAccountAndIp; i++)
      await failAt(limits, 'b@example.com', '1.1.1.1');
    at += 60_000;
    expect(await limits.admit('B@example.com ', '1.1.1.1')).toEqual({
      retryAfterSec: (LOGIN_WINDOW_MS - 60_000) / 1000,
    });
    at += LOGIN_WINDOW_MS;
    expect(await limits.admit('b@example.com', '1.1.1.1')).toHaveProperty('attempt');
  });

  it('slows the account down from any address, growing with each failure, and never refuses it', async () => {
    const { limits, waits } = setUp();
    for (let i = 0; i < 4; i++) await failAt(limits, 'c@example.com', `10.1.0.${i}`);
    const owner = await limits.admit('c@example.com', '10.9.9.9');
    expect(owner).toHaveProperty('attempt');
    // No wait for the first two, then 500 and 1000 ms, and the owner's 2000 ms.
    expect(waits).toEqual([500, 1_000, 2_000]);
  });

  it('lets a right password clear its pair and not charge its address', async () => {
    const { limits } = setUp();
    for (let i = 0; i < settings.perAccountAndIp - 1; i++)
      await failAt(limits, 'd@example.com', '2.2.2.2');
    const right = await limits.admit('d@example.com', '2.2.2.2');
    if (!('attempt' in right)) throw new Error('refused');
    await right.attempt.succeed();
    for (let i = 0; i < settings.perAccountAndIp; i++)
      await failAt(limits, 'd@example.com', '2.2.2.2');
    expect(await limits.admit('d@example.com', '2.2.2.2')).toHaveProperty('retryAfterSec');
    // The address: 2 + 3 failures, and the right password did not count (5 is the limit).
    expect(await limits.admit('other@example.com', '2.2.2.2')).toHaveProperty('retryAfterSec');
  });
});

describe.runIf(Boolean(process.env.REDIS_URL))('failure counters in Redis', () => {
  const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
  const counters: FailureCounters = redisFailureCounters(redis, 60_000);
  const key = (name: string) => `candid-login-test:${randomUUID()}:${name}`;
  afterAll(async () => void (await redis.quit()));

  it('counts within one window and reads back what it counted', async () => {
    const [a, b] = [key('a'), key('b')];
    expect((await counters.add([a, b])).map((count) => count.count)).toEqual([1, 1]);
    const [again] = await counters.add([a]);
    expect(again!.count).toBe(2);
    expect(again!.resetInMs).toBeGreaterThan(0);
    expect(again!.resetInMs).toBeLessThanOrEqual(60_000);
    expect(await counters.read(a)).toBe(2);
    await counters.subtract([a]);
    expect(await counters.read(a)).toBe(1);
    await counters.clear(a);
    expect(await counters.read(a)).toBe(0);
    await counters.clear(b);
  });

  it('never brings an ended window back by taking one off it', async () => {
    const gone = key('gone');
    await counters.add([gone]);
    await redis.del(gone);
    await counters.subtract([gone]);
    expect(await redis.exists(gone)).toBe(0);
  });
});
