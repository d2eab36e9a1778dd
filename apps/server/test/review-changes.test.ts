import type { ApplicantDetails, Job } from '@candid/domain';
import { readFile } from 'node:fs/promises';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notes, timelineEvents } from '../src/db/schema';
import type { SignedUp } from './factories';
import { issueMessages } from './jobs-helpers';
import { activityCount, applyAs, recruiter, snapshotApplicant } from './review-helpers';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import { reviewChangesSuite } from './review-changes-suite';

describe.each(testDbKinds())('applicant review: changes, notes and bookmarks (%s)', (kind) => {
  const suite = reviewChangesSuite(kind);
  const { createJob, submitted, put, items, details, activitiesOf } = suite;
  let t: TestApp;
  let owner: SignedUp;
  let colleague: SignedUp;
  let basic: SignedUp;
  let job: Job;
  beforeAll(() => {
    ({ t, owner, colleague, basic, job } = suite.state);
  });

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
});
