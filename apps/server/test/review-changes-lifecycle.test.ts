import { REALTIME_EVENTS, type ApplicantEventPayload, type Job } from '@candid/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, applicants, notes, timelineEvents, uploads } from '../src/db/schema';
import { bearer, type SignedUp } from './factories';
import { callAsCandidate } from './interview-helpers';
import { accountWith } from './jobs-helpers';
import {
  applyAs,
  fetchSigned,
  recruiter,
  snapshotApplicant,
  uploadRecording,
} from './review-helpers';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { PDF, reviewChangesSuite } from './review-changes-suite';

describe.each(testDbKinds())('applicant review: edits, archive, CV, deletion (%s)', (kind) => {
  const suite = reviewChangesSuite(kind);
  const { clock, sockets, submitted, put, items, details, activitiesOf } = suite;
  let t: TestApp;
  let origin: string;
  let owner: SignedUp;
  let colleague: SignedUp;
  let stranger: SignedUp;
  let free: SignedUp;
  let job: Job;
  let freeJob: Job;
  beforeAll(() => {
    ({ t, origin, owner, colleague, stranger, free, job, freeJob } = suite.state);
  });

  it('marks read, edits the details, archives at the server’s time and restores', async () => {
    const id = await submitted('Edit');
    const read = await put(owner, [{ id, isRead: true }]);
    expect(items(read)[0]).toMatchObject({ isRead: true });

    const edited = await put(owner, [
      {
        id,
        info: {
          fName: ' Edna ',
          lName: 'Barak',
          email: ' EDNA@Example.com ',
          phone: '',
          hometown: 'Acre',
        },
      },
    ]);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(items(edited)[0]!.info).toMatchObject({
      fName: 'Edna',
      lName: 'Barak',
      email: 'edna@example.com',
      phone: '',
      hometown: 'Acre',
    });
    expect((await snapshotApplicant(t.app, id)).row).toMatchObject({
      fName: 'Edna',
      email: 'edna@example.com',
      phone: '',
    });

    const countOf = async (query: string) =>
      (
        await recruiter(t.app, owner)('GET', `/api/job/applicantCount?jobId=${job._id}${query}`)
      ).json();
    const activeBefore = (await countOf('')).totalApplicantCount;
    const serverNow = new Date(Date.now() + 60_000);
    clock.advance(60_000);
    const archived = await put(owner, [{ id, archivedAt: '2001-01-01T00:00:00.000Z' }]);
    clock.reset();
    expect(archived.statusCode, archived.body).toBe(200);
    const archivedAt = Date.parse(items(archived)[0]!.archivedAt!);
    expect(Math.abs(archivedAt - serverNow.getTime())).toBeLessThan(5_000);
    expect((await countOf('')).totalApplicantCount).toBe(activeBefore - 1);
    const archiveList = await recruiter(t.app, owner)(
      'GET',
      `/api/job/applicant?showArchived=true&jobId=${job._id}`,
    );
    expect(items(archiveList).map((item) => item.id)).toContain(id);
    // Archiving again keeps the first archive time.
    const again = await put(owner, [{ id, archivedAt: new Date().toISOString() }]);
    expect(Date.parse(items(again)[0]!.archivedAt!)).toBe(archivedAt);

    const restored = await put(owner, [{ id, archivedAt: null }]);
    expect(items(restored)[0]!.archivedAt).toBeNull();
    expect((await countOf('')).totalApplicantCount).toBe(activeBefore);
    // (The archive is dated a minute ahead, by the moved clock.)
    // Marking read is a change of the applicant too (every mutation is recorded).
    expect((await activitiesOf(id)).sort()).toEqual([
      'archive applicant',
      'restore applicant',
      'update applicant',
      'update applicant',
    ]);
  });

  it('lets a free user only archive or restore a locked applicant', async () => {
    async function freeApplicant(fName: string) {
      const created = await applyAs(t.app, freeJob._id, {
        info: { fName },
        finish: 'none',
      });
      const faceKey = await uploadRecording(t.app, origin, created, freeJob.quests[0]!.id);
      const as = callAsCandidate(t.app, created.candidateToken);
      const saved = await as('PUT', '/api/applicant', {
        applicant: {
          id: created.applicant.id,
          answerMap: { [freeJob.quests[0]!.id]: { resTime: 4, faceKey } },
          timestamp: { submitted: new Date().toISOString() },
        },
        jobId: freeJob._id,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      return created.applicant.id;
    }
    const open = await freeApplicant('Free');
    const locked = await freeApplicant('Locked');
    // Past the organisation's 10 free interviews.
    await t.app.db.update(applicants).set({ isFree: false }).where(eq(applicants.id, locked));

    const noteId = (
      await t.app.db
        .insert(notes)
        .values({ applicantId: locked, ownerId: free.user._id, txt: 'Written before' })
        .returning({ id: notes.id })
    )[0]!.id;
    const before = await snapshotApplicant(t.app, locked);
    for (const change of [
      { isRead: true },
      { status: 3 },
      { newNote: { txt: 'Hidden' } },
      { info: { fName: 'Renamed' } },
      { removeNoteId: noteId },
      { archivedAt: new Date().toISOString(), isRead: true },
    ]) {
      const response = await put(free, [{ id: locked, ...change }]);
      expect(response.statusCode, JSON.stringify(change)).toBe(403);
      expect(response.json().key).toBe('FORBIDDEN_ERR');
    }
    expect(await snapshotApplicant(t.app, locked)).toEqual(before);

    const archived = await put(free, [{ id: locked, archivedAt: new Date().toISOString() }]);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(items(archived)[0]).toMatchObject({ isLocked: true, archivedAt: expect.any(String) });
    expect((await put(free, [{ id: locked, archivedAt: null }])).statusCode).toBe(200);

    // The free applicant is fully open, bookmarks aside (not on the starter plan).
    const changed = await put(free, [
      { id: open, status: 3, isRead: true, newNote: { txt: 'Good' } },
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(items(changed)[0]).toMatchObject({ status: 3, isRead: true, isLocked: false });
    const bookmark = await put(free, [{ id: open, newNote: { txt: 'x', timeStamp: '00:01' } }]);
    expect(bookmark.statusCode).toBe(403);
  });

  it('replaces the CV for the recruiter, with the same file rules, and never for a stranger', async () => {
    const id = await submitted('Cvi');
    const upload = (account: SignedUp, body: Buffer, name: string, type: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/job/${job._id}/${id}/cv?name=${encodeURIComponent(name)}`,
        headers: { ...bearer(account.accessToken), 'content-type': type },
        payload: body,
      });
    const before = await snapshotApplicant(t.app, id);

    // Refused: not a CV by its bytes, a wrong extension, empty, another organisation.
    const notPdf = await upload(
      owner,
      Buffer.from('hello, not a pdf'),
      'cv.pdf',
      'application/pdf',
    );
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe('validation.CV_FORMAT_VALIDATE');
    expect((await upload(owner, PDF, 'cv.txt', 'text/plain')).statusCode).toBe(400);
    expect((await upload(owner, Buffer.alloc(0), 'cv.pdf', 'application/pdf')).statusCode).toBe(
      400,
    );
    expect((await upload(stranger, PDF, 'cv.pdf', 'application/pdf')).statusCode).toBe(404);
    expect(await snapshotApplicant(t.app, id)).toEqual(before);

    const replaced = await upload(owner, PDF, 'New CV.pdf', 'application/pdf');
    expect(replaced.statusCode, replaced.body).toBe(200);
    const body = replaced.json() as { cv: string; cvUrl: string; cvDownloadUrl: string };
    expect(body.cv).toMatch(/^New CV\.pdf-\d+$/u);
    const shown = await details(id);
    expect(shown.info.cv).toBe(body.cv);
    const file = await fetchSigned(origin, shown.info.cvUrl ?? '');
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    expect(await activitiesOf(id)).toContain('update applicant');
  });

  it('deletes only archived applicants, with their notes, timeline, uploads and files', async () => {
    const created = await applyAs(t.app, freeJob._id, {
      info: { fName: 'Gone' },
      finish: 'none',
    });
    const id = created.applicant.id;
    const faceKey = await uploadRecording(t.app, origin, created, freeJob.quests[0]!.id);
    const as = callAsCandidate(t.app, created.candidateToken);
    const cv = await as('POST', `/api/applicant/${id}/cv?name=cv.pdf`, PDF, {
      'content-type': 'application/pdf',
    });
    expect(cv.statusCode, cv.body).toBe(201);
    const saved = await as('PUT', '/api/applicant', {
      applicant: {
        id,
        answerMap: { [freeJob.quests[0]!.id]: { resTime: 4, faceKey } },
        timestamp: { submitted: new Date().toISOString() },
      },
      jobId: freeJob._id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await put(free, [{ id, newNote: { txt: 'bye' } }])).statusCode).toBe(200);
    const keep = (await applyAs(t.app, freeJob._id, { finish: 'none' })).applicant.id;
    const del = (ids: string[], account = free) =>
      recruiter(t.app, account)('PUT', '/api/job/applicantDelete', {
        applicants: ids.map((applicantId) => ({ id: applicantId })),
      });

    // Not archived: refused, all or nothing.
    const notArchived = await del([id]);
    expect(notArchived.statusCode).toBe(409);
    expect(notArchived.json().message).toContain('archived');
    expect((await put(free, [{ id, archivedAt: new Date().toISOString() }])).statusCode).toBe(200);
    expect((await del([id, keep])).statusCode).toBe(409);
    expect((await del([id, '00000000-0000-4000-8000-000000000000'])).statusCode).toBe(404);
    expect((await del([id], owner)).statusCode).toBe(404);
    expect(
      (await recruiter(t.app, free)('PUT', '/api/job/applicantDelete', { applicants: [] }))
        .statusCode,
    ).toBe(400);
    expect((await snapshotApplicant(t.app, id)).row).toBeDefined();
    const keys = (
      await t.app.db.select({ key: uploads.key }).from(uploads).where(eq(uploads.applicantId, id))
    ).map((row) => row.key);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await t.app.storage.headObject(key)).not.toBeNull();

    const deleted = await del([id, id]);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect((await snapshotApplicant(t.app, id)).row).toBeUndefined();
    for (const table of [notes, timelineEvents, uploads] as const) {
      const [left] = await t.app.db
        .select({ n: count() })
        .from(table)
        .where(eq(table.applicantId, id));
      expect(left!.n).toBe(0);
    }
    for (const key of keys) expect(await t.app.storage.headObject(key)).toBeNull();
    expect((await snapshotApplicant(t.app, keep)).row).toBeDefined();
    const [removal] = await t.app.db
      .select()
      .from(activities)
      .where(and(eq(activities.type, 'remove'), eq(activities.target, 'applicant')));
    expect(removal).toMatchObject({ userId: free.user._id, meta: { applicantId: id } });
    expect((await del([id])).statusCode).toBe(404);
  });

  it('tells the job owner’s open tabs about every saved change', async () => {
    const socket = connect(origin, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: owner.accessToken },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(await socket.emitWithAck(REALTIME_EVENTS.USER_WATCH, owner.user._id)).toBe(true);
    const saved: ApplicantEventPayload[] = [];
    socket.on(REALTIME_EVENTS.SAVE_APPLICANT, (payload: ApplicantEventPayload) =>
      saved.push(payload),
    );
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 1000 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
      expect(check()).toBe(true);
    };

    const id = await submitted('Live');
    await until(() => saved.some((event) => event.data.type === 'submitted'));
    saved.length = 0;
    // A colleague's change reaches the job's owner.
    expect((await put(colleague, [{ id, status: 6 }])).statusCode).toBe(200);
    await until(() => saved.length === 1);
    expect(saved[0]).toMatchObject({
      userId: owner.user._id,
      data: { type: 'updated', jobId: job._id, applicant: { id, jobInfo: { jobId: job._id } } },
    });
    // A change that changes nothing is not announced; the next real one is.
    expect((await put(colleague, [{ id, status: 6 }])).statusCode).toBe(200);
    expect((await put(colleague, [{ id, newNote: { txt: 'Live note' } }])).statusCode).toBe(200);
    await until(() => saved.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saved).toHaveLength(2);
    const ids = saved.map((event) => event.data.applicant.id);
    expect(ids).toEqual([id, id]);
    const rows = await t.app.db
      .select({ n: count() })
      .from(notes)
      .where(inArray(notes.applicantId, ids));
    expect(rows[0]!.n).toBe(1);
  });

  it('lets an admin change applicants as the viewed account, logged as the admin', async () => {
    const admin = await accountWith(t.app, { role: 'admin' });
    const id = await submitted('Viewed');
    const response = await recruiter(t.app, admin)('PUT', '/api/job/applicant', {
      applicants: [{ id, status: 7 }],
      viewAsId: owner.user._id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [logged] = await t.app.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, admin.user._id), eq(activities.target, 'status')));
    expect(logged).toMatchObject({
      meta: { applicantId: id, viewAsId: owner.user._id, statusCode: 7 },
    });
    // Without view-as the admin's own organisation has no such applicant.
    expect((await put(admin, [{ id, status: 1 }])).statusCode).toBe(404);
    expect((await put(stranger, [{ id, status: 1 }])).statusCode).toBe(404);
  });
});
