import {
  multipartKey,
  recordingFileName,
  type CreateApplicantResponse,
  type Job,
} from '@candid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applicants, uploads } from '../src/db/schema';
import { scanWebm } from '../src/modules/interview-uploads/webm-duration';
import type { SignedUp } from './factories';
import { accountWith, createInterviewJob, startInterview } from './interview-helpers';
import { createTestApp, type TestApp } from './test-app';
import { tusClient, tusStoreCases } from './tus-helpers';
import { buildLiveWebm } from './webm-fixture';

const MAX_BYTES = 256 * 1024;

async function streamToBuffer(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

describe.each(tusStoreCases)('tus recording uploads ($name)', ({ env }) => {
  let t: TestApp;
  let origin: string;
  let owner: SignedUp;
  let job: Job;
  /** A job with retakes: takes of one question are not limited there. */
  let retakeJob: Job;
  let closeStore: () => Promise<void>;

  beforeAll(async () => {
    const store = await env();
    closeStore = store.close;
    t = await createTestApp('pglite', {
      ...store.env,
      RECORDING_MAX_BYTES: String(MAX_BYTES),
    });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await accountWith(t.app, { perm: 999 });
    job = await createInterviewJob(t.app, owner, ['video', 'screen', 'text']);
    retakeJob = await createInterviewJob(t.app, owner, ['video', 'text'], { isOneTry: false });
  });
  afterAll(async () => {
    await t?.close();
    await closeStore?.();
  });

  const keyOf = (
    c: CreateApplicantResponse,
    questId: string,
    kind: 'face' | 'screen',
    of: Job = job,
  ) =>
    multipartKey(
      of._id,
      recordingFileName({
        applicantId: c.applicant.id,
        jobId: of._id,
        questId,
        kind,
        container: 'webm',
      }),
    );

  const tus = (token: string) => tusClient(origin, token);

  async function createUpload(c: CreateApplicantResponse, questId: string, kind = 'face') {
    const response = await tus(c.candidateToken).create({
      applicantId: c.applicant.id,
      questId,
      kind,
      filetype: 'video/webm;codecs=vp8,opus',
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const location = response.headers.get('location')!;
    expect(location).toMatch(/^\/api\/upload\/tus\/[0-9a-f]{32}$/);
    return location;
  }

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

  async function answerOf(applicantId: string) {
    const [row] = await t.app.db
      .select({ answerMap: applicants.answerMap })
      .from(applicants)
      .where(eq(applicants.id, applicantId));
    return row!.answerMap;
  }

  async function uploadWhole(c: CreateApplicantResponse, questId: string) {
    const bytes = buildLiveWebm({
      clusters: 2,
      blocksPerCluster: 5,
      frameMs: 100,
      blockBytes: 200,
    });
    const location = await createUpload(c, questId);
    const done = await tus(c.candidateToken).patch(location, 0, bytes, bytes.length);
    expect(done.status).toBe(204);
    return location;
  }

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

  /** A PATCH whose connection drops after `sent` bytes of its body (a phone losing signal). */
  async function cutPatch(
    token: string,
    location: string,
    offset: number,
    sent: Buffer,
    finalLength: number,
  ) {
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(sent));
        await new Promise((resolve) => setTimeout(resolve, 200));
        controller.error(new Error('signal lost'));
      },
    });
    await fetch(`${origin}${location}`, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/offset+octet-stream',
        'Upload-Offset': String(offset),
        'Upload-Length': String(finalLength),
      },
      body,
      duplex: 'half',
    } as RequestInit).then(
      () => undefined,
      () => undefined,
    );
  }

  it('a finish whose last PATCH was cut off resumes from the server offset (HEAD) and stores every byte', async () => {
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
    expect((await api.patch(location, 0, bytes.subarray(0, 6000))).status).toBe(204);
    // The last PATCH (the rest, with the length) loses its connection part way.
    await cutPatch(c.candidateToken, location, 6000, bytes.subarray(6000, 9000), bytes.length);
    // The client asks where to go on from, and sends what the server lacks with the length.
    let offset = 0;
    await vi.waitFor(
      async () => {
        const head = await api.head(location);
        expect(head.status).toBe(200);
        offset = Number(head.headers.get('upload-offset'));
        expect(offset).toBeGreaterThanOrEqual(6000);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(offset).toBeLessThanOrEqual(9000);
    const rest = await api.patch(location, offset, bytes.subarray(offset), bytes.length);
    expect(rest.status, await rest.clone().text()).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(bytes.length));

    const key = keyOf(c, video!.id, 'face');
    const [row] = await t.app.db.select().from(uploads).where(eq(uploads.key, key));
    expect(row).toMatchObject({ status: 'completed' });
    // Only the head changes (the Duration is written): every media byte is the uploaded one.
    const stored = await streamToBuffer(
      (await t.app.storage.getObject(key)).body as AsyncIterable<Buffer>,
    );
    const tail = bytes.subarray(bytes.length - 12_000);
    expect(stored.subarray(stored.length - tail.length).equals(tail)).toBe(true);
  });

  it('a finish whose last PATCH failed on the server is completed by the HEAD that follows', async () => {
    const c = await startInterview(t.app, job._id);
    const [video] = job.quests;
    const bytes = buildLiveWebm({
      clusters: 2,
      blocksPerCluster: 5,
      frameMs: 100,
      blockBytes: 300,
    });
    const location = await createUpload(c, video!.id);
    const api = tus(c.candidateToken);
    // Storing the finished recording fails once (a storage hiccup): the PATCH answers 500.
    const put = vi
      .spyOn(t.app.storage, 'putObject')
      .mockRejectedValueOnce(new Error('storage unavailable'));
    const last = await api.patch(location, 0, bytes, bytes.length);
    expect(last.status).toBe(500);
    put.mockRestore();
    const key = keyOf(c, video!.id, 'face');
    expect((await t.app.db.select().from(uploads).where(eq(uploads.key, key)))[0]?.status).toBe(
      'started',
    );
    // The client's retry asks HEAD first: the bytes are all there, and the server finishes it.
    const head = await api.head(location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(head.headers.get('upload-length')).toBe(String(bytes.length));
    const [row] = await t.app.db.select().from(uploads).where(eq(uploads.key, key));
    expect(row).toMatchObject({ status: 'completed' });
    expect(await t.app.storage.headObject(key)).toMatchObject({ size: expect.any(Number) });
    const [applicant] = await t.app.db
      .select({ answerMap: applicants.answerMap })
      .from(applicants)
      .where(eq(applicants.id, c.applicant.id));
    expect(applicant!.answerMap[video!.id]).toMatchObject({ faceKey: key });
  });

  describe('bad requests answer {status,key,message} and change nothing', () => {
    const base = { 'Tus-Resumable': '1.0.0', 'Content-Type': 'application/offset+octet-stream' };
    const send = (
      location: string,
      method: string,
      headers: Record<string, string>,
      body?: Buffer,
    ) => fetch(`${origin}${location}`, { method, headers, ...(body ? { body } : {}) });

    async function offsetOf(token: string, location: string): Promise<string | null> {
      const head = await tus(token).head(location);
      expect(head.status).toBe(200);
      return head.headers.get('upload-offset');
    }

    it.each([
      [
        'no Tus-Resumable',
        'PATCH',
        { 'Upload-Offset': '1000', 'Tus-Resumable': '' },
        412,
        'UPLOAD_PROTOCOL_ERR',
      ],
      [
        'another tus version',
        'PATCH',
        { 'Upload-Offset': '1000', 'Tus-Resumable': '0.2.2' },
        412,
        'UPLOAD_PROTOCOL_ERR',
      ],
      ['a negative Upload-Offset', 'PATCH', { 'Upload-Offset': '-1' }, 400, 'VALIDATION_ERR'],
      ['a non-numeric Upload-Offset', 'PATCH', { 'Upload-Offset': '1e3' }, 400, 'VALIDATION_ERR'],
      ['no Upload-Offset', 'PATCH', {}, 400, 'VALIDATION_ERR'],
      [
        'a bad Upload-Length',
        'PATCH',
        { 'Upload-Offset': '1000', 'Upload-Length': 'ten' },
        400,
        'VALIDATION_ERR',
      ],
      [
        'another Content-Type',
        'PATCH',
        { 'Upload-Offset': '1000', 'Content-Type': 'video/webm' },
        415,
        'UNSUPPORTED_MEDIA_TYPE_ERR',
      ],
      [
        'bad Upload-Metadata',
        'PATCH',
        { 'Upload-Offset': '1000', 'Upload-Metadata': 'a b c,,' },
        400,
        'VALIDATION_ERR',
      ],
      [
        'Upload-Defer-Length other than 1',
        'PATCH',
        { 'Upload-Offset': '1000', 'Upload-Defer-Length': '2' },
        400,
        'VALIDATION_ERR',
      ],
      [
        'Upload-Concat (not offered)',
        'PATCH',
        { 'Upload-Offset': '1000', 'Upload-Concat': 'partial' },
        400,
        'VALIDATION_ERR',
      ],
    ])('a PATCH with %s → %i %s', async (_what, method, headers, status, key) => {
      const c = await startInterview(t.app, job._id);
      const location = await createUpload(c, job.quests[0]!.id);
      const bytes = buildLiveWebm({
        clusters: 1,
        blocksPerCluster: 5,
        frameMs: 100,
        blockBytes: 200,
      });
      expect((await tus(c.candidateToken).patch(location, 0, bytes.subarray(0, 1000))).status).toBe(
        204,
      );
      const all: Record<string, string> = {
        ...base,
        Authorization: `Bearer ${c.candidateToken}`,
        ...headers,
      };
      for (const name of Object.keys(all)) if (all[name] === '') delete all[name];
      const response = await send(location, method, all, bytes.subarray(1000));
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await response.json()) as { status: number; key: string; message: string };
      expect(body).toMatchObject({ status, key });
      expect(body.message.length).toBeGreaterThan(0);
      expect(await offsetOf(c.candidateToken, location)).toBe('1000');
    });

    it('a creation with Upload-Concat is a client error (400), not a 501', async () => {
      const c = await startInterview(t.app, job._id);
      const response = await fetch(`${origin}/api/upload/tus`, {
        method: 'POST',
        headers: {
          'Tus-Resumable': '1.0.0',
          Authorization: `Bearer ${c.candidateToken}`,
          'Upload-Concat': 'final;/api/upload/tus/a /api/upload/tus/b',
        },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ status: 400, key: 'VALIDATION_ERR' });
    });

    it("a PATCH at a wrong offset, to a finished, a terminated or another applicant's upload", async () => {
      const mine = await startInterview(t.app, retakeJob._id);
      const other = await startInterview(t.app, retakeJob._id);
      const [video] = retakeJob.quests;
      const bytes = buildLiveWebm({
        clusters: 1,
        blocksPerCluster: 5,
        frameMs: 100,
        blockBytes: 200,
      });
      const api = tus(mine.candidateToken);

      const open = await createUpload(mine, video!.id);
      expect((await api.patch(open, 0, bytes.subarray(0, 500))).status).toBe(204);
      for (const wrong of [0, 400, 600]) {
        const response = await api.patch(open, wrong, bytes.subarray(wrong, wrong + 100));
        expect(response.status).toBe(409);
        expect(await response.json()).toMatchObject({
          status: 409,
          key: 'UPLOAD_OFFSET_CONFLICT_ERR',
        });
      }
      expect(await offsetOf(mine.candidateToken, open)).toBe('500');

      const foreign = await tus(other.candidateToken).patch(open, 500, bytes.subarray(500, 600));
      expect(foreign.status).toBe(403);
      expect(await foreign.json()).toMatchObject({ status: 403, key: 'FORBIDDEN_ERR' });
      expect(await offsetOf(mine.candidateToken, open)).toBe('500');

      const finished = await uploadWhole(mine, video!.id);
      for (const [offset, body] of [
        [bytes.length, Buffer.alloc(0)],
        [bytes.length, Buffer.from('more')],
        [0, bytes],
      ] as const) {
        const response = await api.patch(finished, offset, body);
        expect(response.status, await response.clone().text()).toBe(409);
        expect(await response.json()).toMatchObject({
          status: 409,
          key: 'UPLOAD_OFFSET_CONFLICT_ERR',
        });
      }
      const head = await api.head(finished);
      // Still whole: as long as it was, all of it there.
      expect(Number(head.headers.get('upload-length'))).toBeGreaterThan(0);
      expect(head.headers.get('upload-offset')).toBe(head.headers.get('upload-length'));

      const discarded = await createUpload(mine, video!.id);
      expect((await api.patch(discarded, 0, bytes.subarray(0, 300))).status).toBe(204);
      expect((await api.remove(discarded)).status).toBe(204);
      const late = await api.patch(discarded, 300, bytes.subarray(300));
      expect(late.status).toBeGreaterThanOrEqual(400);
      expect(late.status).toBeLessThan(500);
      expect(await late.json()).toMatchObject({ status: late.status, key: 'NOT_FOUND_ERR' });
    });
  });
});
