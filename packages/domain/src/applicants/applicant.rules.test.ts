import { describe, expect, it } from 'vitest';
import { makeApplicant } from '../testing/fixtures';
import {
  addNote,
  applyStatusChange,
  createInitialTimeline,
  isIncompleteInterview,
  isSubmitted,
  newApplicantTimestamp,
  removeNote,
} from './applicant.rules';
import type { Note } from './applicant.schemas';

const NOW = new Date('2024-05-02T09:30:00.000Z');
const owner = { _id: 'u1', fName: 'Rina', lName: 'Cohen' };

describe('new applicant', () => {
  it('opened now; sent, submitted and quited empty', () => {
    expect(newApplicantTimestamp(NOW)).toEqual({
      sent: null,
      opened: NOW.toISOString(),
      submitted: null,
      quited: null,
    });
  });

  it('the timeline begins with a created event', () => {
    expect(createInitialTimeline(NOW)).toEqual([
      { type: 'activity', activity: 'created', createdAt: NOW.toISOString() },
    ]);
  });
});

describe('applyStatusChange', () => {
  it('sets the status and appends a status event', () => {
    const before = makeApplicant({ status: 0 });
    const after = applyStatusChange(before, 3, NOW);
    expect(after.status).toBe(3);
    expect(after.timeline).toHaveLength(before.timeline.length + 1);
    expect(after.timeline.at(-1)).toEqual({
      type: 'status',
      statusCode: 3,
      createdAt: NOW.toISOString(),
    });
    expect(before.status).toBe(0);
  });

  it('choosing the same status again does nothing', () => {
    const before = makeApplicant({ status: 2 });
    expect(applyStatusChange(before, 2, NOW)).toBe(before);
  });
});

describe('notes', () => {
  const note: Note = {
    id: 'n1',
    txt: 'Strong answer',
    createdAt: NOW.toISOString(),
    owner,
    timeStamp: '01:15',
  };

  it('adding a note adds a note event with its bookmark', () => {
    const after = addNote(makeApplicant(), note);
    expect(after.notes).toEqual([note]);
    expect(after.timeline.at(-1)).toEqual({
      type: 'note',
      noteId: 'n1',
      txt: 'Strong answer',
      createdAt: NOW.toISOString(),
      timeStamp: '01:15',
    });
  });

  it('removing a note removes both the note and its event, and nothing else', () => {
    const other: Note = { ...note, id: 'n2', timeStamp: undefined };
    const withNotes = addNote(addNote(makeApplicant(), note), other);
    const after = removeNote(withNotes, 'n1');
    expect(after.notes.map((n) => n.id)).toEqual(['n2']);
    expect(
      after.timeline
        .filter((e) => e.type === 'note')
        .map((e) => (e.type === 'note' ? e.noteId : '')),
    ).toEqual(['n2']);
    expect(after.timeline.filter((e) => e.type === 'activity')).toHaveLength(1);
  });
});

describe('interview completion', () => {
  const T = '2024-05-01T10:00:00.000Z';
  it.each([
    [{ submitted: null, quited: null }, false, false],
    [{ submitted: null, quited: T }, true, false],
    [{ submitted: T, quited: null }, false, true],
    [{ submitted: T, quited: T }, false, true],
  ])('%j → incomplete %s, submitted %s', (timestamp, incomplete, submitted) => {
    expect(isIncompleteInterview(timestamp)).toBe(incomplete);
    expect(isSubmitted({ timestamp })).toBe(submitted);
  });
});
