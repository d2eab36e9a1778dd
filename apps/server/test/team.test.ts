import { PLANS, type Job, type TeamMember, type TeamResponse } from '@candid/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, jobs, templates, users } from '../src/db/schema';
import { readOutbox } from '../src/mail/mailer';
import { bearer, logIn, signUp, uniqueEmail, type SignedUp } from './factories';
import { createInterviewJob } from './interview-helpers';
import { accountWith, questionPayload } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

/** The set-password link's token in a member's invitation mail. */
function passwordTokenFrom(text: string): string {
  const match = /\/set-password\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match) throw new Error('no set-password link in the mail');
  return decodeURIComponent(match[1]!);
}

describe.each(testDbKinds())('organisation members on %s', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let starterOwner: SignedUp;
  let stranger: SignedUp;
  let admin: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t.app, { fName: 'Olga', companyName: 'Olga Co' });
    starterOwner = await signUp(t.app, { fName: 'Sam' });
    await t.app.db
      .update(users)
      .set({ perm: PLANS.BASIC })
      .where(eq(users.id, starterOwner.user._id));
    stranger = await signUp(t.app, { fName: 'Stan' });
    admin = await accountWith(t.app, { role: 'admin' });
  });
  afterAll(async () => t?.close());

  const call = (
    who: SignedUp | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: who ? bearer(who.accessToken) : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  /** The owner adds a member and the member chooses a password from the emailed link. */
  async function addMember(
    fName: string,
  ): Promise<SignedUp & { member: TeamMember; token: string }> {
    const email = uniqueEmail(fName.toLowerCase());
    const added = await call(owner, 'POST', '/api/team/member', { fName, lName: 'M', email });
    expect(added.statusCode, added.body).toBe(201);
    await t.app.mailQueue.idle();
    await t.app.mailQueue.runOnce();
    const mail = (await readOutbox(t.config.mail.outboxDir)).findLast((m) => m.to === email);
    expect(mail?.subject).toContain('Olga');
    const token = passwordTokenFrom(mail!.text);
    const set = await call(null, 'PUT', '/api/auth/set-password', { token, password: 'Member123' });
    expect(set.statusCode, set.body).toBe(200);
    return {
      ...(set.json() as SignedUp),
      email,
      password: 'Member123',
      token,
      member: added.json() as TeamMember,
    };
  }

  it('marks who signed up as the owner, and lists the organisation owner first', async () => {
    expect(owner.user.orgRole).toBe('owner');
    const team = await call(owner, 'GET', '/api/team');
    expect(team.statusCode).toBe(200);
    const body = team.json() as TeamResponse;
    expect(body.canManage).toBe(true);
    expect(body.members.map((m) => [m._id, m.orgRole])).toEqual([[owner.user._id, 'owner']]);
  });

  it('adds a member who sets their password from the link (once), then works on the organisation jobs', async () => {
    const job = await createInterviewJob(t.app, owner, ['video']);
    const member = await addMember('Mia');
    expect(member.user).toMatchObject({ orgRole: 'recruiter', emailVerified: true });
    expect(member.user.companyId).toBe(owner.user.companyId);
    const again = await logIn(t.app, member.email, 'Member123');
    expect(again.user._id).toBe(member.user._id);
    // The link works once.
    const reused = await call(null, 'PUT', '/api/auth/set-password', {
      token: member.token,
      password: 'Other1234',
    });
    expect(reused.json()).toMatchObject({ status: 400, key: 'PASSWORD_LINK_INVALID_ERR' });

    // A member sees and edits the organisation's jobs like the owner.
    const list = await call(member, 'GET', '/api/job');
    expect((list.json() as { jobs: Job[] }).jobs.map((j) => j._id)).toContain(job._id);
    const edit = await call(member, 'PUT', '/api/job', {
      jobs: [{ ...job, info: { ...job.info, title: 'Edited by a member' } }],
    });
    expect(edit.statusCode, edit.body).toBe(200);

    // …but does not manage members.
    const team = await call(member, 'GET', '/api/team');
    expect((team.json() as TeamResponse).canManage).toBe(false);
    const add = await call(member, 'POST', '/api/team/member', {
      fName: 'X',
      email: uniqueEmail('x'),
    });
    expect(add.statusCode).toBe(403);
    const remove = await call(member, 'DELETE', `/api/team/member/${owner.user._id}`);
    expect(remove.statusCode).toBe(403);
    const password = await call(member, 'PUT', `/api/user/password/${owner.user._id}`, {
      newPassword: 'Taken123',
    });
    expect(password.statusCode).toBe(403);
  });

  it('refuses a used, unknown or expired set-password link', async () => {
    const used = await call(null, 'PUT', '/api/auth/set-password', {
      token: 'not-a-token',
      password: 'Member123',
    });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ key: 'PASSWORD_LINK_INVALID_ERR' });
    const weak = await call(null, 'PUT', '/api/auth/set-password', {
      token: 'x',
      password: 'weak',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ key: 'VALIDATION_ERR' });
  });

  it('lets the owner edit a member, set their password and send a new link', async () => {
    const member = await addMember('Eli');
    const edited = await call(owner, 'PUT', `/api/team/member/${member.user._id}`, {
      fName: 'Elias',
      lName: 'New',
      email: member.email,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ fName: 'Elias', lName: 'New', hasPassword: true });

    const password = await call(owner, 'PUT', `/api/user/password/${member.user._id}`, {
      newPassword: 'Given1234',
    });
    expect(password.statusCode, password.body).toBe(200);
    expect((await logIn(t.app, member.email, 'Given1234')).user._id).toBe(member.user._id);
    // The owner changes no plan or role of a member.
    const access = await call(owner, 'PUT', '/api/user', {
      user: { _id: member.user._id, perm: PLANS.ALL_FEATURES, role: 'admin' },
    });
    expect(access.statusCode).toBe(403);

    const resend = await call(owner, 'POST', `/api/team/member/${member.user._id}/invitation`);
    expect(resend.statusCode).toBe(200);
  });

  it('removes a member: their jobs and templates go to the owner, nothing is orphaned', async () => {
    const member = await addMember('Rui');
    const job = await createInterviewJob(t.app, member, ['video']);
    const template = await call(member, 'POST', '/api/template', {
      title: 'Member template',
      coverUrl: '/api/covers/city-skyline.svg',
      quests: [questionPayload('video')],
    });
    expect(template.statusCode, template.body).toBe(201);
    const before = (await call(owner, 'GET', '/api/team')).json() as TeamResponse;
    expect(before.members.find((m) => m._id === member.user._id)?.jobCount).toBe(1);

    const removed = await call(owner, 'DELETE', `/api/team/member/${member.user._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const [jobRow] = await t.app.db.select().from(jobs).where(eq(jobs.id, job._id));
    expect(jobRow?.ownerId).toBe(owner.user._id);
    const [templateRow] = await t.app.db
      .select()
      .from(templates)
      .where(eq(templates.id, (template.json() as { _id: string })._id));
    expect(templateRow?.ownerId).toBe(owner.user._id);
    const gone = await t.app.db.select().from(users).where(eq(users.id, member.user._id));
    expect(gone).toEqual([]);
    // Their session ends with the account.
    const after = await call(member, 'GET', '/api/job');
    expect(after.statusCode).toBe(401);
    const logged = await t.app.db
      .select()
      .from(activities)
      .where(eq(activities.userId, owner.user._id));
    expect(logged.filter((a) => a.target === 'user').map((a) => a.type)).toEqual(
      expect.arrayContaining(['create', 'update', 'remove']),
    );
  });

  it('keeps the owner: nobody removes them from the team screen', async () => {
    const response = await call(owner, 'DELETE', `/api/team/member/${owner.user._id}`);
    expect(response.statusCode).toBe(403);
  });

  it('needs MULTI_USER_ORGANIZATION: an owner on a lower plan sees the team but cannot add', async () => {
    const team = await call(starterOwner, 'GET', '/api/team');
    expect(team.statusCode).toBe(200);
    expect((team.json() as TeamResponse).canManage).toBe(false);
    const add = await call(starterOwner, 'POST', '/api/team/member', {
      fName: 'X',
      email: uniqueEmail('x'),
    });
    expect(add.statusCode).toBe(403);
    await t.app.db
      .update(users)
      .set({ advancedPrm: { MULTI_USER_ORGANIZATION: true } })
      .where(eq(users.id, starterOwner.user._id));
    const granted = await call(starterOwner, 'POST', '/api/team/member', {
      fName: 'Granted',
      email: uniqueEmail('granted'),
    });
    expect(granted.statusCode, granted.body).toBe(201);
  });

  it("never lets another organisation's user, a plain admin or an anonymous caller at the members", async () => {
    const member = await addMember('Zoe');
    const id = member.user._id;
    for (const who of [stranger, admin]) {
      const team = (await call(who, 'GET', '/api/team')).json() as TeamResponse;
      expect(team.members.map((m) => m._id)).not.toContain(id);
      for (const [method, url, payload] of [
        ['PUT', `/api/team/member/${id}`, { fName: 'X', email: uniqueEmail('x') }],
        ['POST', `/api/team/member/${id}/invitation`, undefined],
        ['DELETE', `/api/team/member/${id}`, undefined],
      ] as const) {
        const response = await call(who, method, url, payload);
        expect([403, 404], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
      }
    }
    const password = await call(stranger, 'PUT', `/api/user/password/${id}`, {
      newPassword: 'Taken123',
    });
    expect(password.statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', '/api/team'],
      ['POST', '/api/team/member'],
      ['DELETE', `/api/team/member/${id}`],
    ] as const) {
      expect((await call(null, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(
        401,
      );
    }
    expect(await t.app.db.select().from(users).where(eq(users.id, id))).toHaveLength(1);
  });

  it("an admin viewing as the owner works on the owner's organisation, and the activity says so", async () => {
    const asOwner = `?viewAsId=${owner.user._id}`;
    const team = (await call(admin, 'GET', `/api/team${asOwner}`)).json() as TeamResponse;
    expect(team.members[0]?._id).toBe(owner.user._id);
    expect(team.canManage).toBe(true);

    const email = uniqueEmail('viewed');
    const added = await call(admin, 'POST', `/api/team/member${asOwner}`, {
      fName: 'Vera',
      email,
    });
    expect(added.statusCode, added.body).toBe(201);
    const memberId = (added.json() as TeamMember)._id;
    const [row] = await t.app.db.select().from(users).where(eq(users.id, memberId));
    expect(row?.orgId).toBe(owner.user.companyId);
    const [activity] = await t.app.db
      .select()
      .from(activities)
      .where(eq(activities.userId, admin.user._id))
      .orderBy(desc(activities.date))
      .limit(1);
    expect(activity?.meta).toMatchObject({ memberId, viewAsId: owner.user._id });

    // The owner's team shows the member; without viewAsId the admin is back in their own one.
    const ownTeam = (await call(admin, 'GET', '/api/team')).json() as TeamResponse;
    expect(ownTeam.members.map((m) => m._id)).not.toContain(memberId);
    const ownersTeam = (await call(owner, 'GET', '/api/team')).json() as TeamResponse;
    expect(ownersTeam.members.map((m) => m._id)).toContain(memberId);
    // Removed while viewing as: found in the viewed organisation, not refused as another one's.
    const removed = await call(admin, 'DELETE', `/api/team/member/${memberId}${asOwner}`);
    expect(removed.statusCode, removed.body).toBe(200);
    // A recruiter's viewAsId of someone else is refused, not answered with their own team.
    const strangers = await call(stranger, 'GET', `/api/team${asOwner}`);
    expect(strangers.json()).toMatchObject({ status: 403, key: 'VIEW_AS_FORBIDDEN_ERR' });
  });

  it('refuses an email that already has an account', async () => {
    const response = await call(owner, 'POST', '/api/team/member', {
      fName: 'Dup',
      email: stranger.email,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ key: 'EMAIL_TAKEN_ERR' });
  });
});
