import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '../src/modules/auth/auth.rate-limits';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { signUp, TEST_PASSWORD, uniqueEmail } from './factories';

/**
 * The sign-in limits with their real numbers (the other test files raise them): per IP and
 * per account, both answering 429 RATE_LIMITED_ERR with Retry-After.
 */
describe.each(testDbKinds())('auth rate limits on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_PER_IP: '', AUTH_RATE_LIMIT_PER_ACCOUNT: '' });
  });
  afterAll(async () => t?.close());

  const login = (email: string, remoteAddress: string, password = 'Wrong123') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
    });

  function expectLimited(response: {
    statusCode: number;
    json(): unknown;
    headers: Record<string, unknown>;
  }) {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ status: 429, key: 'RATE_LIMITED_ERR' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  }

  it(`limits logins per IP (${AUTH_RATE_LIMITS.login.perIp} per 15 minutes)`, async () => {
    for (let i = 0; i < AUTH_RATE_LIMITS.login.perIp; i++) {
      expect((await login(uniqueEmail(), '10.1.0.1')).statusCode).toBe(401);
    }
    expectLimited(await login(uniqueEmail(), '10.1.0.1'));
    expect((await login(uniqueEmail(), '10.1.0.2')).statusCode).toBe(401);
  });

  it(`limits logins per account (${AUTH_RATE_LIMITS.login.perAccount} per 15 minutes), from any IP`, async () => {
    const { email } = await signUp(t.app);
    for (let i = 0; i < AUTH_RATE_LIMITS.login.perAccount; i++) {
      expect((await login(email.toUpperCase(), `10.2.0.${i + 1}`)).statusCode).toBe(401);
    }
    // Even the right password waits now; other accounts from the same IP do not.
    expectLimited(await login(email, '10.2.1.1', TEST_PASSWORD));
    expect((await login(uniqueEmail(), '10.2.1.1')).statusCode).toBe(401);
  });

  it(`limits code sending per account (${AUTH_RATE_LIMITS.sendOtp.perAccount} per 15 minutes)`, async () => {
    const email = uniqueEmail('otp');
    const send = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/send-otp',
        payload: { email },
        remoteAddress,
      });
    for (let i = 0; i < AUTH_RATE_LIMITS.sendOtp.perAccount; i++) {
      expect((await send(`10.3.0.${i + 1}`)).statusCode).toBe(200);
    }
    expectLimited(await send('10.3.1.1'));
  });

  it(`limits code entry per account (${AUTH_RATE_LIMITS.verifyCode.perAccount} per 15 minutes)`, async () => {
    const email = uniqueEmail('codes');
    const enter = (remoteAddress: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/verify-code',
        payload: { email, enteredCode: '000000' },
        remoteAddress,
      });
    for (let i = 0; i < AUTH_RATE_LIMITS.verifyCode.perAccount; i++) {
      expect((await enter(`10.4.0.${i + 1}`)).statusCode).toBe(400);
    }
    expectLimited(await enter('10.4.1.1'));
  });

  it(`limits signups per IP (${AUTH_RATE_LIMITS.signup.perIp} per 15 minutes)`, async () => {
    const signup = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { fName: 'A', lName: 'B', email: uniqueEmail(), password: TEST_PASSWORD },
        remoteAddress: '10.5.0.1',
      });
    for (let i = 0; i < AUTH_RATE_LIMITS.signup.perIp; i++) {
      expect((await signup()).statusCode).toBe(201);
    }
    expectLimited(await signup());
  });
});

/** With REDIS_URL (CI), two API processes share the sign-in budgets too. */
describe.runIf(Boolean(process.env.REDIS_URL))('auth rate limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  const octet = () => Math.floor(Math.random() * 250) + 1;
  const remoteAddress = `10.${octet()}.${octet()}.${octet()}`;

  beforeAll(async () => {
    const env = {
      REDIS_URL: process.env.REDIS_URL!,
      AUTH_RATE_LIMIT_PER_IP: '',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '',
    };
    first = await createTestApp('pglite', env);
    second = await createTestApp('pglite', env);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('counts logins at either instance against one per-IP budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_RATE_LIMITS.login.perIp; i++) {
      const app = i % 2 === 0 ? first.app : second.app;
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail(), password: 'Wrong123' },
        remoteAddress,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
