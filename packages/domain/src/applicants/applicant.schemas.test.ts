import { describe, expect, it } from 'vitest';
import { makeApplicant } from '../testing/fixtures';
import {
  answerMapEntrySchema,
  answerSchema,
  applicantSchema,
  bookmarkTimeSchema,
  noteSchema,
  statusCodeSchema,
  timelineEventSchema,
} from './applicant.schemas';

const T = '2024-05-01T10:00:00.000Z';
const owner = { _id: 'u1', fName: 'Rina', lName: 'Cohen' };

describe('applicantSchema', () => {
  it('accepts a full applicant', () => {
    expect(applicantSchema.parse(makeApplicant())).toMatchObject({ id: 'ap1', status: 0 });
  });

  it('defaults: status 0, unread, not free, not archived, empty maps and lists', () => {
    const parsed = applicantSchema.parse({
      id: 'ap2',
      info: { fName: 'Dana' },
      jobInfo: { title: 'Engineer', jobId: 'job1' },
      timestamp: {},
    });
    expect(parsed).toMatchObject({
      status: 0,
      isRead: false,
      isFree: false,
      archivedAt: null,
      answerMap: {},
      notes: [],
      timeline: [],
      timestamp: { sent: null, opened: null, submitted: null, quited: null },
      info: { lName: '', email: '', phone: '', hometown: '', isPreview: false },
    });
  });

  it.each([
    ['status 8', { status: 8 }],
    ['status -1', { status: -1 }],
    ['status as text', { status: '3' }],
    [
      'a non-ISO timestamp',
      { timestamp: { sent: null, opened: 'today', submitted: null, quited: null } },
    ],
    ['an answer without resTime', { answerMap: { q1: { faceUrl: 'x' } } }],
  ])('rejects %s', (_name, overrides) => {
    expect(applicantSchema.safeParse({ ...makeApplicant(), ...overrides }).success).toBe(false);
  });
});

describe('statusCodeSchema', () => {
  it.each([[0], [4], [7]])('accepts %i', (code) => {
    expect(statusCodeSchema.parse(code)).toBe(code);
  });
  it.each([[8], [1.5], ['1']])('rejects %j', (code) => {
    expect(statusCodeSchema.safeParse(code).success).toBe(false);
  });
});

describe('answers', () => {
  it('an answer has a non-negative resTime and optional keys', () => {
    expect(
      answerSchema.safeParse({ resTime: 12, faceKey: 'j/a_j_q_face.webm', screenKey: null })
        .success,
    ).toBe(true);
    expect(answerSchema.safeParse({ resTime: -1 }).success).toBe(false);
    expect(
      answerMapEntrySchema.safeParse({ resTime: 3, faceUrl: 'https://x', screenUrl: null }).success,
    ).toBe(true);
  });
});

describe('notes and bookmarks', () => {
  it.each([
    ['00:00', true],
    ['01:59', true],
    ['99:05', true],
    ['1:05', false],
    ['01:60', false],
    ['01:5', false],
    ['aa:bb', false],
  ])('bookmark %s valid: %s', (value, ok) => {
    expect(bookmarkTimeSchema.safeParse(value).success).toBe(ok);
  });

  it('a note carries its owner and an optional bookmark', () => {
    expect(noteSchema.safeParse({ id: 'n1', txt: 'Great', createdAt: T, owner }).success).toBe(
      true,
    );
    expect(
      noteSchema.safeParse({ id: 'n1', txt: 'Great', createdAt: T, owner, timeStamp: '02:10' })
        .success,
    ).toBe(true);
    expect(
      noteSchema.safeParse({ id: 'n1', txt: 'Great', createdAt: T, owner, timeStamp: '2:10' })
        .success,
    ).toBe(false);
  });
});

describe('timelineEventSchema (discriminated on type)', () => {
  it.each([
    ['note', { type: 'note', createdAt: T, txt: 'x', noteId: 'n1' }, true],
    [
      'note with bookmark',
      { type: 'note', createdAt: T, txt: 'x', noteId: 'n1', timeStamp: '00:10' },
      true,
    ],
    ['note without noteId', { type: 'note', createdAt: T, txt: 'x' }, false],
    ['created activity', { type: 'activity', createdAt: T, activity: 'created' }, true],
    ['quited activity', { type: 'activity', createdAt: T, activity: 'quited' }, true],
    ['unknown activity', { type: 'activity', createdAt: T, activity: 'deleted' }, false],
    ['status', { type: 'status', createdAt: T, statusCode: 5 }, true],
    ['status out of range', { type: 'status', createdAt: T, statusCode: 9 }, false],
    ['unknown type', { type: 'email', createdAt: T }, false],
  ])('%s → valid %s', (_name, event, ok) => {
    expect(timelineEventSchema.safeParse(event).success).toBe(ok);
  });
});
