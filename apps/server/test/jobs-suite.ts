import type { Job } from '@candid/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { activities, jobs } from '../src/db/schema';
import type { SignedUp } from './factories';
import { createTestClock } from './helpers';
import { accountWith, callAs, jobPayload } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import type { TestDbKind } from './test-db';

/**
 * The set-up the job test files share (jobs.test.ts, jobs-overview, jobs-access,
 * jobs-candidates): one app on a test clock, an owner with a colleague in the same
 * organisation, a stranger and an admin, and the calls that make and count jobs. Call it inside
 * the file's describe; `state` is filled before the file's own beforeAll hooks run.
 */
export function jobsSuite(kind: TestDbKind) {
  let t: TestApp;
  const clock = createTestClock();
  let owner: SignedUp;
  let colleague: SignedUp;
  let stranger: SignedUp;
  let admin: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_PER_MINUTE: '100000' }, undefined, {
      now: clock.now,
    });
    owner = await accountWith(t.app, { fName: 'Rina' });
    colleague = await accountWith(t.app, { orgId: owner.user.companyId!, fName: 'Omer' });
    stranger = await accountWith(t.app, { fName: 'Eve' });
    admin = await accountWith(t.app, { role: 'admin' });
  });
  afterAll(async () => t?.close());

  const as = (account: SignedUp | null) => callAs(t.app, account);

  async function createJob(account: SignedUp, job = jobPayload()): Promise<Job> {
    clock.advance(1000);
    const response = await as(account)('POST', '/api/job', { job });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Job;
  }

  async function jobCount(): Promise<number> {
    const [row] = await t.app.db.select({ value: sql<number>`count(*)` }).from(jobs);
    return Number(row?.value ?? 0);
  }

  async function activitiesOf(jobId: string) {
    const rows = await t.app.db
      .select()
      .from(activities)
      .where(and(eq(activities.target, 'job'), sql`${activities.meta}->>'jobId' = ${jobId}`))
      // In the order they happened: without it PostgreSQL may return them in any order.
      .orderBy(activities.date);
    return rows.map((row) => ({ type: row.type, userId: row.userId, meta: row.meta }));
  }

  return {
    state: {
      get t() {
        return t;
      },
      get owner() {
        return owner;
      },
      get colleague() {
        return colleague;
      },
      get stranger() {
        return stranger;
      },
      get admin() {
        return admin;
      },
    },
    clock,
    as,
    createJob,
    jobCount,
    activitiesOf,
  };
}
