import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activities, organizations, users } from '../src/db/schema';
import { readOutbox } from '../src/mail/mailer';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { bearer, logIn, signUp, TEST_PASSWORD, uniqueEmail } from './factories';
import { codeFrom, createTestClock, outboxSize, verifyTokenFrom, waitForMail } from './helpers';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A 6-digit code that is not `code`. */
function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** An error body without its per-request trace id, to compare two answers. */
function withoutTrace(body: Record<string, unknown>) {
  const { traceId: _traceId, ...rest } = body;
  return rest;
}

describe.each(testDbKinds())('auth on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();
  let outbox: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { now: clock.now });
    outbox = t.config.mail.outboxDir;
  });
  afterAll(async () => t?.close());
  afterEach(() => clock.reset());

  const inject = (options: InjectOptions) => t.app.inject(options);

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

  describe('email verification by link', () => {
    it('verifies and logs in once; the same link again says already verified', async () => {
      const { email, user } = await signUp(t.app);
      const token = verifyTokenFrom(await waitForMail(outbox, email));
      const response = await inject({
        method: 'PUT',
        url: '/api/auth/verify-email',
        payload: { code: token },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.user).toMatchObject({ _id: user._id, emailVerified: true });
      expect(body.accessToken).toEqual(expect.any(String));
      expect(body.refreshToken).toEqual(expect.any(String));

      const again = await inject({
        method: 'PUT',
        url: '/api/auth/verify-email',
        payload: { code: token },
      });
      expect(again.json()).toMatchObject({ status: 409, key: 'EMAIL_ALREADY_VERIFIED_ERR' });
      const resend = await inject({
        method: 'POST',
        url: '/api/auth/send-verify-email',
        headers: bearer(body.accessToken),
      });
      expect(resend.json().key).toBe('EMAIL_ALREADY_VERIFIED_ERR');
    });

    it('refuses an expired link and an unknown one', async () => {
      const { email } = await signUp(t.app);
      const token = verifyTokenFrom(await waitForMail(outbox, email));
      clock.advance(DAY_MS + MINUTE_MS);
      const expired = await inject({
        method: 'PUT',
        url: '/api/auth/verify-email',
        payload: { code: token },
      });
      expect(expired.json()).toMatchObject({ status: 400, key: 'EMAIL_CONFIRMATION_FAILED_ERR' });
      const unknown = await inject({
        method: 'PUT',
        url: '/api/auth/verify-email',
        payload: { code: 'x'.repeat(43) },
      });
      expect(unknown.json().key).toBe('EMAIL_CONFIRMATION_FAILED_ERR');
    });

    it('resends the email; the new link works and the old one no longer does', async () => {
      const { email, accessToken } = await signUp(t.app);
      const oldToken = verifyTokenFrom(await waitForMail(outbox, email));
      const before = await outboxSize(outbox);
      const resend = await inject({
        method: 'POST',
        url: '/api/auth/send-verify-email',
        headers: bearer(accessToken),
      });
      expect(resend.statusCode).toBe(200);
      const newToken = verifyTokenFrom(
        await waitForMail(outbox, email, undefined, { after: before }),
      );
      expect(newToken).not.toBe(oldToken);
      const old = await inject({
        method: 'PUT',
        url: '/api/auth/verify-email',
        payload: { code: oldToken },
      });
      expect(old.json().key).toBe('EMAIL_CONFIRMATION_FAILED_ERR');
      const fresh = await inject({
        method: 'PUT',
        url: '/api/auth/verify-email',
        payload: { code: newToken },
      });
      expect(fresh.statusCode).toBe(200);
    });

    it('needs a login to resend', async () => {
      const response = await inject({ method: 'POST', url: '/api/auth/send-verify-email' });
      expect(response.json().key).toBe('LOGIN_REQUIRED_ERR');
    });
  });

  describe('email verification by code (logged in)', () => {
    it('verifies with the emailed code', async () => {
      const { email, accessToken } = await signUp(t.app);
      const code = codeFrom(await waitForMail(outbox, email));
      const response = await inject({
        method: 'PUT',
        url: '/api/auth/verify-code',
        headers: bearer(accessToken),
        payload: { enteredCode: code },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ isVerified: true, user: { emailVerified: true } });
    });

    it('kills the code on the 5th wrong try: the right code is refused after that', async () => {
      const { email, accessToken } = await signUp(t.app);
      const code = codeFrom(await waitForMail(outbox, email));
      const enter = (enteredCode: string) =>
        inject({
          method: 'PUT',
          url: '/api/auth/verify-code',
          headers: bearer(accessToken),
          payload: { enteredCode },
        });
      for (let i = 0; i < 5; i++) {
        const wrong = await enter(otherCode(code));
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().key).toBe('INVALID_VERIFY_CODE_ERR');
      }
      const right = await enter(code);
      expect(right.statusCode).toBe(400);
      expect(right.json().key).toBe('INVALID_VERIFY_CODE_ERR');
    });

    it('refuses an expired code', async () => {
      const { email, password } = await signUp(t.app);
      const code = codeFrom(await waitForMail(outbox, email));
      clock.advance(15 * MINUTE_MS + 1000);
      const { accessToken } = await logIn(t.app, email, password);
      const response = await inject({
        method: 'PUT',
        url: '/api/auth/verify-code',
        headers: bearer(accessToken),
        payload: { enteredCode: code },
      });
      expect(response.json().key).toBe('INVALID_VERIFY_CODE_ERR');
    });

    it('needs either a login or an email', async () => {
      const response = await inject({
        method: 'PUT',
        url: '/api/auth/verify-code',
        payload: { enteredCode: '123456' },
      });
      expect(response.json()).toMatchObject({ status: 401, key: 'LOGIN_REQUIRED_ERR' });
    });
  });

  describe('forgot password: reset code', () => {
    it('resets the password end to end and ends every session', async () => {
      const { email, refreshToken } = await signUp(t.app);
      const before = await outboxSize(outbox);
      const ask = await inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: email.toUpperCase() },
      });
      expect(ask.statusCode).toBe(200);
      expect(ask.json()).toEqual({});
      const mail = await waitForMail(outbox, email, (entry) => entry.subject.includes('reset'), {
        after: before,
      });
      expect(mail.subject).toBe('Your Candid password reset code');
      const code = codeFrom(mail);

      // Step 1 checks the code without using it up.
      for (let i = 0; i < 2; i++) {
        const check = await inject({
          method: 'PUT',
          url: '/api/auth/verify-code',
          payload: { email, enteredCode: code },
        });
        expect(check.statusCode).toBe(200);
        expect(check.json()).toEqual({ isVerified: true });
      }

      const weak = await inject({
        method: 'PUT',
        url: '/api/auth/change-password',
        payload: { email, code, password: 'weak' },
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().issues).toEqual([
        { path: 'password', message: 'validation.PASSWORD_VALIDATE' },
      ]);

      const change = await inject({
        method: 'PUT',
        url: '/api/auth/change-password',
        payload: { email, code, password: 'NewSecret9' },
      });
      expect(change.statusCode).toBe(200);

      const oldLogin = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: TEST_PASSWORD },
      });
      expect(oldLogin.json().key).toBe('INVALID_CREDENTIALS_ERR');
      expect((await logIn(t.app, email, 'NewSecret9')).user.email).toBe(email);

      const oldSession = await inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { refreshToken },
      });
      expect(oldSession.json().key).toBe('INVALID_REFRESH_TOKEN_ERR');

      const reuse = await inject({
        method: 'PUT',
        url: '/api/auth/change-password',
        payload: { email, code, password: 'Another9x' },
      });
      expect(reuse.json()).toMatchObject({ status: 400, key: 'INVALID_CODE_ERR' });

      const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
      const changes = await t.app.db
        .select()
        .from(activities)
        .where(eq(activities.userId, row!.id));
      expect(changes.some((activity) => activity.target === 'User Password')).toBe(true);
    });

    it('counts wrong tries on step 1: five kill the code', async () => {
      const { email } = await signUp(t.app);
      const before = await outboxSize(outbox);
      await inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email } });
      const code = codeFrom(await waitForMail(outbox, email, undefined, { after: before }));
      for (let i = 0; i < 5; i++) {
        const wrong = await inject({
          method: 'PUT',
          url: '/api/auth/verify-code',
          payload: { email, enteredCode: otherCode(code) },
        });
        expect(wrong.json()).toMatchObject({ status: 400, key: 'INVALID_CODE_ERR' });
      }
      const right = await inject({
        method: 'PUT',
        url: '/api/auth/change-password',
        payload: { email, code, password: 'NewSecret9' },
      });
      expect(right.json().key).toBe('INVALID_CODE_ERR');
    });

    it('keeps only the newest code alive, and refuses an expired one', async () => {
      const { email } = await signUp(t.app);
      let before = await outboxSize(outbox);
      await inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email } });
      const first = codeFrom(await waitForMail(outbox, email, undefined, { after: before }));
      before = await outboxSize(outbox);
      await inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email } });
      const second = codeFrom(await waitForMail(outbox, email, undefined, { after: before }));
      const check = (enteredCode: string) =>
        inject({ method: 'PUT', url: '/api/auth/verify-code', payload: { email, enteredCode } });
      if (first !== second) expect((await check(first)).json().key).toBe('INVALID_CODE_ERR');
      expect((await check(second)).statusCode).toBe(200);
      clock.advance(16 * MINUTE_MS);
      expect((await check(second)).json().key).toBe('INVALID_CODE_ERR');
    });

    it('answers an unknown email exactly like a known one, and mails nothing', async () => {
      const { email } = await signUp(t.app);
      const nobody = uniqueEmail('nobody');
      for (const url of ['/api/auth/reset-password', '/api/auth/send-otp']) {
        const known = await inject({ method: 'POST', url, payload: { email } });
        const unknown = await inject({ method: 'POST', url, payload: { email: nobody } });
        expect(unknown.statusCode).toBe(known.statusCode);
        expect(unknown.body).toBe(known.body);
        expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
      }
      // Wait for the known account's two mails, then check nothing went to the unknown one.
      await waitForMail(outbox, email, (entry) => entry.subject.includes('login'));
      await waitForMail(outbox, email, (entry) => entry.subject.includes('reset'));
      expect((await readOutbox(outbox)).some((entry) => entry.to === nobody)).toBe(false);
    });
  });

  describe('forgot password: one-time login code', () => {
    it('logs in with the emailed code once, which also verifies the email', async () => {
      const { email, user } = await signUp(t.app, { lang: 'he' });
      const before = await outboxSize(outbox);
      const ask = await inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email } });
      expect(ask.json()).toEqual({});
      const mail = await waitForMail(outbox, email, undefined, { after: before });
      expect(mail.subject).toBe('קוד הכניסה שלך ל-Candid');
      expect(mail.html).toContain('dir="rtl"');
      const code = codeFrom(mail);

      const wrong = await inject({
        method: 'POST',
        url: '/api/auth/login-otp',
        payload: { email, enteredCode: otherCode(code) },
      });
      expect(wrong.json()).toMatchObject({ status: 400, key: 'INVALID_CODE_ERR' });

      const response = await inject({
        method: 'POST',
        url: '/api/auth/login-otp',
        payload: { email, enteredCode: code },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ _id: user._id, emailVerified: true });

      const again = await inject({
        method: 'POST',
        url: '/api/auth/login-otp',
        payload: { email, enteredCode: code },
      });
      expect(again.json().key).toBe('INVALID_CODE_ERR');
    });

    it('refuses a code for an unknown email like a wrong code', async () => {
      const response = await inject({
        method: 'POST',
        url: '/api/auth/login-otp',
        payload: { email: uniqueEmail('nobody'), enteredCode: '123456' },
      });
      expect(response.json()).toMatchObject({ status: 400, key: 'INVALID_CODE_ERR' });
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
