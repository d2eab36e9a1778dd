import {
  REALTIME_EVENTS,
  type ApplicantDetails,
  type ApplicantEventPayload,
  type ApplicantListItem,
  type Job,
} from '@candid/domain';
import { readFile } from 'node:fs/promises';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, applicants, notes, timelineEvents, uploads } from '../src/db/schema';
import { bearer, type SignedUp } from './factories';
import { createTestClock } from './helpers';
import { callAsCandidate } from './interview-helpers';
import { accountWith, issueMessages, jobPayload, questionPayload } from './jobs-helpers';
import {
  activityCount,
  applyAs,
  fetchSigned,
  recruiter,
  snapshotApplicant,
  uploadRecording,
} from './review-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(800, 0x20)]);

describe.each(testDbKinds())('applicant review: changes and deletion (%s)', (kind) => {
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

  it('checks every change and writes nothing when one is invalid', async () => {
    const id = await submitted();
    const before = await snapshotApplicant(t.app, id);
    const logged = await activityCount(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ status: 8 }, 'status'],
      [{ status: -1 }, 'status'],
      [{ status: 'x' }, 'status'],
      [{ status: 2.5 }, 'status'],
      [{ newNote: { txt: '' } }, 'newNote.txt'],
      [{ newNote: { txt: '    ' } }, 'newNote.txt'],
      [{ newNote: { txt: 'x'.repeat(2001) } }, 'newNote.txt'],
      [{ newNote: { txt: 'ok', timeStamp: '1:5' } }, 'newNote.timeStamp'],
      [{ newNote: { txt: 'ok', timeStamp: '00:60' } }, 'newNote.timeStamp'],
      [{ newNote: { txt: 'ok', timeStamp: '5:00' } }, 'newNote.timeStamp'],
      [{ info: { fName: '  ' } }, 'info.fName'],
      [{ info: { fName: 'Yael', email: 'not-an-email' } }, 'info.email'],
      [{ info: { fName: 'Yael', phone: '12' } }, 'info.phone'],
      [{ archivedAt: 'yesterday' }, 'archivedAt'],
      [{ isRead: 'yes' }, 'isRead'],
      [{ owner: 'me' }, ''],
    ];
    for (const [change, path] of cases) {
      const response = await put(owner, [{ id, ...change }]);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().key).toBe('VALIDATION_ERR');
      const body = response.json() as { issues: { path: string; message: string }[] };
      expect(
        body.issues.some((issue) => issue.path.includes(path)),
        `${JSON.stringify(change)}: ${JSON.stringify(body.issues)}`,
      ).toBe(true);
    }
    expect(issueMessages(await put(owner, [{ id, newNote: { txt: ' ' } }]))).toContain(
      'validation.REQUIRED_VALIDATE',
    );
    expect(issueMessages(await put(owner, [{ id, status: 8 }]))).toContain(
      'validation.INVALID_VALUE',
    );
    // The list itself: 1 to 100 changes, each applicant once.
    expect((await put(owner, [])).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, () => ({ id, isRead: true }));
    expect((await put(owner, many)).statusCode).toBe(400);
    const twice = await put(owner, [
      { id, isRead: true },
      { id, status: 2 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('more than once');

    expect(await snapshotApplicant(t.app, id)).toEqual(before);
    expect(await activityCount(t.app)).toBe(logged);
  });

  it('sets a status only once submitted and not archived, and the same status is no change', async () => {
    const inProgress = (await applyAs(t.app, job._id, { finish: 'none' })).applicant.id;
    const quit = (await applyAs(t.app, job._id, { finish: 'quit' })).applicant.id;
    for (const id of [inProgress, quit]) {
      const before = await snapshotApplicant(t.app, id);
      const refused = await put(owner, [{ id, status: 3 }]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ key: 'VALIDATION_ERR', status: 409 });
      expect(refused.json().message).toContain('once the interview is submitted');
      expect(await snapshotApplicant(t.app, id)).toEqual(before);
    }

    const id = await submitted();
    const changed = await put(owner, [{ id, status: 2 }]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(items(changed)).toEqual([expect.objectContaining({ id, status: 2 })]);
    const afterFirst = await snapshotApplicant(t.app, id);
    expect(afterFirst.row!.status).toBe(2);
    const statusEvents = (await details(id)).timeline.filter((event) => event.type === 'status');
    expect(statusEvents).toEqual([
      { type: 'status', statusCode: 2, createdAt: expect.any(String) },
    ]);
    expect(await activitiesOf(id)).toContain('update status');

    const same = await put(owner, [{ id, status: 2 }]);
    expect(same.statusCode).toBe(200);
    const afterSame = await snapshotApplicant(t.app, id);
    expect(afterSame).toEqual(afterFirst);
    expect((await activitiesOf(id)).filter((entry) => entry === 'update status')).toHaveLength(1);

    // Archived: refused; restored in the same change: allowed.
    expect((await put(owner, [{ id, archivedAt: new Date().toISOString() }])).statusCode).toBe(200);
    const archived = await put(owner, [{ id, status: 4 }]);
    expect(archived.statusCode).toBe(409);
    expect(archived.json().message).toContain('archived');
    expect((await put(owner, [{ id, status: 4, archivedAt: null }])).statusCode).toBe(200);
    expect((await snapshotApplicant(t.app, id)).row).toMatchObject({ status: 4, archivedAt: null });
    // Archiving in the same change as a status is refused too.
    const both = await put(owner, [{ id, status: 5, archivedAt: new Date().toISOString() }]);
    expect(both.statusCode).toBe(409);
  });

  it('applies a batch all or nothing', async () => {
    const ok = await submitted('Batch');
    const notSubmitted = (await applyAs(t.app, job._id, { finish: 'none' })).applicant.id;
    const before = await snapshotApplicant(t.app, ok);
    const logged = await activityCount(t.app);
    const mixed = await put(owner, [
      { id: ok, status: 4, isRead: true, newNote: { txt: 'first' } },
      { id: notSubmitted, status: 4 },
    ]);
    expect(mixed.statusCode).toBe(409);
    const foreign = await put(owner, [
      { id: ok, newNote: { txt: 'first' } },
      { id: '00000000-0000-4000-8000-000000000000', isRead: true },
    ]);
    expect(foreign.statusCode).toBe(404);
    const badNote = await put(owner, [
      { id: ok, newNote: { txt: 'first' } },
      { id: notSubmitted, removeNoteId: '00000000-0000-4000-8000-000000000000' },
    ]);
    expect(badNote.statusCode).toBe(404);
    expect(await snapshotApplicant(t.app, ok)).toEqual(before);
    expect(await activityCount(t.app)).toBe(logged);

    const both = await put(owner, [
      { id: ok, status: 4, isRead: true },
      { id: notSubmitted, isRead: true, newNote: { txt: 'Still answering' } },
    ]);
    expect(both.statusCode, both.body).toBe(200);
    expect(items(both).map((item) => [item.id, item.status, item.isRead])).toEqual([
      [ok, 4, true],
      [notSubmitted, 0, true],
    ]);
  });

  it('adds notes with their timeline events and removes them together', async () => {
    const id = await submitted('Noted');
    const added = await put(owner, [
      { id, newNote: { txt: '  Clear and calm  ', timeStamp: '00:03' } },
    ]);
    expect(added.statusCode, added.body).toBe(200);
    const long = await put(colleague, [{ id, newNote: { txt: 'y'.repeat(2000) } }]);
    expect(long.statusCode, long.body).toBe(200);

    const read = await details(id);
    expect(
      read.notes.map((note) => [note.txt.slice(0, 15), note.timeStamp, note.owner?.fName]),
    ).toEqual([
      ['Clear and calm', '00:03', 'Olga'],
      ['y'.repeat(15), undefined, 'Carmel'],
    ]);
    const [first] = read.notes;
    const events = read.timeline.filter((event) => event.type === 'note');
    expect(events[0]).toEqual({
      type: 'note',
      noteId: first!.id,
      txt: 'Clear and calm',
      timeStamp: '00:03',
      // No question named: the bookmark points into the first answer.
      questId: job.quests[0]!.id,
      createdAt: first!.createdAt,
    });
    expect(first!.questId).toBe(job.quests[0]!.id);
    expect(read.notes[1]!.questId).toBeUndefined();
    expect(events).toHaveLength(2);

    // Another applicant's note (or a made-up one) is not this applicant's.
    const other = await submitted('Other');
    const wrong = await put(owner, [{ id: other, removeNoteId: first!.id }]);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toContain('not found');
    expect((await put(owner, [{ id, removeNoteId: 'nope' }])).statusCode).toBe(404);

    const removed = await put(owner, [{ id, removeNoteId: first!.id }]);
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await details(id);
    expect(after.notes.map((note) => note.owner?.fName)).toEqual(['Carmel']);
    expect(after.timeline.filter((event) => event.type === 'note')).toHaveLength(1);
    expect(
      after.timeline.some((event) => event.type === 'note' && event.noteId === first!.id),
    ).toBe(false);
    const [left] = await t.app.db
      .select({ n: count() })
      .from(timelineEvents)
      .where(eq(timelineEvents.noteId, first!.id));
    expect(left!.n).toBe(0);
    expect((await put(owner, [{ id, removeNoteId: first!.id }])).statusCode).toBe(404);
    expect(await activitiesOf(id)).toEqual(['create note', 'create note', 'remove note']);
  });

  it('keeps the question a bookmark points into, and refuses a question the job does not have', async () => {
    const twoQuestions = await createJob(owner, ['text', 'text']);
    const [q1, q2] = twoQuestions.quests;
    const { applicant } = await applyAs(t.app, twoQuestions._id, {
      info: { fName: 'Two' },
      answers: {
        [q1!.id]: { resTime: 5, txt: 'First' },
        [q2!.id]: { resTime: 6, txt: 'Second' },
      },
    });
    const before = await snapshotApplicant(t.app, applicant.id);
    for (const questId of ['no-such-question', job.quests[0]!.id]) {
      const refused = await put(owner, [
        { id: applicant.id, newNote: { txt: 'Where?', timeStamp: '00:01', questId } },
      ]);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ key: 'VALIDATION_ERR' });
      expect(refused.json().message).toContain(questId);
    }
    expect(await snapshotApplicant(t.app, applicant.id)).toEqual(before);

    const saved = await put(owner, [
      {
        id: applicant.id,
        newNote: { txt: 'Second answer, at 2 s', timeStamp: '00:02', questId: q2!.id },
      },
      // A plain note names no question, even when one is sent.
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const plain = await put(owner, [
      { id: applicant.id, newNote: { txt: 'No bookmark', questId: q2!.id } },
    ]);
    expect(plain.statusCode, plain.body).toBe(200);
    const response = await recruiter(t.app, owner)(
      'GET',
      `/api/job/${twoQuestions._id}/${applicant.id}`,
    );
    const read = response.json().applicant as ApplicantDetails;
    expect(read.notes.map((note) => [note.txt, note.timeStamp, note.questId])).toEqual([
      ['Second answer, at 2 s', '00:02', q2!.id],
      ['No bookmark', undefined, undefined],
    ]);
    expect(
      read.timeline
        .filter((event) => event.type === 'note')
        .map((event) => (event.type === 'note' ? event.questId : null)),
    ).toEqual([q2!.id, undefined]);
  });

  it('migration 0011 points bookmarks written before questions were named into the first answer', async () => {
    const id = await submitted('Old bookmark');
    const [note] = await t.app.db
      .insert(notes)
      .values({ applicantId: id, ownerId: owner.user._id, txt: 'Old', timeStamp: '00:04' })
      .returning();
    await t.app.db.insert(timelineEvents).values({
      applicantId: id,
      type: 'note',
      noteId: note!.id,
      txt: 'Old',
      timeStamp: '00:04',
    });
    const [plain] = await t.app.db
      .insert(notes)
      .values({ applicantId: id, ownerId: owner.user._id, txt: 'Plain' })
      .returning();

    const file = new URL('../drizzle/0011_note_bookmarks_first_question.sql', import.meta.url);
    for (const statement of (await readFile(file, 'utf8')).split('--> statement-breakpoint')) {
      await t.app.db.execute(sql.raw(statement));
    }
    const read = await details(id);
    expect(read.notes.find((row) => row.id === note!.id)?.questId).toBe(job.quests[0]!.id);
    expect(read.notes.find((row) => row.id === plain!.id)?.questId).toBeUndefined();
    const event = read.timeline.find((row) => row.type === 'note' && row.noteId === note!.id);
    expect(event).toMatchObject({ questId: job.quests[0]!.id });
  });

  it('needs the bookmarks permission for a bookmark', async () => {
    const id = await submitted('Bookmark');
    const before = await snapshotApplicant(t.app, id);
    const refused = await put(basic, [{ id, newNote: { txt: 'At the end', timeStamp: '00:02' } }]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'FORBIDDEN_ERR' });
    expect(refused.json().message).toContain('Bookmarks');
    expect(await snapshotApplicant(t.app, id)).toEqual(before);
    const plain = await put(basic, [{ id, newNote: { txt: 'At the end' } }]);
    expect(plain.statusCode, plain.body).toBe(200);
    expect((await details(id, basic)).notes).toEqual([
      expect.objectContaining({
        txt: 'At the end',
        owner: expect.objectContaining({ _id: basic.user._id }),
      }),
    ]);
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
