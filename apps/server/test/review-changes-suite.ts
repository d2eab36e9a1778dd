import type { ApplicantDetails, ApplicantListItem, Job } from '@candid/domain';
import type { LightMyRequestResponse } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { activities } from '../src/db/schema';
import { bearer, type SignedUp } from './factories';
import { createTestClock } from './helpers';
import { accountWith, jobPayload, questionPayload } from './jobs-helpers';
import { applyAs, recruiter } from './review-helpers';
import { createTestApp, type TestApp } from './test-app';
import type { TestDbKind } from './test-db';

/** A small PDF the CV upload accepts. */
export const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(800, 0x20)]);

/**
 * The set-up the applicant-change test files share (review-changes.test.ts,
 * review-changes-lifecycle): one listening app on a test clock, an owner (all features) with a
 * colleague and a basic-plan member, a stranger, a free account, a text job of the owner's and a
 * video job of the free account's, and the calls that submit, change and read applicants. Call it
 * inside the file's describe; `state` is filled before the file's own beforeAll hooks run.
 */
export function reviewChangesSuite(kind: TestDbKind) {
  const clock = createTestClock();
  let t: TestApp;
  let origin: string;
  let owner: SignedUp;
  let colleague: SignedUp;
  let basic: SignedUp;
  let stranger: SignedUp;
  let free: SignedUp;
  let job: Job;
  let freeJob: Job;
  const sockets: Socket[] = [];

  async function createJob(account: SignedUp, types: Parameters<typeof questionPayload>[0][]) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/job',
      headers: bearer(account.accessToken),
      payload: { job: jobPayload({ quests: types.map((type) => questionPayload(type)) }) },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Job;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { now: clock.now });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await accountWith(t.app, { perm: 999, fName: 'Olga' });
    colleague = await accountWith(t.app, { orgId: owner.user.companyId!, fName: 'Carmel' });
    // Basic plan: unlimited interviews, but no bookmarks.
    basic = await accountWith(t.app, { orgId: owner.user.companyId!, perm: 1 });
    stranger = await accountWith(t.app);
    free = await accountWith(t.app, { perm: 0 });
    job = await createJob(owner, ['text']);
    freeJob = await createJob(free, ['video']);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
  });

  const textAnswer = () => ({ [job.quests[0]!.id]: { resTime: 12, txt: 'An answer' } });
  const submitted = async (fName = 'Yael') =>
    (await applyAs(t.app, job._id, { info: { fName }, answers: textAnswer() })).applicant.id;
  const put = (account: SignedUp, changes: Record<string, unknown>[]) =>
    recruiter(t.app, account)('PUT', '/api/job/applicant', { applicants: changes });
  const items = (response: LightMyRequestResponse) =>
    (response.json() as { applicants: ApplicantListItem[] }).applicants;
  const details = async (id: string, account: SignedUp = owner) => {
    const response = await recruiter(t.app, account)('GET', `/api/job/${job._id}/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().applicant as ApplicantDetails;
  };
  const activitiesOf = async (applicantId: string) =>
    (await t.app.db.select().from(activities).orderBy(activities.date))
      .filter((row) => row.meta.applicantId === applicantId && row.target !== 'interview')
      .map((row) => `${row.type} ${row.target}`);

  return {
    state: {
      get t() {
        return t;
      },
      get origin() {
        return origin;
      },
      get owner() {
        return owner;
      },
      get colleague() {
        return colleague;
      },
      get basic() {
        return basic;
      },
      get stranger() {
        return stranger;
      },
      get free() {
        return free;
      },
      get job() {
        return job;
      },
      get freeJob() {
        return freeJob;
      },
    },
    clock,
    sockets,
    createJob,
    textAnswer,
    submitted,
    put,
    items,
    details,
    activitiesOf,
  };
}
