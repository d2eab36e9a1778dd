import { describe, expect, it } from 'vitest';
import { makeJob } from '../testing/fixtures';
import { jobFilterSchema, jobListResponseSchema, jobSchema } from './job.schemas';

describe('jobSchema', () => {
  it('accepts a stored job with wire names', () => {
    expect(jobSchema.safeParse(makeJob()).success).toBe(true);
  });

  it('defaults archivedAt to null, applicants to empty', () => {
    const { archivedAt: _a, applicants: _b, applicantSummary: _c, ...rest } = makeJob();
    const parsed = jobSchema.parse(rest);
    expect(parsed.archivedAt).toBeNull();
    expect(parsed.applicants).toEqual([]);
    expect(parsed.applicantSummary).toEqual({
      avatars: [],
      applicantCount: 0,
      newCount: 0,
      toReviewCount: 0,
    });
  });

  it.each([
    ['no id', { _id: undefined }],
    ['no owner', { owner: undefined }],
    ['a bad creation date', { createdAt: 'yesterday' }],
    ['no rule', { rule: undefined }],
  ])('rejects %s', (_name, overrides) => {
    expect(jobSchema.safeParse({ ...makeJob(), ...overrides }).success).toBe(false);
  });

  it('list response and filter', () => {
    expect(
      jobListResponseSchema.safeParse({
        jobs: [makeJob()],
        pageCount: 1,
        filteredJobCount: 1,
        totalJobCount: 3,
      }).success,
    ).toBe(true);
    expect(jobFilterSchema.parse({ txt: ' eng ', currPage: '2' })).toEqual({
      txt: 'eng',
      showArchived: false,
      currPage: 2,
      itemsPerPage: 30,
    });
  });
});
