import { describe, expect, it } from 'vitest';
import { activityFilterSchema, activitySchema } from './activity.schemas';

const activity = {
  date: '2024-05-01T10:00:00.000Z',
  type: 'update',
  target: 'status',
  desc: 'Status changed to Hired',
  user: { _id: 'u1', fName: 'Rina' },
};

describe('activitySchema (spec §3)', () => {
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
    expect(activityFilterSchema.parse({ userId: 'u1' })).toEqual({
      userId: 'u1',
      currPage: 1,
      itemsPerPage: 50,
    });
  });
});
