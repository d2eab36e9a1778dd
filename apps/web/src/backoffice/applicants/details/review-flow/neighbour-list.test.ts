import type { ApplicantListItem } from '@candid/domain';
import { describe, expect, it } from 'vitest';
import { stepOfKey } from './review-stepper';
import { findNeighbours, parseReviewList, reviewListAddress } from './neighbour-list';

const row = (id: string, isLocked = false) =>
  ({ id, isLocked, jobInfo: { jobId: 'job-1' } }) as unknown as ApplicantListItem;

describe('parseReviewList', () => {
  it('reads the filter, sort and page of an overview address', () => {
    const list = parseReviewList(
      '/backoffice/applicant/job-1?statuses=3&sort=info.fName:asc&currPage=2',
    );
    expect(list?.jobId).toBe('job-1');
    expect(list?.filter).toMatchObject({ statuses: [3], currPage: 2 });
    expect(list?.sort).toBe('info.fName:asc');
  });

  it('has no list without an overview address, or for the archive', () => {
    expect(parseReviewList(undefined)).toBeNull();
    expect(parseReviewList('/backoffice/job')).toBeNull();
    expect(parseReviewList('/backoffice/archive/applicant')).toBeNull();
  });

  it('writes the list back on another page', () => {
    const list = parseReviewList('/backoffice/applicant?statuses=3')!;
    expect(reviewListAddress(list, 2)).toBe('/backoffice/applicant?statuses=3&currPage=2');
    expect(reviewListAddress(list, 1)).toBe('/backoffice/applicant?statuses=3');
  });
});

describe('findNeighbours', () => {
  const list = parseReviewList('/backoffice/applicant?currPage=2')!;

  it('steps within the page, skipping applicants that cannot be opened', () => {
    const found = findNeighbours({
      list,
      applicantId: 'b',
      rows: [row('a'), row('x', true), row('b'), row('c')],
    });
    expect(found.prev?.path).toBe('/backoffice/details/job-1/a');
    expect(found.next).toEqual({
      path: '/backoffice/details/job-1/c',
      from: '/backoffice/applicant?currPage=2',
    });
  });

  it('crosses to the neighbouring pages, carrying their page in the list address', () => {
    const found = findNeighbours({
      list,
      applicantId: 'a',
      rows: [row('a')],
      before: [row('p1'), row('p2')],
      after: [row('n1')],
    });
    expect(found.prev).toEqual({
      path: '/backoffice/details/job-1/p2',
      from: '/backoffice/applicant',
    });
    expect(found.next).toEqual({
      path: '/backoffice/details/job-1/n1',
      from: '/backoffice/applicant?currPage=3',
    });
  });

  it('knows nothing of an applicant that is not in the list', () => {
    expect(findNeighbours({ list, applicantId: 'z', rows: [row('a')] })).toEqual({
      prev: null,
      next: null,
      index: -1,
    });
  });
});

describe('stepOfKey', () => {
  const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({
    key: k,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    ...mods,
  });

  it.each([
    [key('j'), 'ltr', 'next'],
    [key('k'), 'rtl', 'prev'],
    [key('ArrowRight', { altKey: true }), 'ltr', 'next'],
    [key('ArrowLeft', { altKey: true }), 'ltr', 'prev'],
    // Right to left: the arrow pointing the way Hebrew reads goes on.
    [key('ArrowLeft', { altKey: true }), 'rtl', 'next'],
    [key('ArrowRight', { altKey: true }), 'rtl', 'prev'],
    [key('ArrowRight'), 'ltr', null],
    [key('j', { ctrlKey: true }), 'ltr', null],
    [key('J', { shiftKey: true }), 'ltr', null],
  ] as const)('%j in %s → %s', (event, dir, step) => {
    expect(stepOfKey(event, dir)).toBe(step);
  });
});
