import { describe, expect, it } from 'vitest';
import { applicantFilterSchema } from './applicant-filter';

describe('applicantFilterSchema (query-string friendly)', () => {
  it('defaults', () => {
    expect(applicantFilterSchema.parse({})).toEqual({
      txt: '',
      statuses: [],
      showArchived: false,
      currPage: 1,
      itemsPerPage: 30,
    });
  });

  it('reads a URL query', () => {
    const query = Object.fromEntries(
      new URLSearchParams(
        'txt=%20dana%20&daysAgo=31&statuses=1,3&incomplete=false&showArchived=true&currPage=2&itemsPerPage=50&jobId=j1',
      ),
    );
    expect(applicantFilterSchema.parse(query)).toEqual({
      txt: 'dana',
      daysAgo: 31,
      statuses: [1, 3],
      incomplete: false,
      showArchived: true,
      currPage: 2,
      itemsPerPage: 50,
      jobId: 'j1',
    });
  });

  it('reads typed values too', () => {
    expect(
      applicantFilterSchema.parse({ statuses: [0, 7], incomplete: true, daysAgo: 7 }),
    ).toMatchObject({ statuses: [0, 7], incomplete: true, daysAgo: 7 });
  });

  it('incomplete stays absent when not given (three-valued)', () => {
    expect('incomplete' in applicantFilterSchema.parse({})).toBe(false);
  });

  it.each([
    ['daysAgo 30', { daysAgo: '30' }],
    ['status 8', { statuses: '1,8' }],
    ['page 0', { currPage: '0' }],
    ['too many per page', { itemsPerPage: '1000' }],
    ['incomplete maybe', { incomplete: 'maybe' }],
  ])('rejects %s', (_name, input) => {
    expect(applicantFilterSchema.safeParse(input).success).toBe(false);
  });
});
