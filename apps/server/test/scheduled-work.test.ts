import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  DIGEST_INTERVAL_MS,
  INVITATION_REMINDER_AFTER_MS,
  type Job,
  type WebhookEndpoint,
} from '@candid/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { activities, applicants, mailQueue, webhookDeliveries } from '../src/db/schema';
import { readOutbox } from '../src/mail/mailer';
import { DIGEST_PURPOSE, sendDueDigests } from '../src/modules/notifications/notifications.service';
import {
  INVITATION_PURPOSE,
  REMINDER_PURPOSE,
  sendDueReminders,
} from '../src/modules/invitations/invitations.service';
import { webhookRetryDelayMs } from '../src/modules/integrations/webhook-sender';
import type { LocalStorage } from '../src/storage/local-storage';
import { bearer, type SignedUp } from './factories';
import { createTestClock } from './helpers';
import { accountWith, createInterviewJob } from './interview-helpers';
import { applyAs } from './review-helpers';

/**
 * Several API processes run the same schedulers on one database. Two apps built on one
 * PostgreSQL database (and one DATA_DIR, so one outbox and one local store) fire every
 * scheduled job at the same moment; each piece of work must still happen exactly once.
 */
const DAY_MS = 24 * 60 * 60_000;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  /** Statuses to answer next (200 once they run out). */
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answers.shift() ?? 200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Counts of each value, for "each exactly once" checks. */
function tally(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('scheduled work on two processes', () => {
  const clock = createTestClock();
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const dbName = `candid_sched_${randomBytes(4).toString('hex')}`;
  let dataDir: string;
  let config: AppConfig;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: SignedUp;
  let job: Job;
  const invitees = ['ada', 'ben', 'cy', 'dov', 'eli', 'fay'].map(
    (name) => `${name}@candidates.example`,
  );

  const both = <T>(run: (app: FastifyInstance) => Promise<T>) => Promise.all([run(one), run(two)]);
  /** Both processes send all the mail and webhooks that are due, at the same time. */
  const drain = async () => {
    await both(async (app) => {
      await app.mailQueue.idle();
      await app.webhookSender.idle();
    });
    await both((app) => Promise.all([app.mailQueue.runOnce(), app.webhookSender.kick()]));
    await both(async (app) => {
      await app.mailQueue.idle();
      await app.webhookSender.idle();
    });
  };
  const deps = (app: FastifyInstance) => ({
    db: app.db,
    now: clock.now(),
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    queue: app.mailQueue,
  });
  const outboxTally = async (subject: RegExp) =>
    tally(
      (await readOutbox(config.mail.outboxDir))
        .filter((mail) => subject.test(mail.subject))
        .map((mail) => mail.to),
    );

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'candid-sched-'));
    config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-test-secret-test-secret-123456',
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      AUTH_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
    });
    // Two processes: each its own pools, schedulers and mail queue, one database.
    const apps = await Promise.all(
      [0, 1].map(async () =>
        buildApp(config, {
          database: await openDatabase(config.database),
          logger: false,
          now: clock.now,
        }),
      ),
    );
    [one, two] = [apps[0]!, apps[1]!];
    await both(async (app) => {
      await app.ready();
    });
    receiver = await startReceiver();
    owner = await accountWith(one, { perm: 999, fName: 'Olga' });
    job = await createInterviewJob(one, owner, ['text']);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([one?.close(), two?.close(), receiver?.close()]);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('sends each invitation, reminder, digest and webhook once', async () => {
    const call = (app: FastifyInstance, method: 'POST' | 'PUT', url: string, payload: object) =>
      app.inject({ method, url, headers: bearer(owner.accessToken), payload });
    const hook = await call(one, 'POST', '/api/integrations/webhook', {
      url: receiver.url,
      events: ['applicant.created', 'applicant.submitted'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const endpoint = hook.json<WebhookEndpoint>();
    const prefs = await call(two, 'PUT', '/api/user', {
      user: { notifications: { scope: 'all', mode: 'digest' } },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);

    const invited = await call(one, 'POST', `/api/job/${job._id}/invitations`, {
      rows: invitees.map((email) => ({ fName: email.split('@')[0], email })),
      subject: 'Interview at Acme',
      message: 'Hello',
      language: 'en',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    // Two candidates take the interview through the other process.
    for (const fName of ['Sam', 'Tal']) {
      await applyAs(two, job._id, {
        info: { fName, email: `${fName.toLowerCase()}@candidates.example` },
        answers: { [job.quests[0]!.id]: { resTime: 3, txt: 'An answer' } },
      });
    }
    await drain();

    // A reminder is due two days after the invitation, the digest a day after it was chosen.
    clock.advance(INVITATION_REMINDER_AFTER_MS + DIGEST_INTERVAL_MS + 60_000);
    const [reminders, digests] = await Promise.all([
      Promise.all([sendDueReminders(deps(one)), sendDueReminders(deps(two))]),
      Promise.all([sendDueDigests(deps(one)), sendDueDigests(deps(two))]),
    ]);
    expect(reminders[0] + reminders[1]).toBe(invitees.length);
    expect(digests[0] + digests[1]).toBe(1);
    // The sweeps again, at once: nothing is due any more.
    expect(await Promise.all([sendDueReminders(deps(one)), sendDueDigests(deps(two))])).toEqual([
      0, 0,
    ]);
    await drain();

    const once = Object.fromEntries(invitees.map((email) => [email, 1]));
    expect(await outboxTally(/^Interview at Acme$/)).toEqual(once);
    expect(await outboxTally(/^Reminder/)).toEqual(once);
    const queued = await one.db
      .select({ purpose: mailQueue.purpose, to: mailQueue.toAddress, status: mailQueue.status })
      .from(mailQueue)
      .where(inArray(mailQueue.purpose, [INVITATION_PURPOSE, REMINDER_PURPOSE, DIGEST_PURPOSE]));
    expect(queued.filter((row) => row.purpose === DIGEST_PURPOSE)).toEqual([
      { purpose: DIGEST_PURPOSE, to: owner.email, status: 'sent' },
    ]);
    expect(tally(queued.map((row) => `${row.purpose} ${row.to}`))).toEqual({
      ...Object.fromEntries(invitees.map((email) => [`${INVITATION_PURPOSE} ${email}`, 1])),
      ...Object.fromEntries(invitees.map((email) => [`${REMINDER_PURPOSE} ${email}`, 1])),
      [`${DIGEST_PURPOSE} ${owner.email}`]: 1,
    });
    // The digest's mail went out once.
    const digestMails = (await readOutbox(config.mail.outboxDir)).filter(
      (mail) => mail.to === owner.email,
    );
    expect(digestMails).toHaveLength(1);

    // Webhooks: 8 applicants created (6 invited, 2 who applied), 2 submitted; each message once.
    const messages = receiver.received.map((r) => String(r.headers['webhook-id']));
    expect(Object.values(tally(messages)).every((n) => n === 1)).toBe(true);
    const events = receiver.received.map((r) => JSON.parse(r.body) as { type: string });
    expect(tally(events.map((event) => event.type))).toEqual({
      'applicant.created': invitees.length + 2,
      'applicant.submitted': 2,
    });
    const log = await one.db
      .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint._id));
    expect(log).toHaveLength(invitees.length + 4);
    expect(log.every((entry) => entry.status === 'succeeded' && entry.attempts === 1)).toBe(true);
  });

  it('retries a refused webhook delivery once per attempt', async () => {
    const before = receiver.received.length;
    receiver.answers.push(503, 503);
    await applyAs(one, job._id, {
      info: { fName: 'Uri', email: 'uri@applicants.example' },
      answers: { [job.quests[0]!.id]: { resTime: 3, txt: 'An answer' } },
    });
    await drain();
    // Created and submitted, each refused once.
    expect(receiver.received.length - before).toBe(2);
    clock.advance(webhookRetryDelayMs(1) + 60_000);
    await drain();
    await drain();
    const ids = receiver.received.slice(before).map((r) => String(r.headers['webhook-id']));
    expect(Object.values(tally(ids))).toEqual([2, 2]);
    const retried = await one.db
      .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.attempts, 2));
    expect(retried).toEqual([
      { status: 'succeeded', attempts: 2 },
      { status: 'succeeded', attempts: 2 },
    ]);
  });

  it('deletes each applicant past the retention period once', async () => {
    const orgId = owner.user.companyId!;
    const invitedRows = await one.db
      .select({ id: applicants.id })
      .from(applicants)
      .where(and(eq(applicants.jobId, job._id), inArray(applicants.email, invitees)));
    expect(invitedRows).toHaveLength(invitees.length);
    // Fresh tokens: the clock moved days ahead.
    const login = await one.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json<{ accessToken: string }>().accessToken;
    const archived = await one.inject({
      method: 'PUT',
      url: '/api/job/applicant',
      headers: bearer(token),
      payload: {
        applicants: invitedRows.map((row) => ({
          id: row.id,
          archivedAt: clock.now().toISOString(),
        })),
      },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const period = await two.inject({
      method: 'PUT',
      url: '/api/org/retention',
      headers: bearer(token),
      payload: { retentionMonths: 6 },
    });
    expect(period.statusCode, period.body).toBe(200);

    clock.advance(200 * DAY_MS);
    const results = await both((app) => app.retentionSweep.kick());
    expect(results[0].deleted + results[1].deleted).toBe(invitees.length);
    expect(results[0].failed + results[1].failed).toBe(0);
    const left = await one.db
      .select({ id: applicants.id })
      .from(applicants)
      .where(inArray(applicants.email, invitees));
    expect(left).toEqual([]);
    const sweeps = await one.db
      .select({ meta: activities.meta })
      .from(activities)
      .where(
        and(
          eq(activities.orgId, orgId),
          eq(activities.target, 'applicant'),
          eq(activities.type, 'remove'),
        ),
      );
    const removed = sweeps.flatMap((row) => row.meta.applicantIds as string[]);
    expect(removed.sort()).toEqual(invitedRows.map((row) => row.id).sort());
  });

  it('removes each abandoned local upload once', async () => {
    const stores = [one.storage, two.storage] as LocalStorage[];
    for (const name of ['a', 'b', 'c', 'd']) {
      await stores[0]!.createMultipartUpload(`job/abandoned-${name}.webm`, {
        contentType: 'video/webm',
      });
    }
    // Their age is read from the files; an age of zero makes all four stale now.
    const removed = await Promise.all(
      stores.map((store) => store.removeStaleUploads({ olderThanMs: -60_000 })),
    );
    expect(removed[0]! + removed[1]!).toBe(4);
    expect(await stores[1]!.removeStaleUploads({ olderThanMs: -60_000 })).toBe(0);
  });
});
