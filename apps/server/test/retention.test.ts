import type { Job, RetentionPreview } from '@candid/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { activities, applicants, notes, storagePurges, uploads } from '../src/db/schema';
import { bearer, logIn, type SignedUp } from './factories';
import { createTestClock } from './helpers';
import { callAsCandidate } from './interview-helpers';
import { accountWith, callAs, jobPayload, questionPayload } from './jobs-helpers';
import { ANSWER_WEBM, applyAs, recruiter, uploadRecording } from './review-helpers';
import { runRetentionSweep } from '../src/modules/retention/retention.service';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(800, 0x41)]);
const DAY_MS = 24 * 60 * 60_000;

/** Unzips a buffer into its entries' bytes. */
async function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(buffer, { lazyEntries: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return files;
}

describe.each(testDbKinds('both'))('data retention and data requests (%s)', (kind) => {
  const clock = createTestClock();
  let t: TestApp;
  let origin: string;
  let owner: SignedUp;
  let member: SignedUp;
  let stranger: SignedUp;
  let job: Job;
  let strangerJob: Job;

  async function createJob(account: SignedUp) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/job',
      headers: bearer(account.accessToken),
      payload: {
        job: jobPayload({ quests: [questionPayload('video'), questionPayload('text')] }),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Job;
  }

  /** A submitted applicant with a recording, a text answer and a CV; returns its stored keys. */
  async function applicantWithFiles(onJob: Job, fName: string) {
    const created = await applyAs(t.app, onJob._id, {
      info: { fName, lName: 'Secret', email: `${fName.toLowerCase()}@private.example` },
      finish: 'none',
    });
    const id = created.applicant.id;
    const faceKey = await uploadRecording(t.app, origin, created, onJob.quests[0]!.id);
    const as = callAsCandidate(t.app, created.candidateToken);
    const cv = await as('POST', `/api/applicant/${id}/cv?name=my-cv.pdf`, PDF, {
      'content-type': 'application/pdf',
    });
    expect(cv.statusCode, cv.body).toBe(201);
    const saved = await as('PUT', '/api/applicant', {
      applicant: {
        id,
        answerMap: {
          [onJob.quests[0]!.id]: { resTime: 4, faceKey },
          [onJob.quests[1]!.id]: { resTime: 9, txt: `${fName} wrote this answer` },
        },
        timestamp: { submitted: clock.now().toISOString() },
      },
      jobId: onJob._id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const keys = (
      await t.app.db.select({ key: uploads.key }).from(uploads).where(eq(uploads.applicantId, id))
    ).map((row) => row.key);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await t.app.storage.headObject(key)).not.toBeNull();
    return { id, keys };
  }

  const change = async (account: SignedUp, id: string, values: Record<string, unknown>) => {
    const response = await recruiter(t.app, account)('PUT', '/api/job/applicant', {
      applicants: [{ id, ...values }],
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const exists = async (id: string) =>
    (await t.app.db.select({ id: applicants.id }).from(applicants).where(eq(applicants.id, id)))
      .length === 1;
  const preview = async (account: SignedUp, months: number) => {
    const response = await callAs(t.app, account)(
      'GET',
      `/api/org/retention/preview?months=${months}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as RetentionPreview;
  };

  /** New access tokens after the clock moved past their expiry. */
  async function relogin() {
    for (const account of [owner, member, stranger]) {
      Object.assign(account, await logIn(t.app, account.email, account.password));
    }
  }

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { now: clock.now });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await accountWith(t.app, { perm: 999, fName: 'Olga' });
    member = await accountWith(t.app, { orgId: owner.user.companyId!, fName: 'Carmel' });
    stranger = await accountWith(t.app, { perm: 999 });
    job = await createJob(owner);
    strangerJob = await createJob(stranger);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets only the owner read and set the period, and refuses bad values', async () => {
    const asOwner = callAs(t.app, owner);
    expect((await asOwner('GET', '/api/org/retention')).json()).toEqual({ retentionMonths: null });
    for (const bad of [5, 0, -3, '6', 6.5]) {
      const response = await asOwner('PUT', '/api/org/retention', { retentionMonths: bad });
      expect(response.statusCode, String(bad)).toBe(400);
    }
    expect((await asOwner('GET', '/api/org/retention/preview?months=7')).statusCode).toBe(400);
    for (const [account, status] of [
      [member, 403],
      [null, 401],
    ] as const) {
      const as = callAs(t.app, account);
      expect((await as('GET', '/api/org/retention')).statusCode).toBe(status);
      expect((await as('GET', '/api/org/retention/preview?months=6')).statusCode).toBe(status);
      expect((await as('PUT', '/api/org/retention', { retentionMonths: 6 })).statusCode).toBe(
        status,
      );
    }
    // Another organisation's owner sets their own organisation's period, never this one's.
    const asStranger = callAs(t.app, stranger);
    expect((await asStranger('PUT', '/api/org/retention', { retentionMonths: 3 })).statusCode).toBe(
      200,
    );
    expect((await asOwner('GET', '/api/org/retention')).json()).toEqual({ retentionMonths: null });
    expect(
      (await asStranger('PUT', '/api/org/retention', { retentionMonths: null })).json(),
    ).toEqual({ retentionMonths: null });
  });

  it('sweeps only the due archived and rejected applicants of the organisation, with their files', async () => {
    // Seven months ago: archived, rejected (not a fit, not interested), kept (maybe), and an
    // archived applicant of another organisation without a period.
    const archived = await applicantWithFiles(job, 'Zelda');
    await change(owner, archived.id, { newNote: { txt: 'Zelda was great' } });
    await change(owner, archived.id, { archivedAt: clock.now().toISOString() });
    const notFit = await applicantWithFiles(job, 'Xenia');
    await change(owner, notFit.id, { status: 1 });
    const notInterested = await applicantWithFiles(job, 'Wanda');
    await change(member, notInterested.id, { status: 6 });
    const maybe = await applicantWithFiles(job, 'Maya');
    await change(owner, maybe.id, { status: 2 });
    const elsewhere = await applicantWithFiles(strangerJob, 'Stella');
    await change(stranger, elsewhere.id, { archivedAt: clock.now().toISOString() });
    clock.advance(200 * DAY_MS);
    // Recently archived and rejected: not due yet.
    await relogin();
    const recentArchived = (await applicantWithFiles(job, 'Rina')).id;
    await change(owner, recentArchived, { archivedAt: clock.now().toISOString() });
    const recentRejected = (await applicantWithFiles(job, 'Ruth')).id;
    await change(owner, recentRejected, { status: 1 });

    const due = [archived.id, notFit.id, notInterested.id];
    const dryRun = await preview(owner, 6);
    expect(dryRun.count).toBe(3);
    expect(dryRun.applicants.map((item) => item.id).sort()).toEqual([...due].sort());
    expect(dryRun.applicants[0]).toMatchObject({
      fName: 'Zelda',
      jobId: job._id,
      jobTitle: job.info.title,
    });
    expect((await preview(owner, 12)).count).toBe(0);
    // A dry run deletes nothing and a period is not applied before it is saved.
    expect(await t.app.retentionSweep.kick()).toMatchObject({ deleted: 0 });
    for (const id of due) expect(await exists(id)).toBe(true);

    const saved = await callAs(t.app, owner)('PUT', '/api/org/retention', { retentionMonths: 6 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await callAs(t.app, owner)('GET', '/api/org/retention')).json()).toEqual({
      retentionMonths: 6,
    });

    const result = await t.app.retentionSweep.kick();
    expect(result).toEqual({ deleted: 3, purged: 6, failed: 0 });
    for (const id of due) expect(await exists(id)).toBe(false);
    for (const key of [...archived.keys, ...notFit.keys, ...notInterested.keys]) {
      expect(await t.app.storage.headObject(key)).toBeNull();
    }
    expect(await t.app.db.select().from(notes).where(inArray(notes.applicantId, due))).toHaveLength(
      0,
    );
    expect(await t.app.db.select().from(storagePurges)).toHaveLength(0);
    for (const id of [maybe.id, elsewhere.id, recentArchived, recentRejected]) {
      expect(await exists(id)).toBe(true);
    }
    for (const key of [...maybe.keys, ...elsewhere.keys]) {
      expect(await t.app.storage.headObject(key)).not.toBeNull();
    }

    // One activity with ids and counts; no activity keeps the deleted people's names or e-mails.
    const [sweep] = await t.app.db
      .select()
      .from(activities)
      .where(and(eq(activities.target, 'applicant'), eq(activities.type, 'remove')));
    expect(sweep).toMatchObject({
      userId: null,
      orgId: owner.user.companyId,
      description: '',
      meta: { reason: 'retention', retentionMonths: 6, count: 3, jobIds: [job._id] },
    });
    expect((sweep!.meta.applicantIds as string[]).sort()).toEqual([...due].sort());
    const log = JSON.stringify(await t.app.db.select().from(activities));
    for (const personal of ['Zelda', 'Xenia', 'Wanda', 'zelda@', 'xenia@', 'wanda@']) {
      expect(log).not.toContain(personal);
    }
    expect(log).toContain('Maya');
    const [setting] = await t.app.db
      .select()
      .from(activities)
      .where(and(eq(activities.target, 'retention'), eq(activities.orgId, owner.user.companyId!)));
    expect(setting).toMatchObject({
      type: 'update',
      userId: owner.user._id,
      meta: { retentionMonths: 6, previous: null, dueNow: 3 },
    });

    // Idempotent: a second run finds nothing; later, the recent ones fall due in turn.
    expect(await t.app.retentionSweep.kick()).toEqual({ deleted: 0, purged: 0, failed: 0 });
    clock.advance(200 * DAY_MS);
    await relogin();
    expect((await preview(owner, 6)).applicants.map((item) => item.id).sort()).toEqual(
      [recentArchived, recentRejected].sort(),
    );
    expect(await t.app.retentionSweep.kick()).toMatchObject({ deleted: 2 });
    expect(await exists(maybe.id)).toBe(true);
    expect(await exists(elsewhere.id)).toBe(true);
  });

  it('keeps a file storage refused in the queue and removes it on the next run', async () => {
    const applicant = await applicantWithFiles(job, 'Petra');
    const deleteObject = t.app.storage.deleteObject.bind(t.app.storage);
    t.app.storage.deleteObject = async () => {
      throw new Error('storage is down');
    };
    try {
      const response = await callAs(t.app, member)(
        'DELETE',
        `/api/job/${job._id}/${applicant.id}/data`,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ deletedCount: 1 });
    } finally {
      t.app.storage.deleteObject = deleteObject;
    }
    expect(await exists(applicant.id)).toBe(false);
    const queued = await t.app.db.select().from(storagePurges);
    expect(queued.map((row) => row.key).sort()).toEqual([...applicant.keys].sort());
    expect(queued.every((row) => row.tries === 1 && row.lastError === 'storage is down')).toBe(
      true,
    );
    for (const key of applicant.keys) expect(await t.app.storage.headObject(key)).not.toBeNull();
    // The claim's lease keeps a run from spinning on a failing key; after it, the sweep retries.
    clock.advance(11 * 60_000);
    await relogin();
    expect(await t.app.retentionSweep.kick()).toMatchObject({ purged: 2, failed: 0 });
    for (const key of applicant.keys) expect(await t.app.storage.headObject(key)).toBeNull();
    expect(await t.app.db.select().from(storagePurges)).toHaveLength(0);
  });

  it('exports one applicant as a zip of its data and files', async () => {
    const applicant = await applicantWithFiles(job, 'Erez');
    await change(member, applicant.id, { newNote: { txt: 'Strong answer on design' } });
    const url = `/api/job/${job._id}/${applicant.id}/export`;
    const response = await callAs(t.app, member)('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="?applicant-${applicant.id}-\\d{4}-\\d{2}-\\d{2}\\.zip"?$`),
    );
    const files = await unzip(response.rawPayload);
    const json = JSON.parse(files.get('applicant.json')!.toString('utf8')) as {
      applicant: Record<string, unknown>;
      job: { id: string };
      answers: { questId: string; txt: string | null; files: string[] }[];
      notes: { txt: string }[];
      timeline: unknown[];
      ratings: unknown;
      files: { path: string; size: number }[];
    };
    expect(json.applicant).toMatchObject({
      id: applicant.id,
      fName: 'Erez',
      email: 'erez@private.example',
    });
    expect(json.job.id).toBe(job._id);
    expect(json.answers.map((answer) => answer.txt)).toEqual([null, 'Erez wrote this answer']);
    expect(json.notes.map((note) => note.txt)).toEqual(['Strong answer on design']);
    expect(json.timeline.length).toBeGreaterThan(0);
    expect(json.ratings).toBeDefined();
    const recording = json.answers[0]!.files[0]!;
    expect(recording).toMatch(/^answers\/01-.*-camera\.webm$/);
    expect([...files.keys()].sort()).toEqual(['applicant.json', 'cv/my-cv.pdf', recording].sort());
    expect(files.get('cv/my-cv.pdf')!.equals(PDF)).toBe(true);
    const stored = await t.app.storage.getObject(
      applicant.keys.find((key) => key.endsWith('.webm'))!,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    expect(files.get(recording)!.equals(Buffer.concat(chunks))).toBe(true);
    expect(files.get(recording)!.length).toBeGreaterThanOrEqual(ANSWER_WEBM.length - 1024);

    const [logged] = await t.app.db.select().from(activities).where(eq(activities.type, 'export'));
    expect(logged).toMatchObject({
      target: 'applicant',
      userId: member.user._id,
      description: '',
      meta: { applicantId: applicant.id, jobId: job._id, files: 2 },
    });

    // Other organisation: not found; anonymous: login required; a candidate token: refused.
    expect((await callAs(t.app, stranger)('GET', url)).statusCode).toBe(404);
    expect((await callAs(t.app, null)('GET', url)).statusCode).toBe(401);
    expect(
      (await callAs(t.app, owner)('GET', `/api/job/${strangerJob._id}/${applicant.id}/export`))
        .statusCode,
    ).toBe(404);
  });

  it('deletes one applicant on request with its files, whatever its status, per role', async () => {
    const applicant = await applicantWithFiles(job, 'Dalia');
    const url = `/api/job/${job._id}/${applicant.id}/data`;
    expect((await callAs(t.app, null)('DELETE', url)).statusCode).toBe(401);
    expect((await callAs(t.app, stranger)('DELETE', url)).statusCode).toBe(404);
    expect(
      (await callAs(t.app, owner)('DELETE', `/api/job/${strangerJob._id}/${applicant.id}/data`))
        .statusCode,
    ).toBe(404);
    expect(await exists(applicant.id)).toBe(true);

    const response = await callAs(t.app, owner)('DELETE', url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(await exists(applicant.id)).toBe(false);
    for (const key of applicant.keys) expect(await t.app.storage.headObject(key)).toBeNull();
    expect(await t.app.db.select().from(storagePurges)).toHaveLength(0);
    const removals = await t.app.db
      .select()
      .from(activities)
      .where(and(eq(activities.type, 'remove'), eq(activities.userId, owner.user._id)));
    expect(removals.find((row) => row.meta.applicantId === applicant.id)).toMatchObject({
      description: '',
      meta: { reason: 'request', jobId: job._id, files: 2 },
    });
    expect(JSON.stringify(await t.app.db.select().from(activities))).not.toContain('Dalia');
    expect((await callAs(t.app, owner)('DELETE', url)).statusCode).toBe(404);
  });

  it('queues and removes the files of an organisation deleted with its last account', async () => {
    const admin = await accountWith(t.app, { role: 'admin' });
    const lonely = await accountWith(t.app, { perm: 999 });
    const lonelyJob = await createJob(lonely);
    const applicant = await applicantWithFiles(lonelyJob, 'Lior');
    const response = await callAs(t.app, admin)('DELETE', `/api/user/${lonely.user._id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await exists(applicant.id)).toBe(false);
    await t.app.retentionSweep.idle();
    await t.app.retentionSweep.kick();
    for (const key of applicant.keys) expect(await t.app.storage.headObject(key)).toBeNull();
    expect(await t.app.db.select().from(storagePurges)).toHaveLength(0);
    const log = JSON.stringify(await t.app.db.select().from(activities));
    expect(log).not.toContain('Lior');
  });

  it('deletes in batches of the given size, one activity per batch', async () => {
    const batchOwner = await accountWith(t.app, { perm: 999 });
    const batchJob = await createJob(batchOwner);
    const ids: string[] = [];
    for (const fName of ['Ayla', 'Bina', 'Chen']) {
      const id = (await applyAs(t.app, batchJob._id, { info: { fName }, finish: 'none' })).applicant
        .id;
      await change(batchOwner, id, { archivedAt: clock.now().toISOString() });
      ids.push(id);
    }
    clock.advance(100 * DAY_MS);
    Object.assign(batchOwner, await logIn(t.app, batchOwner.email, batchOwner.password));
    const saved = await callAs(t.app, batchOwner)('PUT', '/api/org/retention', {
      retentionMonths: 3,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.app.retentionSweep.idle();
    const result = await runRetentionSweep({
      db: t.app.db,
      storage: t.app.storage,
      now: clock.now(),
      log: t.app.log,
      batchSize: 2,
    });
    expect(result.deleted).toBe(3);
    for (const id of ids) expect(await exists(id)).toBe(false);
    const batches = await t.app.db
      .select()
      .from(activities)
      .where(and(eq(activities.type, 'remove'), eq(activities.orgId, batchOwner.user.companyId!)));
    expect(batches.map((row) => row.meta.count).sort()).toEqual([1, 2]);
  });
});
