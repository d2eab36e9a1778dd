import { describe, expect, it } from 'vitest';
import { activityFilterSchema, activitySchema, csvField, csvLine } from './activity.schemas';

const activity = {
  date: '2024-05-01T10:00:00.000Z',
  type: 'update',
  target: 'status',
  desc: 'Status changed to Hired',
  user: { _id: 'u1', fName: 'Rina' },
};

describe('activitySchema', () => {
  it.each([
    ['a recruiter', activity.user],
    ['a guest', 'guest'],
  ])('accepts %s as the actor', (_name, user) => {
    expect(activitySchema.safeParse({ ...activity, user }).success).toBe(true);
  });

  it.each([
    ['User Password', true],
    ['interview', true],
    ['invoice', false],
  ])('target %s valid: %s', (target, ok) => {
    expect(activitySchema.safeParse({ ...activity, target }).success).toBe(ok);
  });

  it('watching an interview is a watch on the interview target', () => {
    expect(
      activitySchema.safeParse({ ...activity, type: 'watch', target: 'interview' }).success,
    ).toBe(true);
  });

  it('filter defaults to 50 per page', () => {
    const userId = '0b6a5c3e-2f1d-4c8a-9e7b-1a2b3c4d5e6f';
    expect(activityFilterSchema.parse({ userId })).toEqual({
      userId,
      currPage: 1,
      itemsPerPage: 50,
    });
  });

  it("reads the product's limit and skip (GET activity?limit&skip), which win over currPage", () => {
    expect(activityFilterSchema.parse({ limit: '10', skip: '20', currPage: '5' })).toEqual({
      currPage: 3,
      itemsPerPage: 10,
    });
    expect(activityFilterSchema.parse({ limit: '25' })).toEqual({ currPage: 1, itemsPerPage: 25 });
    expect(activityFilterSchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(activityFilterSchema.safeParse({ skip: '-1' }).success).toBe(false);
  });

  it('refuses a user id that is not a UUID, and drops an empty one', () => {
    expect(activityFilterSchema.safeParse({ userId: 'u1' }).success).toBe(false);
    expect(activityFilterSchema.parse({ userId: ' ' }).userId).toBeUndefined();
  });
});

describe('CSV export fields (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['שלום, עולם', '"שלום, עולם"'],
    [null, ''],
    [42, '42'],
  ])('%s → %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('ends a line with CRLF', () => {
    expect(csvLine(['a', 'b,c'])).toBe('a,"b,c"\r\n');
  });
});
