import type { ApplicantListItem } from '@candid/domain';
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

  it('tells invited, opened, started and submitted apart, each with its date', () => {
    const sent = '2024-04-30T10:00:00.000Z';
    const opened = '2024-05-01T10:00:00.000Z';
    const submitted = '2024-05-02T10:00:00.000Z';
    const at = (
      timestamp: Partial<ApplicantListItem['timestamp']>,
      extra: { started?: boolean; incomplete?: boolean } = {},
    ) =>
      getApplicantDate({
        timestamp: { sent: null, opened: null, submitted: null, quited: null, ...timestamp },
        incomplete: extra.incomplete ?? false,
        ...(extra.started === undefined ? {} : { started: extra.started }),
      });
    expect(at({ sent })).toEqual({ iso: sent, kind: 'sent' });
    expect(at({ sent, opened }, { started: false })).toEqual({ iso: opened, kind: 'opened' });
    expect(at({ sent, opened }, { started: true })).toEqual({ iso: opened, kind: 'started' });
    expect(at({ opened })).toEqual({ iso: opened, kind: 'opened' });
    // A quit interview is incomplete, not under way.
    expect(at({ opened, quited: submitted }, { started: true, incomplete: true })).toEqual({
      iso: opened,
      kind: 'opened',
    });
    expect(at({ sent, opened, submitted }, { started: true })).toEqual({
      iso: submitted,
      kind: 'submitted',
    });
    expect(at({})).toBeNull();
  });

  it('opens the details under the applicant’s job', () => {
    expect(getApplicantDetailsPath({ id: 'a1', jobInfo: { jobId: 'j1', title: 'x' } })).toBe(
      '/backoffice/details/j1/a1',
    );
  });

  it('compares two to four unlocked applicants of one job', () => {
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
