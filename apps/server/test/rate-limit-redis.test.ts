import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * Two API processes behind one load balancer must share one budget per client; that is what
 * the Redis store is for. Runs where REDIS_URL points at a Redis server (CI sets it).
 */
describe.runIf(Boolean(process.env.REDIS_URL))('rate limit shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`;

  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL!, RATE_LIMIT_PER_MINUTE: '10' };
    first = await createTestApp('pglite', env);
    second = await createTestApp('pglite', env);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('counts requests to either instance against the same limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const app = i % 2 === 0 ? first.app : second.app;
      const response = await app.inject({ method: 'GET', url: '/api/nope', remoteAddress });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
