import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema';
import { createAccount, logIn, signUp, uniqueEmail, type SignedUp } from './factories';
import { codeFrom, waitForMail } from './helpers';
import { jobPayload, questionPayload } from './jobs-helpers';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { UNKNOWN_ID, usersSuite } from './users-suite';

describe.each(testDbKinds())('users on %s: admin account management', (kind) => {
  const suite = usersSuite(kind);
  const { as } = suite;
  let t: TestApp;
  let outbox: string;
  let admin: SignedUp;
  let owner: SignedUp;
  let stranger: SignedUp;
  beforeAll(() => {
    ({ t, outbox, admin, owner, stranger } = suite.state);
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
});
