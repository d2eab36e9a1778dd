import { DIGEST_INTERVAL_MS, type Job, type SessionUser } from '@candid/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue, users } from '../src/db/schema';
import {
  DIGEST_PURPOSE,
  SUBMITTED_PURPOSE,
  sendDueDigests,
} from '../src/modules/notifications/notifications.service';
import { bearer, type SignedUp } from './factories';
import {
  accountWith,
  CANDIDATE_INFO,
  createInterviewJob,
  submitTextInterview,
} from './interview-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

describe.each(testDbKinds('both'))('submitted-interview e-mails on %s', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let watcher: SignedUp;
  let quiet: SignedUp;
  let stranger: SignedUp;
  let job: Job;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await accountWith(t.app, { perm: 999, fName: 'Olga' });
    const orgId = owner.user.companyId!;
    watcher = await accountWith(t.app, { orgId, fName: 'Wendy' });
    quiet = await accountWith(t.app, { orgId, fName: 'Quinn' });
    stranger = await accountWith(t.app, { fName: 'Stan' });
    job = await createInterviewJob(t.app, owner, ['text']);
  }, 120_000);
  afterAll(async () => t?.close());

  const setPrefs = (who: SignedUp, notifications: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: bearer(who.accessToken),
      payload: { user: { notifications } },
    });

  /** A candidate starts and submits an interview of `job`. */
  const submit = (fName: string) =>
    submitTextInterview(t.app, job, { fName, email: `${fName.toLowerCase()}@example.com` });

  const queued = (purpose: string, refId?: string) =>
    t.app.db
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.purpose, purpose), refId ? eq(mailQueue.refId, refId) : undefined));

  it('mails the job owner by default, members who opted in for every job, nobody else', async () => {
    expect((await setPrefs(watcher, { scope: 'all', mode: 'each' })).statusCode).toBe(200);
    const off = await setPrefs(quiet, { scope: 'off', mode: 'each' });
    expect((off.json() as SessionUser).notifications).toEqual({ scope: 'off', mode: 'each' });
    await t.app.db.update(users).set({ language: 'he' }).where(eq(users.id, watcher.user._id));

    const applicantId = await submit('Dana');
    const mails = await queued(SUBMITTED_PURPOSE, applicantId);
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([owner.email, watcher.email].sort());
    const toOwner = mails.find((mail) => mail.toAddress === owner.email)!;
    expect(toOwner.subject).toBe(
      `New interview: Dana ${CANDIDATE_INFO.lName} for ${job.info.title}`,
    );
    expect(toOwner.text).toContain(`/backoffice/details/${job._id}/${applicantId}`);
    expect(toOwner.locale).toBe('en');
    // Each reader in their own language.
    const toWatcher = mails.find((mail) => mail.toAddress === watcher.email)!;
    expect(toWatcher.locale).toBe('he');
    expect(toWatcher.subject).toContain('ראיון חדש');
  });

  it('refuses unknown preferences and changes nothing', async () => {
    const bad = await setPrefs(quiet, { scope: 'team', mode: 'hourly' });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, quiet.user._id));
    expect(row).toMatchObject({ notifyScope: 'off', notifyMode: 'each' });
  });

  it('sends a digest once a day with the interviews since the last, once, and none when there were none', async () => {
    const chosen = await setPrefs(watcher, { scope: 'all', mode: 'digest' });
    expect((chosen.json() as SessionUser).notifications).toEqual({ scope: 'all', mode: 'digest' });
    const [{ digestFrom }] = (await t.app.db
      .select({ digestFrom: users.digestFrom })
      .from(users)
      .where(eq(users.id, watcher.user._id))) as [{ digestFrom: Date }];
    expect(digestFrom).toBeInstanceOf(Date);

    const first = await submit('Eli');
    const second = await submit('Fay');
    // A digest reader gets no e-mail per interview.
    expect((await queued(SUBMITTED_PURPOSE, first)).map((mail) => mail.toAddress)).toEqual([
      owner.email,
    ]);

    const deps = (at: number) => ({
      db: t.app.db,
      now: new Date(at),
      publicUrl: 'http://localhost:3000',
      queue: { kick: async () => ({ sent: 0, retried: 0, failed: 0 }) },
    });
    const dayLater = digestFrom.getTime() + DIGEST_INTERVAL_MS;
    expect(await sendDueDigests(deps(dayLater - 60_000))).toBe(0);
    expect(await sendDueDigests(deps(dayLater + 60_000))).toBe(1);
    const [digest, ...others] = await queued(DIGEST_PURPOSE, watcher.user._id);
    expect(others).toEqual([]);
    expect(digest!.locale).toBe('he');
    expect(digest!.subject).toBe('2 ראיונות חדשים מאתמול');
    expect(digest!.text).toContain(`/backoffice/details/${job._id}/${first}`);
    expect(digest!.text).toContain(`/backoffice/details/${job._id}/${second}`);
    // Taken once, even by a second sweep at the same moment.
    expect(await sendDueDigests(deps(dayLater + 60_000))).toBe(0);
    // The next day had no interviews: no e-mail, and the period moves on.
    expect(await sendDueDigests(deps(dayLater + 60_000 + DIGEST_INTERVAL_MS))).toBe(0);
    expect(await queued(DIGEST_PURPOSE, watcher.user._id)).toHaveLength(1);
  });

  it("never tells another organisation's recruiter", async () => {
    await setPrefs(stranger, { scope: 'all', mode: 'each' });
    const applicantId = await submit('Gil');
    const mails = await queued(SUBMITTED_PURPOSE, applicantId);
    expect(mails.map((mail) => mail.toAddress)).not.toContain(stranger.email);
  });
});
