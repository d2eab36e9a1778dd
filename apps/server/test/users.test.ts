import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicants, jobs, users } from '../src/db/schema';
import { createAccount, signUp, uniqueEmail, type SignedUp } from './factories';
import { verifyTokenFrom, waitForMail } from './helpers';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { UNKNOWN_ID, usersSuite } from './users-suite';

describe.each(testDbKinds())('users on %s: reading and updating profiles', (kind) => {
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
});
