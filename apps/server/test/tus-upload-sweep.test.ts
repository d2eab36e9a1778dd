import type { CreateApplicantResponse, Job } from '@candid/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  TUS_FINISHED_KEEP_MS,
  TUS_SWEEP_INTERVAL_MS,
} from '../src/modules/interview-uploads/tus-uploads.routes';
import { TUS_EXPIRATION_MS } from '../src/modules/interview-uploads/tus-protocol';
import { createTestClock } from './helpers';
import { accountWith, createInterviewJob, startInterview } from './interview-helpers';
import { createTestApp, type TestApp } from './test-app';
import { tusClient, tusStoreCases } from './tus-helpers';
import { buildLiveWebm } from './webm-fixture';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Moves `Date.now()` and `new Date()` `offsetMs` ahead (what the tus stores read to decide
 * expiry); answers the undo.
 */
function shiftWallClock(offsetMs: number): () => void {
  const RealDate = globalThis.Date;
  class ShiftedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(RealDate.now() + offsetMs);
      else super(...(args as ConstructorParameters<DateConstructor>));
    }

    static override now(): number {
      return RealDate.now() + offsetMs;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
  return () => {
    globalThis.Date = RealDate;
  };
}

/** Waits (real time) until `check` holds; the sweep runs in the background. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = performance.now() + 20_000;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error('condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The hourly sweep of the tus endpoint, on both stores: unfinished uploads go once they are a
 * day old (the expiration extension), finished uploads' staging copies an hour after the
 * recording was stored; the stored recordings stay. The stores read the wall clock (`Date`),
 * the app its own clock: both are moved forward, and the sweep's hourly timer is fired.
 */
describe.each(tusStoreCases)('tus uploads: the hourly sweep ($name)', ({ name, env }) => {
  // moto answers every multipart upload's Initiated as 2010-11-10, so there an unfinished
  // upload is always past a day old: only its removal can be checked, not that a younger one
  // is kept (real S3 answers the real date; the S3 store reads it the same way).
  const canTellAge = !name.includes('moto');
  let t: TestApp;
  let origin: string;
  let job: Job;
  let closeStore: () => Promise<void>;
  const clock = createTestClock();

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const store = await env();
    closeStore = store.close;
    t = await createTestApp('pglite', store.env, undefined, { now: clock.now });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await accountWith(t.app, { perm: 999 });
    job = await createInterviewJob(t.app, owner, ['video', 'video']);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
    await closeStore?.();
  });

  async function createUpload(c: CreateApplicantResponse, questId: string) {
    const response = await tusClient(origin, c.candidateToken).create({
      applicantId: c.applicant.id,
      questId,
      kind: 'face',
      filetype: 'video/webm',
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return response.headers.get('location')!;
  }

  /**
   * Lets one hourly sweep run with the wall clock `offsetMs` ahead, then puts the clock back
   * (the candidate token would have expired).
   */
  async function sweepAt(offsetMs: number): Promise<void> {
    const restore = shiftWallClock(offsetMs);
    try {
      vi.advanceTimersByTime(TUS_SWEEP_INTERVAL_MS);
      // The sweep runs in the background; what it does is over well within this.
      await new Promise((resolve) => setTimeout(resolve, 1500));
    } finally {
      restore();
    }
  }

  it('removes an unfinished upload once it is a day old, and keeps it before', async () => {
    const c = await startInterview(t.app, job._id);
    const api = tusClient(origin, c.candidateToken);
    const location = await createUpload(c, job.quests[0]!.id);
    expect((await api.patch(location, 0, Buffer.alloc(100, 7))).status).toBe(204);

    if (canTellAge) {
      // 23 h after it was created: a sweep runs and keeps it.
      await sweepAt(TUS_EXPIRATION_MS - 2 * HOUR_MS);
      const kept = await api.head(location);
      expect(kept.status).toBe(200);
      expect(kept.headers.get('upload-offset')).toBe('100');
    }

    // A day and an hour after: the next sweep removes it.
    await sweepAt(TUS_EXPIRATION_MS);
    await eventually(async () => [404, 410].includes((await api.head(location)).status));

    // The device still holds that take and sends it again: on this one-try job that is the
    // same take, not a retake beyond the allowance, so the answer is not lost.
    expect(job.rule.isOneTry).toBe(true);
    const again = await createUpload(c, job.quests[0]!.id);
    expect((await api.patch(again, 0, Buffer.alloc(100, 7))).status).toBe(204);
  });

  it("removes a finished upload's staging copy an hour after it was stored; the recording stays", async () => {
    const c = await startInterview(t.app, job._id);
    const api = tusClient(origin, c.candidateToken);
    const questId = job.quests[1]!.id;
    const location = await createUpload(c, questId);
    const bytes = buildLiveWebm({
      clusters: 2,
      blocksPerCluster: 5,
      frameMs: 100,
      blockBytes: 200,
    });
    const done = await api.patch(location, 0, bytes, bytes.length);
    expect(done.status).toBe(204);
    const { applicant } = (await (
      await fetch(`${origin}/api/applicant/${c.applicant.id}`, {
        headers: { Authorization: `Bearer ${c.candidateToken}` },
      })
    ).json()) as { applicant: { answerMap: Record<string, { faceKey?: string }> } };
    const key = applicant.answerMap[questId]?.faceKey;
    expect(key).toBeTruthy();

    // Within the hour a client whose last answer was lost still finds it complete.
    clock.advance(TUS_FINISHED_KEEP_MS / 2);
    await sweepAt(0);
    const within = await api.head(location);
    expect(within.status).toBe(200);
    expect(within.headers.get('upload-offset')).toBe(String(bytes.length));

    clock.advance(TUS_FINISHED_KEEP_MS);
    await sweepAt(0);
    await eventually(async () => (await api.head(location)).status === 404);
    expect(await t.app.storage.headObject(key!)).toMatchObject({ size: expect.any(Number) });
  });
});
