import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants, jobs, users } from '../src/db/schema';
import { z } from 'zod';
import { staffOf } from '../src/policies';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';
import {
  bearer,
  createAccount,
  logIn,
  signUp,
  TEST_PASSWORD,
  uniqueEmail,
  type SignedUp,
} from './factories';
import { codeFrom, outboxSize, verifyTokenFrom, waitForMail } from './helpers';
import { jobPayload, questionPayload } from './jobs-helpers';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A test-only route that reports whom a call acts for (admin "view as", resolved by auth). */
function addActingRoute(app: FastifyInstance) {
  app.get(
    '/api/__test/acting',
    {
      schema: { querystring: z.object({ viewAsId: z.string().optional() }) },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { id, orgId, role } = staffOf(request);
      return { id, orgId, role };
    },
  );
}

describe.each(testDbKinds())('users on %s', (kind) => {
  let t: TestApp;
  let outbox: string;
  let admin: SignedUp;
  let owner: SignedUp;
  let colleague: SignedUp;
  let stranger: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, addActingRoute);
    outbox = t.config.mail.outboxDir;
    admin = await createAccount(t.app, { role: 'admin', fName: 'Ada' });
    owner = await signUp(t.app, { fName: 'Olga', companyName: 'Olga Co' });
    colleague = await createAccount(t.app, { orgId: owner.user.companyId!, fName: 'Cole' });
    stranger = await signUp(t.app, { fName: 'Stan' });
  });
  afterAll(async () => t?.close());

  const as = (who: SignedUp) => bearer(who.accessToken);

  describe('reading users', () => {
    it('returns the logged-in user', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/user/logged',
        headers: as(owner),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        _id: owner.user._id,
        email: owner.email,
        companyName: 'Olga Co',
      });
    });

    it('shows oneself and colleagues, and hides other organisations (404)', async () => {
      const get = (id: string, who: SignedUp) =>
        t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: as(who) });
      expect((await get(owner.user._id, owner)).statusCode).toBe(200);
      expect((await get(colleague.user._id, owner)).json().fName).toBe('Cole');
      const hidden = await get(stranger.user._id, owner);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().key).toBe('NOT_FOUND_ERR');
      expect((await get('not-an-id', owner)).statusCode).toBe(404);
      expect((await get(UNKNOWN_ID, owner)).statusCode).toBe(404);
      expect((await get(stranger.user._id, admin)).statusCode).toBe(200);
    });

    it('lists accounts for admins only, paged, searchable and sorted by first name descending', async () => {
      const forbidden = await t.app.inject({
        method: 'GET',
        url: '/api/user/query',
        headers: as(owner),
      });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().key).toBe('FORBIDDEN_ERR');

      const all = await t.app.inject({ method: 'GET', url: '/api/user/query', headers: as(admin) });
      expect(all.statusCode).toBe(200);
      const body = all.json();
      expect(body.totalAccountCount).toBeGreaterThanOrEqual(4);
      const names = body.accounts.map((account: { fName: string }) => account.fName);
      expect(names).toEqual([...names].sort().reverse());
      expect(body.accounts[0]).toEqual({
        _id: expect.any(String),
        fName: expect.any(String),
        lName: expect.any(String),
        email: expect.any(String),
        lastLogin: expect.any(String),
        interviewCount: 0,
        perm: expect.any(Number),
        role: expect.stringMatching(/^(admin|user)$/),
        companyName: expect.any(String),
      });

      const search = await t.app.inject({
        method: 'GET',
        url: `/api/user/query?txt=${encodeURIComponent('olga')}&sort=email:asc&itemsPerPage=1&currPage=1`,
        headers: as(admin),
      });
      expect(search.json()).toMatchObject({
        filteredAccountCount: 1,
        pageCount: 1,
        accounts: [{ _id: owner.user._id }],
      });

      // Interviews: the applicants of the account's jobs.
      const [job] = await t.app.db
        .insert(jobs)
        .values({ orgId: owner.user.companyId!, ownerId: owner.user._id, title: 'Engineer' })
        .returning();
      await t.app.db
        .insert(applicants)
        .values(
          ['A', 'B'].map((fName) => ({ orgId: owner.user.companyId!, jobId: job!.id, fName })),
        );
      const byInterviews = await t.app.inject({
        method: 'GET',
        url: '/api/user/query?sort=interviewCount:desc',
        headers: as(admin),
      });
      expect(byInterviews.json().accounts[0]).toMatchObject({
        _id: owner.user._id,
        interviewCount: 2,
      });

      const badSort = await t.app.inject({
        method: 'GET',
        url: '/api/user/query?sort=password:asc',
        headers: as(admin),
      });
      expect(badSort.statusCode).toBe(400);
    });
  });

  describe('updating profiles', () => {
    it('updates one’s own profile', async () => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/user/',
        headers: as(colleague),
        payload: {
          user: {
            fName: ' Colette ',
            lName: 'Dor',
            phone: '050-1234567',
            address: 'Tel Aviv',
            companyName: 'Olga Co',
            imgUrl: '/api/files/x.png',
            logoUrl: '/api/files/y.png',
            language: 'he',
            emailVerified: false,
            lastLogin: null,
          },
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        fName: 'Colette',
        lName: 'Dor',
        phone: '050-1234567',
        address: 'Tel Aviv',
        imgUrl: '/api/files/x.png',
        logoUrl: '/api/files/y.png',
        language: 'he',
        emailVerified: true,
      });
    });

    it('refuses an email that is taken (409) and a bad phone (400)', async () => {
      const taken = await t.app.inject({
        method: 'PUT',
        url: '/api/user',
        headers: as(colleague),
        payload: { user: { email: stranger.email.toUpperCase() } },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().key).toBe('EMAIL_TAKEN_ERR');
      const phone = await t.app.inject({
        method: 'PUT',
        url: '/api/user',
        headers: as(colleague),
        payload: { user: { phone: '12' } },
      });
      expect(phone.json()).toMatchObject({
        key: 'VALIDATION_ERR',
        issues: [{ path: 'user.phone', message: 'validation.PHONE_VALIDATE' }],
      });
    });

    it('a new email must be verified again: it is unverified and gets a verification email', async () => {
      const person = await signUp(t.app);
      const newEmail = uniqueEmail('moved');
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/user',
        headers: as(person),
        payload: { user: { email: newEmail } },
      });
      expect(response.json()).toMatchObject({ email: newEmail, emailVerified: false });
      const mail = await waitForMail(outbox, newEmail);
      const verified = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/verify-email',
        payload: { code: verifyTokenFrom(mail) },
      });
      expect(verified.json().user).toMatchObject({ email: newEmail, emailVerified: true });
    });

    it('keeps other organisations out (404) and a member off the owner’s profile (403); the owner manages members', async () => {
      const other = await t.app.inject({
        method: 'PUT',
        url: '/api/user',
        headers: as(owner),
        payload: { user: { _id: stranger.user._id, fName: 'Hacked' } },
      });
      expect(other.statusCode).toBe(404);
      const memberToOwner = await t.app.inject({
        method: 'PUT',
        url: '/api/user',
        headers: as(colleague),
        payload: { user: { _id: owner.user._id, fName: 'Hacked' } },
      });
      expect(memberToOwner.statusCode).toBe(403);
      // The owner (MULTI_USER_ORGANIZATION, all features here) edits their members.
      const ownerToMember = await t.app.inject({
        method: 'PUT',
        url: '/api/user',
        headers: as(owner),
        payload: { user: { _id: colleague.user._id, fName: 'Cole' } },
      });
      expect(ownerToMember.statusCode).toBe(200);
    });

    it('lets only admins change plan, role and grants; echoing the current values is fine', async () => {
      const change = await t.app.inject({
        method: 'PUT',
        url: '/api/user',
        headers: as(owner),
        payload: { user: { perm: 0 } },
      });
      expect(change.statusCode).toBe(403);
      const promote = await t.app.inject({
        method: 'PUT',
        url: '/api/user',
        headers: as(owner),
        payload: { user: { role: 'admin' } },
      });
      expect(promote.statusCode).toBe(403);
      const echo = await t.app.inject({
        method: 'PUT',
        url: '/api/user',
        headers: as(owner),
        payload: { user: { perm: 999, role: 'user', advancedPrm: {}, fName: 'Olga' } },
      });
      expect(echo.statusCode).toBe(200);

      const byAdmin = await t.app.inject({
        method: 'PUT',
        url: '/api/user',
        headers: as(admin),
        payload: { user: { _id: stranger.user._id, perm: 1, advancedPrm: { BOOKMARKS: true } } },
      });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json()).toMatchObject({ perm: 1, advancedPrm: { BOOKMARKS: true } });
    });
  });

  it("changes the plan of the whole organisation: a member works under the owner's plan", async () => {
    const firm = await signUp(t.app, { fName: 'Fiona', companyName: 'Fiona Co' });
    const member = await createAccount(t.app, { orgId: firm.user.companyId!, fName: 'Mo' });
    const outsider = await signUp(t.app, { fName: 'Otto' });
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: as(admin),
      payload: { user: { _id: firm.user._id, perm: 1, advancedPrm: { BOOKMARKS: true } } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const plans = await t.app.db
      .select({ id: users.id, perm: users.perm, advancedPrm: users.advancedPrm })
      .from(users)
      .where(inArray(users.id, [firm.user._id, member.user._id, outsider.user._id]));
    const planOf = (id: string) => plans.find((row) => row.id === id);
    expect(planOf(member.user._id)).toMatchObject({ perm: 1, advancedPrm: { BOOKMARKS: true } });
    expect(planOf(firm.user._id)).toMatchObject({ perm: 1 });
    expect(planOf(outsider.user._id)).toMatchObject({ perm: outsider.user.perm, advancedPrm: {} });
    // The member's next request acts under the new plan.
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/user/logged',
      headers: as(member),
    });
    expect(session.json()).toMatchObject({ perm: 1 });
    // A profile edit without plan fields leaves the colleagues alone.
    await t.app.db.update(users).set({ perm: 3 }).where(eq(users.id, member.user._id));
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: as(admin),
      payload: { user: { _id: firm.user._id, fName: 'Fi' } },
    });
    expect(renamed.statusCode).toBe(200);
    expect(
      (await t.app.db.select().from(users).where(eq(users.id, member.user._id)))[0]?.perm,
    ).toBe(3);
  });

  describe('admin account management', () => {
    it('adds an account, in its own organisation or a given one, and mails it a verification', async () => {
      const email = uniqueEmail('added');
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/user/',
        headers: as(admin),
        payload: { fName: 'Added', email, perm: 3, role: 'user', password: 'Added123' },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ email, perm: 3, role: 'user', emailVerified: false });
      expect(created.json().companyId).not.toBe(admin.user.companyId);
      expect(codeFrom(await waitForMail(outbox, email))).toMatch(/^\d{6}$/);
      expect((await logIn(t.app, email, 'Added123')).user.email).toBe(email);

      const intoOrg = await t.app.inject({
        method: 'POST',
        url: '/api/user',
        headers: as(admin),
        payload: {
          fName: 'Joiner',
          email: uniqueEmail('joiner'),
          perm: 999,
          companyId: owner.user.companyId,
        },
      });
      expect(intoOrg.json().companyId).toBe(owner.user.companyId);

      const taken = await t.app.inject({
        method: 'POST',
        url: '/api/user',
        headers: as(admin),
        payload: { fName: 'Dup', email: email.toUpperCase(), perm: 999 },
      });
      expect(taken.statusCode).toBe(409);

      const invalid = await t.app.inject({
        method: 'POST',
        url: '/api/user',
        headers: as(admin),
        payload: { fName: '', email: 'nope', perm: 7 },
      });
      expect(invalid.statusCode).toBe(400);
      expect(
        invalid
          .json()
          .issues.map((issue: { path: string }) => issue.path)
          .sort(),
      ).toEqual(['email', 'fName', 'perm']);

      const byUser = await t.app.inject({
        method: 'POST',
        url: '/api/user',
        headers: as(owner),
        payload: { fName: 'Nope', email: uniqueEmail(), perm: 999 },
      });
      expect(byUser.statusCode).toBe(403);
    });

    it('deletes accounts (admins only, not their own)', async () => {
      const victim = await signUp(t.app);
      const byUser = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/${victim.user._id}`,
        headers: as(owner),
      });
      expect(byUser.statusCode).toBe(403);
      const self = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/${admin.user._id}`,
        headers: as(admin),
      });
      expect(self.statusCode).toBe(403);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/${victim.user._id}`,
        headers: as(admin),
      });
      expect(removed.statusCode).toBe(200);
      const gone = await t.app.inject({
        method: 'GET',
        url: `/api/user/${victim.user._id}`,
        headers: as(admin),
      });
      expect(gone.statusCode).toBe(404);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: victim.email, password: victim.password },
      });
      expect(login.json().key).toBe('INVALID_CREDENTIALS_ERR');
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/${victim.user._id}`,
        headers: as(admin),
      });
      expect(again.statusCode).toBe(404);
    });

    it("hands a deleted colleague's jobs and templates to whoever remains", async () => {
      const orgOwner = await signUp(t.app);
      const leaver = await createAccount(t.app, { orgId: orgOwner.user.companyId!, fName: 'Lee' });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/job',
        headers: as(leaver),
        payload: { job: jobPayload() },
      });
      expect(created.statusCode).toBe(201);
      const template = await t.app.inject({
        method: 'POST',
        url: '/api/template',
        headers: as(leaver),
        payload: { title: 'Screening', quests: [questionPayload('video')] },
      });
      expect(template.statusCode).toBe(201);

      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/${leaver.user._id}`,
        headers: as(admin),
      });
      expect(removed.statusCode).toBe(200);

      const job = await t.app.inject({
        method: 'GET',
        url: `/api/job/${created.json()._id}`,
        headers: as(orgOwner),
      });
      expect(job.statusCode).toBe(200);
      expect(job.json().owner._id).toBe(orgOwner.user._id);
      const kept = await t.app.inject({
        method: 'GET',
        url: `/api/template/${template.json()._id}`,
        headers: as(orgOwner),
      });
      expect(kept.statusCode).toBe(200);
    });

    it('tells the admin what deleting an account does to its work, and deletion does exactly that', async () => {
      const preview = (id: string, who: SignedUp | null = admin) =>
        t.app.inject({
          method: 'GET',
          url: `/api/user/${id}/deletion`,
          headers: who ? as(who) : {},
        });
      // A last member: the organisation, its jobs and their applicants go with the account.
      const solo = await signUp(t.app, { fName: 'Solo' });
      const soloJob = await t.app.inject({
        method: 'POST',
        url: '/api/job',
        headers: as(solo),
        payload: { job: jobPayload() },
      });
      expect(soloJob.statusCode).toBe(201);
      const soloPlan = await preview(solo.user._id);
      expect(soloPlan.statusCode, soloPlan.body).toBe(200);
      expect(soloPlan.json()).toEqual({
        outcome: 'delete',
        jobCount: 1,
        applicantCount: 0,
        successor: null,
      });
      // A member with colleagues: the work goes to the oldest colleague.
      const boss = await signUp(t.app, { fName: 'Boss' });
      const member = await createAccount(t.app, { orgId: boss.user.companyId!, fName: 'Mem' });
      await t.app.inject({
        method: 'POST',
        url: '/api/job',
        headers: as(member),
        payload: { job: jobPayload() },
      });
      const memberPlan = await preview(member.user._id);
      expect(memberPlan.json()).toMatchObject({
        outcome: 'transfer',
        jobCount: 1,
        successor: { _id: boss.user._id, fName: 'Boss' },
      });
      // Only admins ask; other organisations and anonymous callers learn nothing.
      expect((await preview(member.user._id, boss)).statusCode).toBe(403);
      expect((await preview(member.user._id, stranger)).statusCode).toBe(403);
      expect((await preview(member.user._id, null)).statusCode).toBe(401);
      expect((await preview(UNKNOWN_ID)).statusCode).toBe(404);
      expect((await preview(admin.user._id)).statusCode).toBe(403);

      // Deleting does what the preview said.
      await t.app.inject({
        method: 'DELETE',
        url: `/api/user/${solo.user._id}`,
        headers: as(admin),
      });
      expect(
        await t.app.db
          .select()
          .from(jobs)
          .where(eq(jobs.id, soloJob.json()._id as string)),
      ).toEqual([]);
      await t.app.inject({
        method: 'DELETE',
        url: `/api/user/${member.user._id}`,
        headers: as(admin),
      });
      const bossJobs = await t.app.db.select().from(jobs).where(eq(jobs.ownerId, boss.user._id));
      expect(bossJobs).toHaveLength(1);
    });

    it('honours "view as" for admins only', async () => {
      const acting = (who: SignedUp, viewAsId: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/__test/acting?viewAsId=${viewAsId}`,
          headers: as(who),
        });
      expect((await acting(admin, owner.user._id)).json()).toMatchObject({
        id: owner.user._id,
        orgId: owner.user.companyId,
        role: 'user',
      });
      expect((await acting(owner, stranger.user._id)).json()).toMatchObject({
        status: 403,
        key: 'VIEW_AS_FORBIDDEN_ERR',
      });
      expect((await acting(owner, owner.user._id)).json()).toMatchObject({ id: owner.user._id });
      expect((await acting(admin, UNKNOWN_ID)).statusCode).toBe(404);
    });
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
