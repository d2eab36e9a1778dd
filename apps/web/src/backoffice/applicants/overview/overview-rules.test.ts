import { describe, expect, it } from 'vitest';
import {
  canToggleRead,
  chooseEmptyState,
  compareTargetOf,
  getApplicantDate,
  getApplicantDetailsPath,
  getRowClickAction,
  isSelectableForRead,
} from './overview-rules';

const unlocked = { isLocked: false };
const locked = { isLocked: true };

describe('overview rules', () => {
  it.each([
    [{ isArchiveView: false, hasFilters: true, jobId: undefined }, 'noMatches'],
    [{ isArchiveView: true, hasFilters: true, jobId: undefined }, 'noMatches'],
    [{ isArchiveView: false, hasFilters: true, jobId: 'j' }, 'noMatches'],
    [{ isArchiveView: true, hasFilters: false, jobId: undefined }, 'emptyArchive'],
    [{ isArchiveView: true, hasFilters: false, jobId: 'j' }, 'emptyArchive'],
    [{ isArchiveView: false, hasFilters: false, jobId: 'j' }, 'jobWithoutApplicants'],
    [{ isArchiveView: false, hasFilters: false, jobId: undefined }, 'noApplicants'],
  ] as const)('chooses the empty state for %o: %s', (params, expected) => {
    expect(chooseEmptyState(params)).toBe(expected);
  });

  it.each([
    [false, [unlocked], true],
    [false, [unlocked, unlocked], true],
    [false, [unlocked, locked], false],
    [false, [], false],
    [true, [unlocked], false],
  ] as const)('bulk read toggle in archive=%s with %o: %s', (isArchiveView, selected, expected) => {
    expect(canToggleRead({ isArchiveView, selected })).toBe(expected);
  });

  it.each([
    [unlocked, false, true],
    [locked, false, false],
    [unlocked, true, false],
  ] as const)('row %o in archive=%s selectable: %s', (applicant, isArchiveView, expected) => {
    expect(isSelectableForRead(applicant, isArchiveView)).toBe(expected);
  });

  it.each([
    [unlocked, false, 'open'],
    [locked, false, 'locked'],
    [unlocked, true, 'none'],
    [locked, true, 'none'],
  ] as const)('row click on %o in archive=%s: %s', (applicant, isArchiveView, expected) => {
    expect(getRowClickAction(applicant, isArchiveView)).toBe(expected);
  });

  it('shows the submitted date, else the opened one', () => {
    const timestamp = { sent: null, opened: '2024-05-01T10:00:00.000Z', quited: null };
    expect(
      getApplicantDate({ timestamp: { ...timestamp, submitted: '2024-05-02T10:00:00.000Z' } }),
    ).toEqual({ iso: '2024-05-02T10:00:00.000Z', kind: 'submitted' });
    expect(getApplicantDate({ timestamp: { ...timestamp, submitted: null } })).toEqual({
      iso: '2024-05-01T10:00:00.000Z',
      kind: 'opened',
    });
    expect(
      getApplicantDate({ timestamp: { ...timestamp, opened: null, submitted: null } }),
    ).toBeNull();
  });

  it('opens the details under the applicant’s job', () => {
    expect(getApplicantDetailsPath({ id: 'a1', jobInfo: { jobId: 'j1', title: 'x' } })).toBe(
      '/backoffice/details/j1/a1',
    );
  });

  it('compares two to four unlocked applicants of one job (issue 15)', () => {
    const row = (id: string, jobId = 'j1', isLocked = false) => ({
      id,
      isLocked,
      jobInfo: { jobId, title: 'Job' },
    });
    expect(compareTargetOf([row('a'), row('b')])).toEqual({
      path: '/backoffice/compare/j1?ids=a%2Cb',
    });
    expect(compareTargetOf([row('a'), row('b'), row('c'), row('d')])).toHaveProperty('path');
    expect(compareTargetOf([row('a')])).toEqual({ reasonKey: 'applicantOverview.compare.count' });
    expect(compareTargetOf(['a', 'b', 'c', 'd', 'e'].map((id) => row(id)))).toEqual({
      reasonKey: 'applicantOverview.compare.count',
    });
    expect(compareTargetOf([row('a'), row('b', 'j2')])).toEqual({
      reasonKey: 'applicantOverview.compare.sameJob',
    });
    expect(compareTargetOf([row('a'), row('b', 'j1', true)])).toEqual({
      reasonKey: 'applicantOverview.bulk.lockedHint',
    });
  });
});
