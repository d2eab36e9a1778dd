import {
  DEADLINE_REMINDER_BEFORE_MS,
  INVITATION_REMINDER_AFTER_MS,
  type Job,
} from '@candid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants, jobs, mailQueue } from '../src/db/schema';
import { readOutbox } from '../src/mail/mailer';
import {
  DEADLINE_REMINDER_PURPOSE,
  sendDueDeadlineReminders,
  sendDueReminders,
} from '../src/modules/invitations/invitations.service';
import { bearer, type SignedUp } from './factories';
import { createTestClock } from './helpers';
import { accountWith, callAsCandidate, createInterviewJob } from './interview-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

describe.each(testDbKinds('both'))('the deadline reminder (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  const clock = createTestClock();

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { now: clock.now });
    owner = await accountWith(t.app, { fName: 'Rina' });
  }, 120_000);
  afterAll(async () => t?.close());

  const deps = () => ({
    db: t.app.db,
    now: clock.now(),
    publicUrl: t.config.publicUrl,
    secret: t.config.jwtSecret,
    queue: t.app.mailQueue,
  });
  const jobClosingIn = async (ms: number) => {
    const job = await createInterviewJob(t.app, owner, ['text']);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/job',
      headers: bearer(owner.accessToken),
      payload: { jobs: [{ ...job, closesAt: new Date(clock.now().getTime() + ms).toISOString() }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json<{ jobs: Job[] }>().jobs[0]!;
  };
  const invite = async (job: Job, rows: { fName: string; email: string }[], extra = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/job/${job._id}/invitations`,
      headers: bearer(owner.accessToken),
      payload: { rows, subject: 'Interview at Acme', message: 'Hello', language: 'en', ...extra },
    });
    expect(response.statusCode, response.body).toBe(201);
    await t.app.mailQueue.idle();
    await t.app.mailQueue.runOnce();
  };
  const outbox = () => readOutbox(t.config.mail.outboxDir);
  const tokenOf = async (to: string) =>
    /\?invite=([A-Za-z0-9_-]{32})/u.exec((await outbox()).find((m) => m.to === to)!.text)![1]!;
  const deadlineMails = async () =>
    t.app.db.select().from(mailQueue).where(eq(mailQueue.purpose, DEADLINE_REMINDER_PURPOSE));

  it('goes once, a day before closing, to invited people who have not finished or opted out', async () => {
    const job = await jobClosingIn(4 * DAY_MS);
    await invite(job, [
      { fName: 'Waiting', email: 'waiting@example.com' },
      { fName: 'Stopped', email: 'stopped@example.com' },
      { fName: 'Done', email: 'done@example.com' },
    ]);
    await invite(job, [{ fName: 'Quiet', email: 'quiet@example.com' }], { remind: false });
    const invitation = (await outbox()).find((m) => m.to === 'waiting@example.com')!;
    expect(invitation.text).toContain('one a day before applications close');

    // "Stopped" stops reminders; "Done" submits.
    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/invitation/stop?token=${await tokenOf('stopped@example.com')}`,
    });
    expect(stop.statusCode).toBe(200);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/applicant',
      payload: {
        jobId: job._id,
        consent: { version: 0, language: 'en' },
        inviteToken: await tokenOf('done@example.com'),
        applicant: {
          info: {
            fName: 'Done',
            lName: 'D',
            email: 'done@example.com',
            phone: '050-1234567',
            hometown: 'Acre',
          },
        },
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { applicant, candidateToken } = started.json<{
      applicant: { id: string };
      candidateToken: string;
    }>();
    const submitted = await callAsCandidate(t.app, candidateToken)('PUT', '/api/applicant', {
      applicant: {
        id: applicant.id,
        answerMap: { [job.quests[0]!.id]: { txt: 'Answer', resTime: 10 } },
        timestamp: { submitted: clock.now().toISOString() },
      },
      jobId: job._id,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);

    try {
      expect(await sendDueDeadlineReminders(deps())).toBe(0);

      // Day 2: the two-day reminder says one more comes before the closing date.
      clock.advance(INVITATION_REMINDER_AFTER_MS + MINUTE_MS);
      expect(await sendDueReminders(deps())).toBe(1);
      expect(await sendDueDeadlineReminders(deps())).toBe(0);
      await t.app.mailQueue.idle();
      await t.app.mailQueue.runOnce();
      const twoDay = (await outbox()).find(
        (m) => m.to === 'waiting@example.com' && m.subject.startsWith('Reminder: '),
      )!;
      expect(twoDay.text).toContain('We will remind you once more a day before');

      // A day before closing: one deadline reminder, to "Waiting" only, and only once.
      clock.advance(4 * DAY_MS - DEADLINE_REMINDER_BEFORE_MS - INVITATION_REMINDER_AFTER_MS);
      expect(await sendDueDeadlineReminders(deps())).toBe(1);
      expect(await sendDueDeadlineReminders(deps())).toBe(0);
      expect((await deadlineMails()).map((m) => m.toAddress)).toEqual(['waiting@example.com']);
      await t.app.mailQueue.idle();
      await t.app.mailQueue.runOnce();
      const mail = (await outbox()).find(
        (m) => m.to === 'waiting@example.com' && m.subject.startsWith('One day left: '),
      )!;
      expect(mail.subject).toBe('One day left: Interview at Acme');
      expect(mail.text).toContain('close in about 24 hours');
      // The same personal link as the invitation, and the stop link.
      expect(mail.text).toContain(`?invite=${await tokenOf('waiting@example.com')}`);
      expect(mail.text).toContain('/api/invitation/stop?token=');
      const [row] = await t.app.db
        .select()
        .from(applicants)
        .where(eq(applicants.email, 'waiting@example.com'));
      expect(row!.deadlineRemindedAt).toBeInstanceOf(Date);
    } finally {
      clock.reset();
    }
  });

  it('is not sent once the job has closed, nor to someone invited within the last day', async () => {
    const missed = await jobClosingIn(3 * DAY_MS);
    await invite(missed, [{ fName: 'Missed', email: 'missed@example.com' }]);
    const late = await jobClosingIn(DAY_MS / 2);
    await invite(late, [{ fName: 'Late', email: 'late@example.com' }]);
    const before = (await deadlineMails()).length;
    try {
      // The sweep did not run in the window (a long outage): nothing after the closing date.
      clock.advance(3 * DAY_MS + MINUTE_MS);
      await sendDueDeadlineReminders(deps());
      // The two-day reminder that fell due meanwhile is dropped too: the job is closed.
      await sendDueReminders(deps());
      await t.app.mailQueue.idle();
      await t.app.mailQueue.runOnce();
      expect(
        (await outbox()).filter(
          (m) => m.to === 'missed@example.com' && m.subject !== 'Interview at Acme',
        ),
      ).toEqual([]);
      const deadlineTo = (await deadlineMails()).slice(before).map((m) => m.toAddress);
      expect(deadlineTo).not.toContain('missed@example.com');
    } finally {
      clock.reset();
    }
    // Invited 12 h before closing: the invitation is enough, no reminder on its heels.
    await sendDueDeadlineReminders(deps());
    expect((await deadlineMails()).map((m) => m.toAddress)).not.toContain('late@example.com');
  });

  it('refuses invitations to a closed job', async () => {
    const job = await jobClosingIn(DAY_MS);
    await t.app.db
      .update(jobs)
      .set({ closesAt: new Date(clock.now().getTime() - MINUTE_MS) })
      .where(eq(jobs.id, job._id));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/job/${job._id}/invitations`,
      headers: bearer(owner.accessToken),
      payload: {
        rows: [{ fName: 'X', email: 'x-closed@example.com' }],
        subject: 's',
        message: 'm',
        language: 'en',
      },
    });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ key: 'JOB_CLOSED_ERR' });
  });
});
