import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUp, TEST_PASSWORD, type SignedUp } from './factories';
import { codeFrom, outboxSize, verifyTokenFrom, waitForMail } from './helpers';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { usersSuite } from './users-suite';

describe.each(testDbKinds())('users on %s: verification and passwords', (kind) => {
  const suite = usersSuite(kind);
  const { as } = suite;
  let t: TestApp;
  let outbox: string;
  let admin: SignedUp;
  let owner: SignedUp;
  let colleague: SignedUp;
  let stranger: SignedUp;
  beforeAll(() => {
    ({ t, outbox, admin, owner, colleague, stranger } = suite.state);
  });

  describe('verification on a user’s behalf', () => {
    it('sends the link or a code to oneself, and checks the code', async () => {
      const person = await signUp(t.app, { lang: 'he' });
      let before = await outboxSize(outbox);
      const link = await t.app.inject({
        method: 'POST',
        url: '/api/user/verify-email',
        headers: as(person),
        payload: { user: { _id: person.user._id } },
      });
      expect(link.statusCode).toBe(200);
      const linkMail = await waitForMail(outbox, person.email, undefined, { after: before });
      expect(verifyTokenFrom(linkMail)).toBeTruthy();

      before = await outboxSize(outbox);
      const code = await t.app.inject({
        method: 'POST',
        url: '/api/user/verify-email-code',
        headers: as(person),
        payload: { user: { _id: person.user._id } },
      });
      expect(code.statusCode).toBe(200);
      const codeMail = await waitForMail(outbox, person.email, undefined, { after: before });
      expect(codeMail.text).not.toContain('verify-email?token=');
      expect(codeMail.text).toContain('קוד האימות שלך:');
      const sent = codeFrom(codeMail);

      const check = (value: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/verify-applicant',
          headers: as(person),
          payload: { userId: person.user._id, code: value },
        });
      const wrong = String((Number(sent) + 1) % 1_000_000).padStart(6, '0');
      expect((await check(wrong)).json()).toEqual({ isVerified: false });
      expect((await check(sent)).json()).toEqual({ isVerified: true });
      const logged = await t.app.inject({
        method: 'GET',
        url: '/api/user/logged',
        headers: as(person),
      });
      expect(logged.json().emailVerified).toBe(true);
      expect((await check(sent)).json().key).toBe('EMAIL_ALREADY_VERIFIED_ERR');
    });

    it('sends to others only for admins', async () => {
      const person = await signUp(t.app);
      const byStranger = await t.app.inject({
        method: 'POST',
        url: '/api/user/verify-email',
        headers: as(stranger),
        payload: { user: { _id: person.user._id } },
      });
      expect(byStranger.statusCode).toBe(404);
      const byAdmin = await t.app.inject({
        method: 'POST',
        url: '/api/user/verify-email-code',
        headers: as(admin),
        payload: { user: { _id: person.user._id } },
      });
      expect(byAdmin.statusCode).toBe(200);
    });
  });

  describe('PUT user/password/:id', () => {
    it('changes one’s own password, keeping this session and ending the others', async () => {
      const person = await signUp(t.app);
      const otherSession = await logIn(t.app, person.email, TEST_PASSWORD);
      const weak = await t.app.inject({
        method: 'PUT',
        url: `/api/user/password/${person.user._id}`,
        headers: as(person),
        payload: { newPassword: 'weakpass', userId: person.user._id },
      });
      expect(weak.json()).toMatchObject({
        status: 400,
        issues: [{ path: 'newPassword', message: 'validation.PASSWORD_VALIDATE' }],
      });
      const changed = await t.app.inject({
        method: 'PUT',
        url: `/api/user/password/${person.user._id}`,
        headers: as(person),
        payload: { newPassword: 'Changed123', userId: person.user._id },
      });
      expect(changed.statusCode).toBe(200);
      expect((await logIn(t.app, person.email, 'Changed123')).user._id).toBe(person.user._id);
      const refresh = (refreshToken: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/token', payload: { refreshToken } });
      expect((await refresh(person.refreshToken)).statusCode).toBe(200);
      expect((await refresh(otherSession.refreshToken)).json().key).toBe(
        'INVALID_REFRESH_TOKEN_ERR',
      );
    });

    it('lets admins set anyone’s password; others get 404 or 403', async () => {
      const person = await signUp(t.app);
      const byStranger = await t.app.inject({
        method: 'PUT',
        url: `/api/user/password/${person.user._id}`,
        headers: as(stranger),
        payload: { newPassword: 'Stolen123' },
      });
      expect(byStranger.statusCode).toBe(404);
      const byColleague = await t.app.inject({
        method: 'PUT',
        url: `/api/user/password/${owner.user._id}`,
        headers: as(colleague),
        payload: { newPassword: 'Stolen123' },
      });
      expect(byColleague.statusCode).toBe(403);
      const byAdmin = await t.app.inject({
        method: 'PUT',
        url: `/api/user/password/${person.user._id}`,
        headers: as(admin),
        payload: { newPassword: 'Admin1234' },
      });
      expect(byAdmin.statusCode).toBe(200);
      expect((await logIn(t.app, person.email, 'Admin1234')).user._id).toBe(person.user._id);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { refreshToken: person.refreshToken },
      });
      expect(refresh.json().key).toBe('INVALID_REFRESH_TOKEN_ERR');
    });
  });
});
