import { APPLICANT_PAGE_SIZE, applicantFilterSchema, type ApplicantFilter } from '@candid/domain';
import { describe, expect, it } from 'vitest';
import {
  buildOverviewSearch,
  clearFilters,
  countActiveFilters,
  getNextSort,
  getOverviewPath,
  hasActiveFilters,
  parseOverviewQuery,
} from './overview-query';

const parse = (search: string, route: { jobId?: string; isArchive?: boolean } = {}) =>
  parseOverviewQuery(new URLSearchParams(search), { isArchive: false, ...route });

describe('parseOverviewQuery', () => {
  it('reads every filter of the URL query, the job from the path', () => {
    const { filter, sort, sortSpec } = parse(
      'txt=%20dana%20&statuses=3,1&daysAgo=31&incomplete=false&currPage=2&itemsPerPage=10&sort=info.fName:asc',
      { jobId: 'job-1' },
    );
    expect(filter).toEqual({
      txt: 'dana',
      statuses: [3, 1],
      daysAgo: 31,
      incomplete: false,
      showArchived: false,
      currPage: 2,
      itemsPerPage: 10,
      jobId: 'job-1',
    });
    expect(sort).toBe('info.fName:asc');
    expect(sortSpec).toEqual({ field: 'info.fName', order: 'asc' });
  });

  it('gives the defaults for an empty query: page 1 of 30, newest submission first', () => {
    const { filter, sort, sortSpec } = parse('');
    expect(filter).toEqual({
      txt: '',
      statuses: [],
      showArchived: false,
      currPage: 1,
      itemsPerPage: APPLICANT_PAGE_SIZE,
    });
    expect(sort).toBeUndefined();
    expect(sortSpec).toEqual({ field: 'timestamp.submitted', order: 'desc' });
  });

  it('accepts repeated statuses as well as a comma list', () => {
    expect(parse('statuses=1&statuses=5').filter.statuses).toEqual([1, 5]);
  });

  it.each([
    ['daysAgo=5', 'daysAgo'],
    ['statuses=1,9', 'statuses'],
    ['currPage=0', 'currPage'],
    ['incomplete=maybe', 'incomplete'],
    ['itemsPerPage=1000', 'itemsPerPage'],
  ] as const)('drops a bad %s and keeps the rest of the filter', (bad, key) => {
    const { filter } = parse(`${bad}&txt=ann`);
    const defaults = applicantFilterSchema.parse({});
    expect(filter[key]).toEqual(defaults[key]);
    expect(filter.txt).toBe('ann');
  });

  it('ignores an unknown sort and the default sort written out', () => {
    expect(parse('sort=password:asc').sort).toBeUndefined();
    expect(parse('sort=timestamp.submitted:desc').sort).toBeUndefined();
    expect(parse('sort=status:sideways').sortSpec).toEqual({
      field: 'timestamp.submitted',
      order: 'desc',
    });
  });

  it('takes the archive from the route and its job from ?jobId=', () => {
    expect(parse('showArchived=false', { isArchive: true }).filter.showArchived).toBe(true);
    expect(parse('jobId=job-2', { isArchive: true }).filter.jobId).toBe('job-2');
    // Outside the archive the job is the path's only.
    expect(parse('jobId=job-2').filter.jobId).toBeUndefined();
  });
});

describe('buildOverviewSearch', () => {
  it('writes only what differs from the defaults', () => {
    expect(buildOverviewSearch(parse('').filter, undefined).toString()).toBe('');
  });

  it.each([
    ['txt=dana'],
    ['statuses=1%2C3'],
    ['daysAgo=90'],
    ['incomplete=true'],
    ['incomplete=false'],
    ['currPage=3'],
    ['itemsPerPage=10'],
    ['sort=status%3Adesc'],
    ['txt=a+b&statuses=0%2C7&daysAgo=7&incomplete=true&currPage=2&sort=jobInfo.title%3Aasc'],
  ])('round-trips %s', (search) => {
    const { filter, sort } = parse(search);
    expect(buildOverviewSearch(filter, sort).toString()).toBe(search);
  });

  it('keeps the job in the query only in the archive', () => {
    const archived: ApplicantFilter = { ...parse('').filter, showArchived: true, jobId: 'job-1' };
    expect(buildOverviewSearch(archived, undefined).toString()).toBe('jobId=job-1');
    const active: ApplicantFilter = { ...parse('').filter, jobId: 'job-1' };
    expect(buildOverviewSearch(active, undefined).toString()).toBe('');
  });

  it('orders statuses so one view has one address', () => {
    expect(buildOverviewSearch(parse('statuses=5,0,3').filter, undefined).get('statuses')).toBe(
      '0,3,5',
    );
  });
});

describe('overview helpers', () => {
  it('builds the path of each view', () => {
    expect(getOverviewPath({ isArchive: false })).toBe('/backoffice/applicant');
    expect(getOverviewPath({ isArchive: false, jobId: 'a b' })).toBe('/backoffice/applicant/a%20b');
    expect(getOverviewPath({ isArchive: true, jobId: 'x' })).toBe('/backoffice/archive/applicant');
  });

  it('tells a narrowed list from a plain one, and clears it back to page 1', () => {
    const narrowed = parse('txt=x&statuses=2&daysAgo=7&incomplete=true&currPage=4').filter;
    expect(hasActiveFilters(narrowed)).toBe(true);
    expect(countActiveFilters(narrowed)).toBe(3);
    const cleared = clearFilters(narrowed);
    expect(hasActiveFilters(cleared)).toBe(false);
    expect(cleared.currPage).toBe(1);
    expect(hasActiveFilters(parse('currPage=2&sort=status:asc').filter)).toBe(false);
  });

  it('sorts dates newest first and texts A–Z on the first click, then reverses', () => {
    const byDate = { field: 'timestamp.submitted', order: 'desc' } as const;
    expect(getNextSort(byDate, 'info.fName')).toBe('info.fName:asc');
    expect(getNextSort(byDate, 'timestamp.submitted')).toBe('timestamp.submitted:asc');
    expect(getNextSort({ field: 'status', order: 'asc' }, 'status')).toBe('status:desc');
    expect(getNextSort({ field: 'status', order: 'asc' }, 'timestamp.submitted')).toBe(
      'timestamp.submitted:desc',
    );
  });
});

describe('the rating filter and sort', () => {
  it('reads and writes the rating filter, dropping a bad one', () => {
    expect(parse('rating=4').filter.rating).toBe(4);
    expect(parse('rating=none').filter.rating).toBe('none');
    const dropped = parse('rating=9&txt=dana').filter;
    expect(dropped.rating).toBeUndefined();
    expect(dropped.txt).toBe('dana');
    const filter = applicantFilterSchema.parse({ rating: 'none' });
    expect(buildOverviewSearch(filter, 'rating:desc').toString()).toBe(
      'rating=none&sort=rating%3Adesc',
    );
    expect(hasActiveFilters(filter)).toBe(true);
    expect(countActiveFilters(filter)).toBe(1);
    expect(clearFilters(filter).rating).toBeUndefined();
  });

  it('sorts by rating highest first on the first click', () => {
    const current = parse('').sortSpec;
    expect(getNextSort(current, 'rating')).toBe('rating:desc');
    expect(getNextSort({ field: 'rating', order: 'desc' }, 'rating')).toBe('rating:asc');
  });
});
