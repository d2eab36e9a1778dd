import type { Job, JobListResponse } from '@candid/domain';
import { describe, expect, it } from 'vitest';
import { nextJobPage } from './list-jobs';

function page(jobCount: number, counts: Partial<JobListResponse> = {}): JobListResponse {
  return {
    jobs: Array.from({ length: jobCount }, () => ({}) as Job),
    pageCount: 7,
    filteredJobCount: 200,
    filteredJobCountCapped: false,
    totalJobCount: 10_000,
    totalJobCountCapped: false,
    ...counts,
  };
}

describe('nextJobPage (infinite scroll of the job overview)', () => {
  it('goes on while the count has pages left, and stops at the last', () => {
    expect(nextJobPage(page(30), 1, 30)).toBe(2);
    expect(nextJobPage(page(30), 6, 30)).toBe(7);
    expect(nextJobPage(page(20), 7, 30)).toBeUndefined();
    // An exact count ends the scroll even when its last page is full.
    expect(nextJobPage(page(30), 7, 30)).toBeUndefined();
  });

  it('goes past a capped count ("200+") while pages come back full', () => {
    const capped = { filteredJobCountCapped: true };
    expect(nextJobPage(page(30, capped), 7, 30)).toBe(8);
    expect(nextJobPage(page(30, capped), 12, 30)).toBe(13);
    expect(nextJobPage(page(12, capped), 13, 30)).toBeUndefined();
    expect(nextJobPage(page(0, capped), 14, 30)).toBeUndefined();
  });
});
