import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, organizations } from '../src/db/schema';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { bearer, logIn, signUp, TEST_PASSWORD, uniqueEmail } from './factories';
import { codeFrom, verifyTokenFrom, waitForMail } from './helpers';
import { authSuite, DAY_MS, MINUTE_MS, withoutTrace } from './auth-suite';

describe.each(testDbKinds())('auth on %s: sign-up, login and tokens', (kind) => {
  const suite = authSuite(kind);
  const { clock, inject } = suite;
  let t: TestApp;
  let outbox: string;
  beforeAll(() => {
    ({ t, outbox } = suite.state);
  });

  describe('signup', () => {
    it('creates an organisation and an unverified user on plan 999, and mails a link and a code', async () => {
      const email = uniqueEmail('Signup').replace('signup', 'SignUp');
      const response = await inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { fName: ' Dana ', lName: 'Levi', email: `  ${email} `, password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.accessToken).toEqual(expect.any(String));
      expect(body.refreshToken).toEqual(expect.any(String));
      expect(body.user).toMatchObject({
        fName: 'Dana',
        lName: 'Levi',
        email: email.toLowerCase(),
        perm: 999,
        advancedPrm: {},
        emailVerified: false,
        role: 'user',
        language: 'en',
        lastLogin: expect.any(String),
      });
      expect(body.user).not.toHaveProperty('passwordHash');

      const [org] = await t.app.db
        .select()
        .from(organizations)
        .where(eq(organizations.id, body.user.companyId));
      expect(org?.name).toBe("Dana's organisation");

      const mail = await waitForMail(outbox, email.toLowerCase());
      expect(mail.subject).toBe('Confirm your Candid email address');
      expect(mail.locale).toBe('en');
      expect(mail.text).toContain('http://localhost:3000/verify-email?token=');
      expect(verifyTokenFrom(mail).length).toBeGreaterThanOrEqual(40);
      expect(codeFrom(mail)).toMatch(/^\d{6}$/);
      expect(mail.html).toContain('dir="ltr"');
      expect(mail.html).toContain(verifyTokenFrom(mail));

      const logged = await inject({
        method: 'GET',
        url: '/api/user/logged',
        headers: bearer(body.accessToken),
      });
      expect(logged.statusCode).toBe(200);
      expect(logged.json()._id).toBe(body.user._id);

      const recorded = await t.app.db
        .select()
        .from(activities)
        .where(eq(activities.userId, body.user._id));
      expect(recorded.map((row) => row.type)).toContain('signup');
    });

    it('writes the email in Hebrew, right to left, for a Hebrew signup', async () => {
      const { email, user } = await signUp(t.app, { lang: 'he', fName: 'נועה' });
      expect(user.language).toBe('he');
      const mail = await waitForMail(outbox, email);
      expect(mail.locale).toBe('he');
      expect(mail.subject).toBe('אישור כתובת האימייל שלך ב-Candid');
      expect(mail.text).toContain('שלום נועה,');
      expect(mail.text).toContain('אפשר גם להזין את הקוד:');
      expect(mail.html).toContain('<html lang="he" dir="rtl">');
      expect(codeFrom(mail)).toMatch(/^\d{6}$/);
      expect(verifyTokenFrom(mail)).toBeTruthy();
    });

    it('takes the browser language when the signup names none', async () => {
      const response = await inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'accept-language': 'he-IL,he;q=0.9,en;q=0.8' },
        payload: { fName: 'Tal', lName: 'Or', email: uniqueEmail(), password: TEST_PASSWORD },
      });
      expect(response.json().user.language).toBe('he');
    });

    it('names the organisation after the company when one is given', async () => {
      const { user } = await signUp(t.app, { companyName: 'Acme Ltd' });
      const [org] = await t.app.db
        .select()
        .from(organizations)
        .where(eq(organizations.id, user.companyId!));
      expect(org?.name).toBe('Acme Ltd');
      expect(user.companyName).toBe('Acme Ltd');
    });

    it('refuses an email that is taken, whatever its case', async () => {
      const { email } = await signUp(t.app);
      const response = await inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          fName: 'Other',
          lName: 'Person',
          email: email.toUpperCase(),
          password: TEST_PASSWORD,
        },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ status: 409, key: 'EMAIL_TAKEN_ERR' });
    });

    it('refuses a weak password, naming the field and the rule', async () => {
      const response = await inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { fName: 'Dana', lName: 'Levi', email: uniqueEmail(), password: 'abcdef' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        key: 'VALIDATION_ERR',
        issues: [{ path: 'password', message: 'validation.PASSWORD_VALIDATE' }],
      });
    });
  });

  describe('login', () => {
    it('logs in with the email in any case and records the login time', async () => {
      const { email, user } = await signUp(t.app);
      clock.advance(5 * MINUTE_MS);
      const response = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ` ${email.toUpperCase()} `, password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.user._id).toBe(user._id);
      expect(new Date(body.user.lastLogin).getTime()).toBeGreaterThan(
        new Date(user.lastLogin!).getTime(),
      );
      const logins = await t.app.db
        .select()
        .from(activities)
        .where(eq(activities.userId, user._id));
      expect(logins.filter((row) => row.type === 'login')).toHaveLength(1);
    });

    it('answers a wrong password and an unknown email the same way', async () => {
      const { email } = await signUp(t.app);
      const wrongPassword = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'Wrong123' },
      });
      const unknownEmail = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail('nobody'), password: 'Wrong123' },
      });
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(withoutTrace(wrongPassword.json())).toEqual({
        status: 401,
        key: 'INVALID_CREDENTIALS_ERR',
        message: 'Invalid email or password',
      });
      expect(withoutTrace(unknownEmail.json())).toEqual(withoutTrace(wrongPassword.json()));
    });

    it.each([[{ email: 'a@b.io' }], [{ password: 'x' }], [{ email: ' ', password: 'x' }], [{}]])(
      'answers EMAIL_PASSWORD_MISSING_ERR for %j',
      async (payload) => {
        const response = await inject({ method: 'POST', url: '/api/auth/login', payload });
        expect(response.statusCode).toBe(400);
        expect(response.json().key).toBe('EMAIL_PASSWORD_MISSING_ERR');
      },
    );
  });

  describe('access and refresh tokens', () => {
    it('needs a valid access token: none, garbage, expired and candidate tokens are refused', async () => {
      const { accessToken, user } = await signUp(t.app);
      const get = (headers: Record<string, string>) =>
        inject({ method: 'GET', url: '/api/user/logged', headers });

      expect((await get({})).json()).toMatchObject({ status: 401, key: 'LOGIN_REQUIRED_ERR' });
      expect((await get(bearer('not.a.token'))).json()).toMatchObject({
        status: 401,
        key: 'INVALID_TOKEN_ERR',
      });
      const candidateToken = await t.app.tokens.sign(
        'candidate',
        { sub: user._id, org: user.companyId, role: 'user' },
        3600,
      );
      expect((await get(bearer(candidateToken))).json().key).toBe('INVALID_TOKEN_ERR');
      await expect(t.app.tokens.verify(accessToken, 'candidate')).rejects.toMatchObject({
        key: 'INVALID_TOKEN_ERR',
      });

      expect((await get(bearer(accessToken))).statusCode).toBe(200);
      clock.advance(16 * MINUTE_MS);
      expect((await get(bearer(accessToken))).json().key).toBe('INVALID_TOKEN_ERR');
    });

    it('rotates the refresh token, and a reused one ends the whole session', async () => {
      const first = await signUp(t.app);
      const refresh = (refreshToken: string) =>
        inject({ method: 'POST', url: '/api/auth/token', payload: { refreshToken } });

      const second = await refresh(first.refreshToken);
      expect(second.statusCode).toBe(200);
      const secondTokens = second.json();
      expect(secondTokens.refreshToken).not.toBe(first.refreshToken);
      const logged = await inject({
        method: 'GET',
        url: '/api/user/logged',
        headers: bearer(secondTokens.accessToken),
      });
      expect(logged.json()._id).toBe(first.user._id);

      const third = (await refresh(secondTokens.refreshToken)).json();
      expect(third.refreshToken).toEqual(expect.any(String));

      // The first token again: taken as stolen.
      const reused = await refresh(first.refreshToken);
      expect(reused.statusCode).toBe(401);
      expect(reused.json().key).toBe('INVALID_REFRESH_TOKEN_ERR');
      // The newest token of that session stops working too.
      const newest = await refresh(third.refreshToken);
      expect(newest.statusCode).toBe(401);
      expect(newest.json().key).toBe('INVALID_REFRESH_TOKEN_ERR');

      // Another session of the same user is untouched.
      const other = await logIn(t.app, first.email, first.password);
      expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    });

    it('refuses an unknown or expired refresh token', async () => {
      const { refreshToken } = await signUp(t.app);
      const unknown = await inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { refreshToken: 'nope' },
      });
      expect(unknown.json()).toMatchObject({ status: 401, key: 'INVALID_REFRESH_TOKEN_ERR' });
      clock.advance(31 * DAY_MS);
      const expired = await inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { refreshToken },
      });
      expect(expired.json()).toMatchObject({ status: 401, key: 'INVALID_REFRESH_TOKEN_ERR' });
    });

    it('logs out: the refresh token and its successors stop working', async () => {
      const { refreshToken } = await signUp(t.app);
      const response = await inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: { refreshToken },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
      const after = await inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { refreshToken },
      });
      expect(after.json().key).toBe('INVALID_REFRESH_TOKEN_ERR');
      const bare = await inject({ method: 'POST', url: '/api/auth/logout' });
      expect(bare.statusCode).toBe(200);
    });
  });

  it('documents every auth route with a tag and a summary', async () => {
    const doc = (await inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operations = Object.entries(
      doc.paths as Record<string, Record<string, { tags?: string[]; summary?: string }>>,
    )
      .filter(([path]) => /^\/api\/(auth|user|upload|files)/.test(path))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({ path, method, op })),
      );
    expect(operations.length).toBeGreaterThanOrEqual(25);
    for (const { path, method, op } of operations) {
      expect(op.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      expect(op.summary, `${method} ${path}`).toBeTruthy();
    }
  });
});
