import type { Job } from '@candid/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { applicants, uploads } from '../src/db/schema';
import { startInterview } from './interview-helpers';
import type { TestApp } from './test-app';
import { tusStoreCases } from './tus-helpers';
import { buildLiveWebm } from './webm-fixture';
import { tusUploadsSuite } from './tus-uploads-suite';

async function streamToBuffer(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

describe.each(tusStoreCases)('tus recording uploads: resuming a cut finish ($name)', ({ env }) => {
  const suite = tusUploadsSuite(env);
  const { keyOf, tus, createUpload } = suite;
  let t: TestApp;
  let origin: string;
  let job: Job;
  beforeAll(() => {
    ({ t, origin, job } = suite.state);
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
});
