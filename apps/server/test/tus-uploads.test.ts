import type { Job } from '@candid/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicants, uploads } from '../src/db/schema';
import { scanWebm } from '../src/modules/interview-uploads/webm-duration';
import { startInterview } from './interview-helpers';
import type { TestApp } from './test-app';
import { tusStoreCases } from './tus-helpers';
import { buildLiveWebm } from './webm-fixture';
import { MAX_BYTES, tusUploadsSuite } from './tus-uploads-suite';

describe.each(tusStoreCases)('tus recording uploads: sending and discards ($name)', ({ env }) => {
  const suite = tusUploadsSuite(env);
  const { keyOf, tus, createUpload, answerOf, uploadWhole } = suite;
  let t: TestApp;
  let origin: string;
  let job: Job;
  let retakeJob: Job;
  beforeAll(() => {
    ({ t, origin, job, retakeJob } = suite.state);
  });

  it('streams a recording in small PATCHes, resumes after a refused one, and stores it at the key', async () => {
    const c = await startInterview(t.app, job._id);
    const [video] = job.quests;
    const bytes = buildLiveWebm({
      clusters: 3,
      blocksPerCluster: 10,
      frameMs: 100,
      blockBytes: 500,
    });
    const location = await createUpload(c, video!.id);
    const api = tus(c.candidateToken);
    const first = bytes.subarray(0, 4000);
    const patched = await api.patch(location, 0, first);
    expect(patched.status).toBe(204);
    expect(patched.headers.get('upload-offset')).toBe('4000');
    expect(patched.headers.get('upload-expires')).toBeTruthy();

    // A PATCH at a stale offset is refused and changes nothing; HEAD tells where to resume.
    const stale = await api.patch(location, 0, first);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ status: 409, key: 'UPLOAD_OFFSET_CONFLICT_ERR' });
    const head = await api.head(location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('4000');
    expect(head.headers.get('upload-defer-length')).toBe('1');

    const middle = await api.patch(location, 4000, bytes.subarray(4000, 9000));
    expect(middle.headers.get('upload-offset')).toBe('9000');
    const last = await api.patch(location, 9000, bytes.subarray(9000), bytes.length);
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-offset')).toBe(String(bytes.length));

    const key = keyOf(c, video!.id, 'face');
    const [row] = await t.app.db.select().from(uploads).where(eq(uploads.key, key));
    expect(row).toMatchObject({ status: 'completed', applicantId: c.applicant.id });
    expect(row!.durationSec).toBeGreaterThan(2.8);
    const stored = await t.app.storage.getObject(key);
    const scan = await scanWebm(stored.body as AsyncIterable<Buffer>);
    expect(scan.existingDuration).toBeGreaterThan(0);
    // The server named it in the answer, so the recruiter can play it at once.
    const [applicant] = await t.app.db
      .select({ answerMap: applicants.answerMap })
      .from(applicants)
      .where(eq(applicants.id, c.applicant.id));
    expect(applicant!.answerMap[video!.id]).toMatchObject({ faceKey: key, resTime: 3 });
  });

  it("refuses a foreign applicant's token, another applicant in the metadata and bad metadata", async () => {
    const mine = await startInterview(t.app, job._id);
    const other = await startInterview(t.app, job._id);
    const [video, screen, text] = job.quests;
    const location = await createUpload(mine, video!.id);
    const foreign = tus(other.candidateToken);
    const head = await foreign.head(location);
    expect(head.status).toBe(403);
    const patch = await foreign.patch(location, 0, Buffer.from('stolen'));
    expect(patch.status).toBe(403);
    expect(await patch.json()).toMatchObject({ status: 403, key: 'FORBIDDEN_ERR' });
    expect((await foreign.remove(location)).status).toBe(403);
    expect((await tus(mine.candidateToken).head(location)).headers.get('upload-offset')).toBe('0');

    const create = (token: string, meta: Record<string, string>) => tus(token).create(meta);
    const base = { applicantId: mine.applicant.id, questId: video!.id, kind: 'face' };
    const asOther = await create(other.candidateToken, { ...base, filetype: 'video/webm' });
    expect(asOther.status).toBe(403);
    expect(
      (await create(mine.candidateToken, { ...base, filetype: 'video/quicktime' })).status,
    ).toBe(415);
    const wrongKind = await create(mine.candidateToken, {
      ...base,
      kind: 'screen',
      filetype: 'video/webm',
    });
    expect(wrongKind.status).toBe(400);
    expect(
      (await create(mine.candidateToken, { ...base, questId: text!.id, filetype: 'video/webm' }))
        .status,
    ).toBe(400);
    expect(
      (
        await create(mine.candidateToken, {
          ...base,
          questId: screen!.id,
          kind: 'screen',
          filetype: 'video/webm',
        })
      ).status,
    ).toBe(201);
    const anonymous = await fetch(`${origin}/api/upload/tus`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Defer-Length': '1' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('answers 413 with the error body above the maximum, and refuses a submitted applicant', async () => {
    const c = await startInterview(t.app, retakeJob._id);
    const [video] = retakeJob.quests;
    const api = tus(c.candidateToken);
    const location = await createUpload(c, video!.id);
    const tooBig = await api.patch(location, 0, Buffer.alloc(MAX_BYTES + 1, 1));
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ status: 413, key: 'PAYLOAD_TOO_LARGE_ERR' });
    const declared = await api.patch(location, 0, Buffer.alloc(10), MAX_BYTES + 1);
    expect(declared.status).toBe(413);

    const again = await createUpload(c, video!.id);
    // The first take's upload was replaced by the second: its PATCHes are refused.
    expect((await api.patch(location, 0, Buffer.alloc(10))).status).toBe(404);
    await t.app.db
      .update(applicants)
      .set({ submittedAt: new Date() })
      .where(eq(applicants.id, c.applicant.id));
    const late = await api.patch(again, 0, Buffer.alloc(10));
    expect(late.status).toBe(409);
    const create = await api.create({
      applicantId: c.applicant.id,
      questId: video!.id,
      kind: 'face',
      filetype: 'video/webm',
    });
    expect(create.status).toBe(409);
  });

  it('terminates an unfinished upload (a discarded take)', async () => {
    const c = await startInterview(t.app, job._id);
    const [video] = job.quests;
    const api = tus(c.candidateToken);
    const location = await createUpload(c, video!.id);
    expect((await api.patch(location, 0, Buffer.alloc(100, 7))).status).toBe(204);
    expect((await api.remove(location)).status).toBe(204);
    expect((await api.head(location)).status).toBe(404);
  });

  it('a discarded finished take is deleted: its stored copy, its upload row and its key in the answer', async () => {
    const c = await startInterview(t.app, retakeJob._id);
    const [video] = retakeJob.quests;
    const key = keyOf(c, video!.id, 'face', retakeJob);
    const location = await uploadWhole(c, video!.id);
    expect((await answerOf(c.applicant.id))[video!.id]).toMatchObject({ faceKey: key });
    await expect(t.app.storage.getObject(key)).resolves.toBeTruthy();

    expect((await tus(c.candidateToken).remove(location)).status).toBe(204);
    expect(await t.app.db.select().from(uploads).where(eq(uploads.key, key))).toEqual([]);
    await expect(t.app.storage.getObject(key)).rejects.toThrow();
    expect((await answerOf(c.applicant.id))[video!.id]).not.toHaveProperty('faceKey');
    expect((await tus(c.candidateToken).head(location)).status).toBe(404);

    // The retake that follows is stored and named as usual.
    await uploadWhole(c, video!.id);
    expect((await answerOf(c.applicant.id))[video!.id]).toMatchObject({ faceKey: key });
  });

  it("a late discard of a replaced take leaves the newer take alone; another applicant's take is refused", async () => {
    const c = await startInterview(t.app, retakeJob._id);
    const other = await startInterview(t.app, retakeJob._id);
    const [video] = retakeJob.quests;
    const key = keyOf(c, video!.id, 'face', retakeJob);
    const old = await createUpload(c, video!.id);
    await uploadWhole(c, video!.id);
    const before = await t.app.db.select().from(uploads).where(eq(uploads.key, key));

    await tus(c.candidateToken).remove(old);
    expect(await t.app.db.select().from(uploads).where(eq(uploads.key, key))).toEqual(before);
    await expect(t.app.storage.getObject(key)).resolves.toBeTruthy();
    expect((await answerOf(c.applicant.id))[video!.id]).toMatchObject({ faceKey: key });

    const newest = before[0]!.uploadId!;
    const foreign = await tus(other.candidateToken).remove(`/api/upload/tus/${newest}`);
    expect(foreign.status).toBe(403);
    expect(await t.app.db.select().from(uploads).where(eq(uploads.key, key))).toEqual(before);
  });

  it('a submitted interview keeps its takes: a discard is refused with 409', async () => {
    const c = await startInterview(t.app, job._id);
    const [video] = job.quests;
    const key = keyOf(c, video!.id, 'face');
    const location = await uploadWhole(c, video!.id);
    await t.app.db
      .update(applicants)
      .set({ submittedAt: new Date() })
      .where(eq(applicants.id, c.applicant.id));
    expect((await tus(c.candidateToken).remove(location)).status).toBe(409);
    expect(await t.app.db.select().from(uploads).where(eq(uploads.key, key))).toHaveLength(1);
    await expect(t.app.storage.getObject(key)).resolves.toBeTruthy();
    expect((await answerOf(c.applicant.id))[video!.id]).toMatchObject({ faceKey: key });
  });
});
