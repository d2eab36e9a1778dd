import { describe, expect, it } from 'vitest';
import { FREE_INTERVIEW_LIMIT } from '../common/constants';
import {
  canOpenApplicant,
  canSortApplicants,
  isApplicantFree,
  isApplicantLocked,
} from './free-interviews';
import { PLANS } from './plans';

describe('isApplicantFree', () => {
  it.each([
    [false, 0, true],
    [false, 9, true],
    [false, 10, false],
    [false, 11, false],
    [true, 0, false],
    [true, 9, false],
  ])('owner unlimited %s, org free count %i → free %s', (ownerHasUnlimited, count, expected) => {
    expect(isApplicantFree({ ownerHasUnlimited, orgFreeApplicantCount: count })).toBe(expected);
  });

  it('the limit is the signup promise of 10', () => {
    expect(FREE_INTERVIEW_LIMIT).toBe(10);
  });
});

describe('locked applicants', () => {
  const free = { perm: PLANS.STARTER };
  const full = { perm: PLANS.BASIC };
  const granted = { perm: PLANS.STARTER, advancedPrm: { UNLIMITED_INTERVIEWS: true } };

  it.each([
    ['free viewer, free applicant', free, { isFree: true }, false],
    ['free viewer, non-free applicant', free, { isFree: false }, true],
    ['free viewer, unflagged applicant', free, {}, true],
    ['full viewer, non-free applicant', full, { isFree: false }, false],
    ['granted viewer, non-free applicant', granted, { isFree: false }, false],
  ])('%s → locked %s', (_name, viewer, applicant, locked) => {
    expect(isApplicantLocked(viewer, applicant)).toBe(locked);
    expect(canOpenApplicant(viewer, applicant)).toBe(!locked);
  });

  it('sorting needs UNLIMITED_INTERVIEWS', () => {
    expect(canSortApplicants(free)).toBe(false);
    expect(canSortApplicants(full)).toBe(true);
  });
});
