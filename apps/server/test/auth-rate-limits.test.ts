import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '../src/modules/auth/auth.rate-limits';
import { LOGIN_LIMITS } from '../src/modules/auth/login-limits';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { signUp, TEST_PASSWORD, uniqueEmail } from './factories';

/**
 * The sign-in limits with their real numbers (the other test files raise them), answering 429
 * RATE_LIMITED_ERR with Retry-After: failed logins per account and address and per address
 * (never per account alone), and the other routes' requests per IP and per account.
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

  it(`refuses an address after ${LOGIN_LIMITS.perIp} failed logins in 15 minutes, to any accounts`, async () => {
    // A right password from the address does not count against it.
    const { email } = await signUp(t.app);
    expect((await login(email, '10.1.0.1', TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      expect((await login(uniqueEmail(), '10.1.0.1')).statusCode).toBe(401);
    }
    expectLimited(await login(uniqueEmail(), '10.1.0.1'));
    expectLimited(await login(email, '10.1.0.1', TEST_PASSWORD));
    expect((await login(uniqueEmail(), '10.1.0.2')).statusCode).toBe(401);
  });

  it(`refuses an account from an address after ${LOGIN_LIMITS.perAccountAndIp} failures there; its owner still logs in from another`, async () => {
    const { email } = await signUp(t.app);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++) {
      expect((await login(email.toUpperCase(), '10.2.0.1')).statusCode).toBe(401);
    }
    // The attacker's address is refused for this account, even with the right password...
    expectLimited(await login(email, '10.2.0.1'));
    expectLimited(await login(email, '10.2.0.1', TEST_PASSWORD));
    // ...but not for another account, nor is the owner at their own address.
    expect((await login(uniqueEmail(), '10.2.0.1')).statusCode).toBe(401);
    const owner = await login(email, '10.2.1.1', TEST_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ user: { email } });
    // A wrong password of the owner's own is a plain wrong password, not a lockout.
    expect((await login(email, '10.2.1.1')).statusCode).toBe(401);
  });

  it('never refuses an account as a whole: failures from many addresses only slow it down', async () => {
    const { email } = await signUp(t.app);
    for (let i = 0; i <= LOGIN_LIMITS.accountSlowdownAfter; i++) {
      expect((await login(email, `10.6.0.${i + 1}`)).statusCode).toBe(401);
    }
    expect((await login(email, '10.6.1.1', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts no failure for a login refused before any password was checked', async () => {
    const { email } = await signUp(t.app);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp + 2; i++) {
      const missing = await login(email, '10.7.0.1', '');
      expect(missing.json()).toMatchObject({ status: 400, key: 'EMAIL_PASSWORD_MISSING_ERR' });
    }
    expect((await login(email, '10.7.0.1', TEST_PASSWORD)).statusCode).toBe(200);
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
  const randomAddress = () => `10.${octet()}.${octet()}.${octet()}`;

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

  /** A login at the first instance for even `i`, at the second for odd. */
  const login = (i: number, email: string, remoteAddress: string, password = 'Wrong123') =>
    (i % 2 === 0 ? first : second).app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
    });

  it('counts failed logins at either instance against one per-address budget', async () => {
    const remoteAddress = randomAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.perIp; i++) {
      statuses.push((await login(i, uniqueEmail(), remoteAddress)).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("refuses the attacker's address at both instances and lets the owner in at either", async () => {
    // One account, known to both instances' databases (each test app has its own), signed up
    // from an address of its own: the signup budget is shared through Redis too.
    const email = uniqueEmail('owner');
    for (const { app } of [first, second]) {
      const signup = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { fName: 'Dana', lName: 'Levi', email, password: TEST_PASSWORD },
        remoteAddress: randomAddress(),
      });
      expect(signup.statusCode).toBe(201);
    }
    const attacker = randomAddress();
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp; i++) {
      expect((await login(i, email, attacker)).statusCode).toBe(401);
    }
    for (const i of [0, 1]) {
      const refused = await login(i, email, attacker, TEST_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ status: 429, key: 'RATE_LIMITED_ERR' });
    }
    const owner = randomAddress();
    expect((await login(1, email, owner, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(0, email, owner, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
