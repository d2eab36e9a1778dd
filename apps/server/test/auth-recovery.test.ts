import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, users } from '../src/db/schema';
import { readOutbox } from '../src/mail/mailer';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { bearer, logIn, signUp, TEST_PASSWORD, uniqueEmail } from './factories';
import { codeFrom, outboxSize, verifyTokenFrom, waitForMail } from './helpers';
import { authSuite, DAY_MS, MINUTE_MS, otherCode } from './auth-suite';

describe.each(testDbKinds())('auth on %s: e-mail verification and forgotten passwords', (kind) => {
  const suite = authSuite(kind);
  const { clock, inject } = suite;
  let t: TestApp;
  let outbox: string;
  beforeAll(() => {
    ({ t, outbox } = suite.state);
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
        expect(wrong.json().key).toBe('CONFIRMATION_CODE_MISMATCH_ERR');
      }
      const right = await enter(code);
      expect(right.statusCode).toBe(400);
      expect(right.json().key).toBe('CONFIRMATION_CODE_MISMATCH_ERR');
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
      expect(response.json().key).toBe('CONFIRMATION_CODE_MISMATCH_ERR');
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
      const { email, refreshToken, accessToken } = await signUp(t.app);
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
        { path: 'password', message: 'errors.PASSWORD_TOO_SHORT_ERR' },
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
      // Its access token ends with it, before its 15 minutes are up.
      const oldAccess = await inject({
        method: 'GET',
        url: '/api/user/logged',
        headers: bearer(accessToken),
      });
      expect(oldAccess.json()).toMatchObject({ status: 401, key: 'INVALID_TOKEN_ERR' });

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
});
