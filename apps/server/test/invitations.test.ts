import type { ApplicantListResponse, Job } from '@candid/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants, mailQueue, timelineEvents } from '../src/db/schema';
import { readOutbox } from '../src/mail/mailer';
import type { Mailer } from '../src/mail/mailer';
import {
  MAX_MAIL_ATTEMPTS,
  createMailQueue,
  enqueueMails,
  mailRetryDelayMs,
} from '../src/modules/outbox/mail-queue';
import { INVITATION_REMINDER_AFTER_MS } from '@candid/domain';
import { sendDueReminders } from '../src/modules/invitations/invitations.service';
import { bearer, type SignedUp } from './factories';
import { createTestClock } from './helpers';
import {
  accountWith,
  callAsCandidate,
  createInterviewJob,
  startInterview,
} from './interview-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

const MESSAGE = {
  subject: 'Your interview at Acme',
  message: 'Hello!\nPlease record a few short answers this week.',
  language: 'en',
};

describe.each(testDbKinds())('invitations by e-mail (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let other: SignedUp;
  let job: Job;
  const clock = createTestClock();

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { now: clock.now });
    owner = await accountWith(t.app, { fName: 'Rina' });
    other = await accountWith(t.app, { fName: 'Other' });
    job = await createInterviewJob(t.app, owner, ['text']);
  }, 120_000);
  afterAll(async () => t?.close());

  const invite = (who: SignedUp, rows: unknown[], jobId = job._id) =>
    t.app.inject({
      method: 'POST',
      url: `/api/job/${jobId}/invitations`,
      headers: bearer(who.accessToken),
      payload: { rows, ...MESSAGE },
    });

  const applicantCount = async () => {
    const [row] = await t.app.db
      .select({ n: count() })
      .from(applicants)
      .where(eq(applicants.jobId, job._id));
    return row!.n;
  };
  const queued = async () => {
    const [row] = await t.app.db.select({ n: count() }).from(mailQueue);
    return row!.n;
  };
  const tokenOf = (text: string) => /\?invite=([A-Za-z0-9_-]{32})/u.exec(text)?.[1];

  it('invites each person with a personal link, sends from the queue and marks them sent', async () => {
    const response = await invite(owner, [
      { fName: 'Dana', lName: 'Levi', email: 'Dana@Example.com', phone: '050-1234567' },
      { fName: 'Avi', email: 'avi@example.com' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { invited } = response.json<{ invited: { id: string; email: string }[] }>();
    expect(invited.map((row) => row.email)).toEqual(['dana@example.com', 'avi@example.com']);

    await t.app.mailQueue.idle();
    await t.app.mailQueue.runOnce();
    const mails = (await readOutbox(t.config.mail.outboxDir)).filter((mail) =>
      ['dana@example.com', 'avi@example.com'].includes(mail.to),
    );
    expect(mails).toHaveLength(2);
    const dana = mails.find((mail) => mail.to === 'dana@example.com')!;
    expect(dana.subject).toBe(MESSAGE.subject);
    expect(dana.text).toContain('Hi \u2068Dana\u2069,');
    expect(dana.text).toContain('Please record a few short answers this week.');
    expect(dana.text).toContain(`http://localhost:3000/interview/${job._id}?invite=`);
    expect(dana.html).toContain('Start your interview');
    // Two different personal links.
    expect(tokenOf(dana.text)).not.toBe(
      tokenOf(mails.find((m) => m.to === 'avi@example.com')!.text),
    );

    const [row] = await t.app.db.select().from(applicants).where(eq(applicants.id, invited[0]!.id));
    expect(row).toMatchObject({
      fName: 'Dana',
      lName: 'Levi',
      phone: '050-1234567',
      openedAt: null,
    });
    expect(row!.sentAt).toBeInstanceOf(Date);
    const events = await t.app.db
      .select({ activity: timelineEvents.activity })
      .from(timelineEvents)
      .where(eq(timelineEvents.applicantId, invited[0]!.id));
    expect(events.map((e) => e.activity)).toEqual(['created', 'sent']);
    // The token itself is stored nowhere, only its hash.
    expect(row!.inviteTokenHash).toMatch(/^[0-9a-f]{64}$/u);
    expect(JSON.stringify(row)).not.toContain(tokenOf(dana.text)!);
  });

  it('opens the link (pre-fill, opened once) and starts the invited applicant, no new one', async () => {
    await invite(owner, [{ fName: 'Noa', email: 'noa@example.com' }]);
    await t.app.mailQueue.idle();
    await t.app.mailQueue.runOnce();
    const mail = (await readOutbox(t.config.mail.outboxDir)).find(
      (m) => m.to === 'noa@example.com',
    )!;
    const token = tokenOf(mail.text)!;

    const opened = await t.app.inject({ method: 'GET', url: `/api/invitation?token=${token}` });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({
      jobId: job._id,
      info: { fName: 'Noa', lName: '', email: 'noa@example.com', phone: '' },
    });
    const [first] = await t.app.db
      .select()
      .from(applicants)
      .where(eq(applicants.email, 'noa@example.com'));
    expect(first!.openedAt).toBeInstanceOf(Date);
    await t.app.inject({ method: 'GET', url: `/api/invitation?token=${token}` });
    const [second] = await t.app.db
      .select()
      .from(applicants)
      .where(eq(applicants.email, 'noa@example.com'));
    expect(second!.openedAt).toEqual(first!.openedAt);

    const before = await applicantCount();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/applicant',
      payload: {
        jobId: job._id,
        consent: { version: 0, language: 'en' },
        inviteToken: token,
        applicant: {
          info: {
            fName: 'Noa',
            lName: 'Bar',
            email: 'noa@example.com',
            phone: '050-7654321',
            hometown: 'Acre',
          },
        },
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().applicant.id).toBe(first!.id);
    expect(await applicantCount()).toBe(before);
    const [row] = await t.app.db.select().from(applicants).where(eq(applicants.id, first!.id));
    expect(row).toMatchObject({ lName: 'Bar', hometown: 'Acre', phone: '050-7654321' });
    expect(row!.openedAt).toEqual(first!.openedAt);

    // The overview tells opened from started (an answer saved) from submitted.
    const listed = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/job/applicant?jobId=${job._id}`,
        headers: bearer(owner.accessToken),
      });
      expect(response.statusCode, response.body).toBe(200);
      const items = (response.json() as ApplicantListResponse).applicants;
      return items.find((item) => item.id === first!.id)!;
    };
    expect(await listed()).toMatchObject({ started: false, timestamp: { submitted: null } });
    await t.app.db
      .update(applicants)
      .set({ answerMap: { [job.quests[0]!.id]: { resTime: 3, txt: 'A first answer' } } })
      .where(eq(applicants.id, first!.id));
    expect(await listed()).toMatchObject({ started: true, timestamp: { submitted: null } });
  });

  it("shows the company's logo at the top of the e-mail, as an absolute address", async () => {
    const withLogo = { ...job, company: { ...job.company, logoUrl: '/api/files/org/logo.png' } };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/job',
      headers: bearer(owner.accessToken),
      payload: { jobs: [withLogo] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await invite(owner, [{ fName: 'Logo', email: 'logo@example.com' }]);
    await t.app.mailQueue.idle();
    await t.app.mailQueue.runOnce();
    const mail = (await readOutbox(t.config.mail.outboxDir)).find(
      (m) => m.to === 'logo@example.com',
    )!;
    expect(mail.html).toContain(
      `<img src="http://localhost:3000/api/files/org/logo.png" alt="${job.company.name}"`,
    );
  });

  it('refuses an unknown or malformed token and a link whose interview was submitted', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/invitation?token=${'a'.repeat(32)}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ key: 'NOT_FOUND_ERR' });
    const malformed = await t.app.inject({ method: 'GET', url: '/api/invitation?token=short' });
    expect(malformed.statusCode).toBe(400);
  });

  it('reports bad rows one by one and creates nothing: malformed, twice in the list, already an applicant', async () => {
    await startInterview(t.app, job._id, {
      fName: 'Existing',
      lName: 'One',
      email: 'existing@example.com',
      phone: '050-1234567',
      hometown: 'Haifa',
    });
    const applicantsBefore = await applicantCount();
    const mailsBefore = await queued();

    const malformed = await invite(owner, [
      { fName: 'Ok', email: 'ok@example.com' },
      { fName: '', email: 'broken' },
      { fName: 'Twice', email: 'OK@example.com' },
    ]);
    expect(malformed.statusCode).toBe(400);
    const paths = malformed.json<{ issues: { path: string; message: string }[] }>().issues;
    expect(paths).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'rows.1.fName' }),
        expect.objectContaining({ path: 'rows.1.email', message: 'validation.EMAIL_VALIDATE' }),
        expect.objectContaining({
          path: 'rows.2.email',
          message: 'validation.DUPLICATE_EMAIL_VALIDATE',
        }),
      ]),
    );

    const taken = await invite(owner, [
      { fName: 'New', email: 'new@example.com' },
      { fName: 'Existing', email: 'existing@example.com' },
    ]);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      key: 'VALIDATION_ERR',
      issues: [{ path: 'rows.1.email', message: 'validation.ALREADY_APPLICANT_VALIDATE' }],
    });
    expect(await applicantCount()).toBe(applicantsBefore);
    expect(await queued()).toBe(mailsBefore);
  });

  it("lets no one invite to another organisation's job, and no candidate or visitor at all", async () => {
    const before = await applicantCount();
    const foreign = await invite(other, [{ fName: 'X', email: 'x@example.com' }]);
    expect(foreign.statusCode).toBe(404);
    const candidate = (await startInterview(t.app, job._id)).candidateToken;
    const asCandidate = await t.app.inject({
      method: 'POST',
      url: `/api/job/${job._id}/invitations`,
      headers: bearer(candidate),
      payload: { rows: [{ fName: 'X', email: 'y@example.com' }], ...MESSAGE },
    });
    expect(asCandidate.statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/job/${job._id}/invitations`,
      payload: { rows: [{ fName: 'X', email: 'z@example.com' }], ...MESSAGE },
    });
    expect(anonymous.statusCode).toBe(401);
    // The candidate who started above is the only new applicant.
    expect(await applicantCount()).toBe(before + 1);
  });

  it('keeps a queued mail across a restart and retries a failing server with backoff', async () => {
    let now = new Date('2026-12-01T10:00:00Z');
    await enqueueMails(
      t.app.db,
      [
        {
          orgId: null,
          purpose: 'test',
          refId: null,
          to: 'retry@example.com',
          subject: 's',
          text: 't',
          html: '<p>t</p>',
          locale: 'en',
        },
      ],
      now,
    );
    const sent: string[] = [];
    let failing = true;
    const mailer: Mailer = {
      send: async (message) => {
        if (failing) throw new Error('421 service not available');
        sent.push(message.to);
        return { id: 'x', transport: 'smtp' };
      },
      close: async () => undefined,
    };
    const log = { warn: () => undefined, error: () => undefined };
    // A new sender on the same database: what a restarted process has.
    const queue = createMailQueue({ db: t.app.db, mailer, now: () => now, log });
    expect(await queue.runOnce()).toMatchObject({ sent: 0, retried: 1 });
    const [afterFailure] = await t.app.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.toAddress, 'retry@example.com'));
    expect(afterFailure).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: '421 service not available',
    });
    expect(afterFailure!.nextAttemptAt.getTime()).toBe(now.getTime() + mailRetryDelayMs(1));
    // Not due yet: nothing is tried.
    expect(await queue.runOnce()).toMatchObject({ sent: 0, retried: 0 });
    now = new Date(now.getTime() + mailRetryDelayMs(1));
    failing = false;
    expect(await queue.runOnce()).toMatchObject({ sent: 1 });
    expect(sent).toEqual(['retry@example.com']);
    const [done] = await t.app.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.toAddress, 'retry@example.com'));
    expect(done).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('gives a mail up as failed after the last attempt', async () => {
    let now = new Date('2026-12-02T10:00:00Z');
    await enqueueMails(
      t.app.db,
      [
        {
          orgId: null,
          purpose: 'test',
          refId: null,
          to: 'dead@example.com',
          subject: 's',
          text: 't',
          html: 't',
          locale: 'en',
        },
      ],
      now,
    );
    const mailer: Mailer = {
      send: async () => {
        throw new Error('550 no such user');
      },
      close: async () => undefined,
    };
    const queue = createMailQueue({
      db: t.app.db,
      mailer,
      now: () => now,
      log: { warn: () => undefined, error: () => undefined },
    });
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt += 1) {
      await queue.runOnce();
      now = new Date(now.getTime() + mailRetryDelayMs(attempt));
    }
    const [row] = await t.app.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.toAddress, 'dead@example.com'));
    expect(row).toMatchObject({
      status: 'failed',
      attempts: MAX_MAIL_ATTEMPTS,
      lastError: '550 no such user',
    });
    expect(await queue.runOnce()).toMatchObject({ sent: 0, retried: 0, failed: 0 });
  });

  it('reminds, once, whoever has not finished two days later; the stop link and finishing end it', async () => {
    const people = ['rem1', 'rem2', 'rem3'].map((name) => ({
      fName: name,
      email: `${name}@example.com`,
    }));
    expect((await invite(owner, people)).statusCode).toBe(201);
    await t.app.mailQueue.idle();
    await t.app.mailQueue.runOnce();
    const outbox = async () => readOutbox(t.config.mail.outboxDir);
    const linkOf = async (to: string) =>
      tokenOf((await outbox()).find((mail) => mail.to === to)!.text)!;
    const rem1Token = await linkOf('rem1@example.com');
    const invitationText = (await outbox()).find((m) => m.to === 'rem1@example.com')!.text;
    expect(invitationText).toContain('we will send one reminder in two days');

    // The stop link's page only asks (a mail scanner opening rem1's link stops nothing)...
    const ask = await t.app.inject({
      method: 'GET',
      url: `/api/invitation/stop?token=${rem1Token}`,
    });
    expect(ask.statusCode).toBe(200);
    expect(ask.headers['content-type']).toContain('text/html');
    expect(ask.body).toContain('<form method="post" action="/api/invitation/stop?token=');
    expect(ask.body).toContain('Stop reminders</button>');
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/invitation/stop?token=${'x'.repeat(32)}`,
    });
    expect(unknown.statusCode).toBe(404);
    // ...its button stops them: rem2 does (a form post, as the page or a mail client sends);
    // rem3 starts and quits the interview.
    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/invitation/stop?token=${await linkOf('rem2@example.com')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.headers['content-type']).toContain('text/html');
    expect(stop.body).toContain('no more reminders');
    const rem3 = await t.app.inject({
      method: 'POST',
      url: '/api/applicant',
      payload: {
        jobId: job._id,
        consent: { version: 0, language: 'en' },
        inviteToken: await linkOf('rem3@example.com'),
        applicant: {
          info: {
            fName: 'rem3',
            lName: 'X',
            email: 'rem3@example.com',
            phone: '050-1234567',
            hometown: 'Acre',
          },
        },
      },
    });
    expect(rem3.statusCode, rem3.body).toBe(201);
    const quit = await callAsCandidate(t.app, rem3.json().candidateToken)('PUT', '/api/applicant', {
      applicant: { id: rem3.json().applicant.id, timestamp: { quited: new Date().toISOString() } },
      jobId: job._id,
    });
    expect(quit.statusCode, quit.body).toBe(200);

    const deps = () => ({
      db: t.app.db,
      now: clock.now(),
      publicUrl: t.config.publicUrl,
      secret: t.config.jwtSecret,
      queue: t.app.mailQueue,
    });
    // Not yet due.
    expect(await sendDueReminders(deps())).toBe(0);
    clock.advance(INVITATION_REMINDER_AFTER_MS + 60_000);
    try {
      // Everyone invited by the earlier tests is due too (none of them finished).
      expect(await sendDueReminders(deps())).toBeGreaterThan(0);
      expect(await sendDueReminders(deps())).toBe(0);
      await t.app.mailQueue.idle();
      await t.app.mailQueue.runOnce();
      const reminders = (await outbox()).filter(
        (mail) => mail.subject.startsWith('Reminder: ') && mail.to.startsWith('rem'),
      );
      expect(reminders.map((mail) => mail.to)).toEqual(['rem1@example.com']);
      expect(reminders[0]!.subject).toBe(`Reminder: ${MESSAGE.subject}`);
      // The same personal link as the invitation.
      expect(tokenOf(reminders[0]!.text)).toBe(rem1Token);
    } finally {
      clock.reset();
    }
  });
});
