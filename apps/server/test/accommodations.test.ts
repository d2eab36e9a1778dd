import {
  ACCOMMODATION_DECIDED_EVENT,
  REALTIME_EVENTS,
  type Accommodation,
  type ApplicantDetails,
  type CreateApplicantResponse,
  type Job,
} from '@candid/domain';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accommodations, activities, timelineEvents, uploads } from '../src/db/schema';
import { attachRecordingToAnswer } from '../src/modules/applicants/applicants.service';
import type { SignedUp } from './factories';
import {
  accountWith,
  callAsCandidate,
  createInterviewJob,
  startInterview,
} from './interview-helpers';
import { activityCount, recruiter, snapshotApplicant, uploadRecording } from './review-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

function openSocket(origin: string, token: string): Promise<Socket> {
  const socket = connect(origin, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

const REQUEST = { extraTimePct: 50, reason: 'I have dyslexia and read questions slowly.' };

describe.each(testDbKinds())('accommodations (%s)', (kind) => {
  let t: TestApp;
  let origin: string;
  let owner: SignedUp;
  let stranger: SignedUp;
  let job: Job;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await accountWith(t.app);
    stranger = await accountWith(t.app);
    job = await createInterviewJob(t.app, owner, ['video', 'text']);
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
  });

  const ask = (created: CreateApplicantResponse, body: unknown) =>
    callAsCandidate(t.app, created.candidateToken)(
      'PUT',
      `/api/applicant/${created.applicant.id}/accommodation`,
      body,
    );
  const decide = (account: SignedUp, applicantId: string, decision: string) =>
    recruiter(t.app, account)('PUT', `/api/job/${job._id}/${applicantId}/accommodation`, {
      decision,
    });
  const timelineOf = async (applicantId: string) =>
    (
      await t.app.db
        .select({ activity: timelineEvents.activity })
        .from(timelineEvents)
        .where(eq(timelineEvents.applicantId, applicantId))
    ).map((row) => row.activity);

  it('lets the candidate ask, replace a pending request, and see it; the recruiter sees it and the timeline says so', async () => {
    const created = await startInterview(t.app, job._id);
    const watcher = await openSocket(origin, owner.accessToken);
    sockets.push(watcher);
    expect(await watcher.emitWithAck(REALTIME_EVENTS.USER_WATCH, owner.user._id)).toBe(true);
    const saved: unknown[] = [];
    watcher.on(REALTIME_EVENTS.SAVE_APPLICANT, (payload: unknown) => saved.push(payload));

    const first = await ask(created, { extraTimePct: 100, reason: '  first reason  ' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      accommodation: { extraTimePct: 100, reason: 'first reason', status: 'pending' },
    });
    const second = await ask(created, REQUEST);
    expect(second.statusCode, second.body).toBe(200);
    const rows = await t.app.db
      .select()
      .from(accommodations)
      .where(eq(accommodations.applicantId, created.applicant.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ extraTimePct: 50, reason: REQUEST.reason, status: 'pending' });

    const own = await callAsCandidate(t.app, created.candidateToken)(
      'GET',
      `/api/applicant/${created.applicant.id}/accommodation`,
    );
    expect(own.json()).toMatchObject({ accommodation: { extraTimePct: 50, status: 'pending' } });

    // The job owner's open back office hears of it live.
    await until(() => saved.length >= 2);
    expect(saved.map((payload) => (payload as { data: { type: string } }).data.type)).toEqual([
      'accommodationRequested',
      'accommodationRequested',
    ]);

    const details = await recruiter(t.app, owner)(
      'GET',
      `/api/job/${job._id}/${created.applicant.id}`,
    );
    const applicant = (details.json() as { applicant: ApplicantDetails }).applicant;
    expect(applicant.accommodation).toMatchObject({
      extraTimePct: 50,
      reason: REQUEST.reason,
      status: 'pending',
      decidedAt: null,
    });
    expect(applicant.timeline.map((event) => event.type === 'activity' && event.activity)).toEqual([
      'created',
      'opened',
      'accommodationRequested',
      'accommodationRequested',
    ]);
    const logged = await t.app.db
      .select({ type: activities.type })
      .from(activities)
      .where(eq(activities.target, 'accommodation'));
    expect(logged.map((row) => row.type).sort()).toEqual(['create', 'update']);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const created = await startInterview(t.app, job._id);
    const before = await snapshotApplicant(t.app, created.applicant.id);
    const activitiesBefore = await activityCount(t.app);
    for (const body of [
      { extraTimePct: 50, reason: '   ' },
      { extraTimePct: 50, reason: 'x'.repeat(501) },
      { extraTimePct: 30, reason: 'ok' },
      { extraTimePct: 50 },
      { reason: 'ok' },
      { extraTimePct: 50, reason: 'nul\u0000' },
    ]) {
      const response = await ask(created, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ key: 'VALIDATION_ERR' });
    }
    expect(await snapshotApplicant(t.app, created.applicant.id)).toEqual(before);
    expect(await activityCount(t.app)).toBe(activitiesBefore);
    const rows = await t.app.db
      .select()
      .from(accommodations)
      .where(eq(accommodations.applicantId, created.applicant.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses asking once the interview started (an answer saved, or a recording begun)', async () => {
    const answered = await startInterview(t.app, job._id);
    const textQuestion = job.quests[1]!;
    const save = await callAsCandidate(t.app, answered.candidateToken)('PUT', '/api/applicant', {
      applicant: {
        id: answered.applicant.id,
        answerMap: { [textQuestion.id]: { resTime: 3, txt: 'hi' } },
      },
      jobId: job._id,
    });
    expect(save.statusCode, save.body).toBe(200);
    const late = await ask(answered, REQUEST);
    expect(late.statusCode).toBe(409);
    expect(await timelineOf(answered.applicant.id)).not.toContain('accommodationRequested');

    const recording = await startInterview(t.app, job._id);
    await uploadRecording(t.app, origin, recording, job.quests[0]!.id);
    expect((await ask(recording, REQUEST)).statusCode).toBe(409);
  });

  it('keeps other organisations and other candidates out (404)', async () => {
    const created = await startInterview(t.app, job._id);
    expect((await ask(created, REQUEST)).statusCode).toBe(200);
    const before = await snapshotApplicant(t.app, created.applicant.id);
    expect((await decide(stranger, created.applicant.id, 'approved')).statusCode).toBe(404);
    const other = await startInterview(t.app, job._id);
    const foreign = await callAsCandidate(t.app, other.candidateToken)(
      'PUT',
      `/api/applicant/${created.applicant.id}/accommodation`,
      REQUEST,
    );
    expect(foreign.statusCode).toBe(404);
    expect(await snapshotApplicant(t.app, created.applicant.id)).toEqual(before);
    const [row] = await t.app.db
      .select()
      .from(accommodations)
      .where(eq(accommodations.applicantId, created.applicant.id));
    expect(row!.status).toBe('pending');
    // Nothing to decide yet is "not found" too.
    expect((await decide(owner, other.applicant.id, 'approved')).statusCode).toBe(404);
  });

  it('approves once, tells the waiting candidate live, and the server then allows the longer recording', async () => {
    const created = await startInterview(t.app, job._id);
    const candidateSocket = await openSocket(origin, created.candidateToken);
    sockets.push(candidateSocket);
    const heard: { accommodation: Accommodation }[] = [];
    candidateSocket.on(ACCOMMODATION_DECIDED_EVENT, (payload: { accommodation: Accommodation }) =>
      heard.push(payload),
    );
    // Another candidate's socket hears nothing of it.
    const other = await startInterview(t.app, job._id);
    const otherSocket = await openSocket(origin, other.candidateToken);
    sockets.push(otherSocket);
    let otherHeard = 0;
    otherSocket.on(ACCOMMODATION_DECIDED_EVENT, () => (otherHeard += 1));

    expect((await ask(created, REQUEST)).statusCode).toBe(200);
    const approved = await decide(owner, created.applicant.id, 'approved');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      accommodation: { status: 'approved', extraTimePct: 50 },
    });
    await until(() => heard.length === 1);
    expect(heard[0]!.accommodation).toMatchObject({ status: 'approved', extraTimePct: 50 });
    expect(otherHeard).toBe(0);

    // Final: neither side may change it now.
    expect((await decide(owner, created.applicant.id, 'declined')).statusCode).toBe(409);
    expect((await ask(created, { extraTimePct: 100, reason: 'more' })).statusCode).toBe(409);
    expect(await timelineOf(created.applicant.id)).toEqual([
      'created',
      'opened',
      'accommodationRequested',
      'accommodationApproved',
    ]);

    // A recording 10 s over the question's limit: refused unless the extra time applies.
    const video = job.quests[0]!;
    const overLimitSec = video.timeLimit * 60 + 10;
    const save = async (applicant: CreateApplicantResponse) => {
      const faceKey = await uploadRecording(t.app, origin, applicant, video.id);
      await t.app.db
        .update(uploads)
        .set({ durationSec: overLimitSec })
        .where(and(eq(uploads.key, faceKey)));
      return callAsCandidate(t.app, applicant.candidateToken)('PUT', '/api/applicant', {
        applicant: {
          id: applicant.applicant.id,
          answerMap: { [video.id]: { resTime: overLimitSec, faceKey } },
        },
        jobId: job._id,
      });
    };
    const withExtraTime = await save(created);
    expect(withExtraTime.statusCode, withExtraTime.body).toBe(200);
    const standard = await save(other);
    expect(standard.statusCode).toBe(400);
    expect(standard.json()).toMatchObject({ key: 'VALIDATION_ERR' });

    // A finished upload names itself in the answer only when it fits the same limit.
    const attach = (applicant: CreateApplicantResponse, resTimeSec: number) =>
      attachRecordingToAnswer(
        t.app.db,
        { applicantId: applicant.applicant.id, jobId: job._id },
        {
          questId: video.id,
          field: 'faceKey',
          key: `k-${resTimeSec}`,
          resTimeSec,
          now: new Date(),
        },
      );
    expect(await attach(other, overLimitSec)).toBeNull();
    expect(await attach(created, overLimitSec)).not.toBeNull();
    expect(await attach(other, video.timeLimit * 60)).not.toBeNull();
  });

  it('records a decline on the timeline and leaves the limits standard', async () => {
    const created = await startInterview(t.app, job._id);
    expect((await ask(created, REQUEST)).statusCode).toBe(200);
    const declined = await decide(owner, created.applicant.id, 'declined');
    expect(declined.statusCode).toBe(200);
    expect(await timelineOf(created.applicant.id)).toContain('accommodationDeclined');
    const bad = await recruiter(t.app, owner)(
      'PUT',
      `/api/job/${job._id}/${created.applicant.id}/accommodation`,
      { decision: 'maybe' },
    );
    expect(bad.statusCode).toBe(400);
  });
});
