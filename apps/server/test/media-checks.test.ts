import type { ApplicantDetails, CreateApplicantResponse, Job } from '@candid/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { activities, mediaChecks, timelineEvents } from '../src/db/schema';
import type { SignedUp } from './factories';
import {
  accountWith,
  callAsCandidate,
  createInterviewJob,
  startInterview,
} from './interview-helpers';
import { activityCount, recruiter, snapshotApplicant } from './review-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

const SKIPPED = { outcome: 'faceSkipped', reason: 'NOT_RECOGNIZED', faceTries: 2 };

async function readApplicantJson(zipped: Buffer): Promise<Record<string, unknown>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(zipped, { lazyEntries: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  return new Promise((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => reject(new Error('applicant.json is missing')));
    zip.on('entry', (entry: Entry) => {
      if (entry.fileName !== 'applicant.json') return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () =>
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>),
        );
      });
    });
    zip.readEntry();
  });
}

describe.each(testDbKinds())('device check outcome (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedUp;
  let job: Job;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await accountWith(t.app);
    job = await createInterviewJob(t.app, owner, ['video']);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const report = (created: CreateApplicantResponse, body: unknown, applicantId?: string) =>
    callAsCandidate(t.app, created.candidateToken)(
      'POST',
      `/api/applicant/${applicantId ?? created.applicant.id}/media-check`,
      body,
    );
  const storedOf = (applicantId: string) =>
    t.app.db.select().from(mediaChecks).where(eq(mediaChecks.applicantId, applicantId));
  const timelineOf = async (applicantId: string) =>
    (
      await t.app.db
        .select({ activity: timelineEvents.activity })
        .from(timelineEvents)
        .where(eq(timelineEvents.applicantId, applicantId))
    ).map((row) => row.activity);
  const activitiesOf = async (applicantId: string) =>
    (
      await t.app.db
        .select({ type: activities.type, target: activities.target, meta: activities.meta })
        .from(activities)
        .where(sql`${activities.meta} ->> 'applicantId' = ${applicantId}`)
        .orderBy(activities.date, activities.id)
    ).filter((row) => row.target === 'mediaCheck' || row.target === 'faceCheck');

  it('stores a passed check with a timeline entry and an activity; the recruiter sees it', async () => {
    const created = await startInterview(t.app, job._id);
    const response = await report(created, { outcome: 'passed' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      mediaCheck: { outcome: 'passed', reason: null, faceTries: 0 },
    });
    expect(await storedOf(created.applicant.id)).toMatchObject([
      { outcome: 'passed', reason: null, faceTries: 0 },
    ]);
    expect(await timelineOf(created.applicant.id)).toContain('mediaCheckPassed');
    expect(await activitiesOf(created.applicant.id)).toMatchObject([
      { type: 'pass', target: 'mediaCheck' },
    ]);

    const details = await recruiter(t.app, owner)(
      'GET',
      `/api/job/${job._id}/${created.applicant.id}`,
    );
    expect(details.statusCode, details.body).toBe(200);
    const body = (details.json() as { applicant: ApplicantDetails }).applicant;
    expect(body.mediaCheck).toMatchObject({ outcome: 'passed', faceTries: 0 });
    expect(body.timeline.map((event) => event.type === 'activity' && event.activity)).toContain(
      'mediaCheckPassed',
    );
  });

  it('stores a skipped face check with its reason and tries, replacing an earlier report, and puts it in the data export', async () => {
    const created = await startInterview(t.app, job._id);
    expect((await report(created, { outcome: 'passed' })).statusCode).toBe(200);
    const response = await report(created, { ...SKIPPED, faceTries: 3 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      mediaCheck: { outcome: 'faceSkipped', reason: 'NOT_RECOGNIZED', faceTries: 3 },
    });
    expect(await storedOf(created.applicant.id)).toMatchObject([
      { outcome: 'faceSkipped', reason: 'NOT_RECOGNIZED', faceTries: 3 },
    ]);
    const timeline = await timelineOf(created.applicant.id);
    expect(timeline.filter((activity) => activity === 'faceCheckSkipped')).toHaveLength(1);
    expect(await activitiesOf(created.applicant.id)).toMatchObject([
      { type: 'pass', target: 'mediaCheck' },
      { type: 'skip', target: 'faceCheck', meta: { reason: 'NOT_RECOGNIZED', faceTries: 3 } },
    ]);

    const exported = await recruiter(t.app, owner)(
      'GET',
      `/api/job/${job._id}/${created.applicant.id}/export`,
    );
    expect(exported.statusCode, exported.body).toBe(200);
    const document = await readApplicantJson(exported.rawPayload);
    expect(document.mediaCheck).toMatchObject({
      outcome: 'faceSkipped',
      reason: 'NOT_RECOGNIZED',
      faceTries: 3,
    });
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const created = await startInterview(t.app, job._id);
    const before = await snapshotApplicant(t.app, created.applicant.id);
    const activitiesBefore = await activityCount(t.app);
    for (const body of [
      {},
      { outcome: 'skipped' },
      { ...SKIPPED, faceTries: 1 },
      { ...SKIPPED, faceTries: 2.5 },
      { ...SKIPPED, faceTries: 1000 },
      { ...SKIPPED, reason: 'MIC_LOW_VOLUME' },
      { ...SKIPPED, reason: 'CAMERA_NOT_FOUND' },
      { outcome: 'faceSkipped', faceTries: 2 },
      { outcome: 'passed', faceTries: 2 },
      ['passed'],
    ]) {
      const response = await report(created, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, key: 'VALIDATION_ERR' });
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await snapshotApplicant(t.app, created.applicant.id)).toEqual(before);
    expect(await activityCount(t.app)).toBe(activitiesBefore);
    expect(await storedOf(created.applicant.id)).toHaveLength(0);
  });

  it("refuses another applicant's token, a recruiter's token and no token, storing nothing", async () => {
    const victim = await startInterview(t.app, job._id);
    const other = await startInterview(t.app, job._id);
    const activitiesBefore = await activityCount(t.app);

    const foreign = await report(other, SKIPPED, victim.applicant.id);
    expect(foreign.statusCode, foreign.body).toBe(404);
    const asRecruiter = await t.app.inject({
      method: 'POST',
      url: `/api/applicant/${victim.applicant.id}/media-check`,
      headers: { authorization: `Bearer ${owner.accessToken}` },
      payload: SKIPPED,
    });
    expect(asRecruiter.statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/applicant/${victim.applicant.id}/media-check`,
      payload: SKIPPED,
    });
    expect(anonymous.statusCode).toBe(401);

    expect(await storedOf(victim.applicant.id)).toHaveLength(0);
    expect(await timelineOf(victim.applicant.id)).not.toContain('faceCheckSkipped');
    expect(await activityCount(t.app)).toBe(activitiesBefore);
  });

  it('refuses a report once the interview ended (409)', async () => {
    const created = await startInterview(t.app, job._id);
    const quit = await callAsCandidate(t.app, created.candidateToken)('PUT', '/api/applicant', {
      applicant: { id: created.applicant.id, timestamp: { quited: new Date().toISOString() } },
      jobId: job._id,
    });
    expect(quit.statusCode, quit.body).toBe(200);
    const response = await report(created, { outcome: 'passed' });
    expect(response.statusCode, response.body).toBe(409);
    expect(await storedOf(created.applicant.id)).toHaveLength(0);
  });
});
