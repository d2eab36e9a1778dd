import type { Job } from '@candid/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { startInterview } from './interview-helpers';
import type { TestApp } from './test-app';
import { tusStoreCases } from './tus-helpers';
import { buildLiveWebm } from './webm-fixture';
import { tusUploadsSuite } from './tus-uploads-suite';

describe.each(tusStoreCases)('tus recording uploads: bad requests ($name)', ({ env }) => {
  const suite = tusUploadsSuite(env);
  const { tus, createUpload, uploadWhole } = suite;
  let t: TestApp;
  let origin: string;
  let job: Job;
  let retakeJob: Job;
  beforeAll(() => {
    ({ t, origin, job, retakeJob } = suite.state);
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
