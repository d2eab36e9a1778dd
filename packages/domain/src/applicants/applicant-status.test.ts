import { describe, expect, it } from 'vitest';
import {
  APPLICANT_STATUS,
  APPLICANT_STATUS_CODES,
  canChangeStatus,
  getStatusButtonKey,
  getStatusGroup,
  isValidStatusCode,
  STATUS_GROUPS,
  STATUS_I18N_EN,
  statusLabelKey,
} from './applicant-status';
import type { ApplicantStatusCode } from './applicant-status';

describe('applicant statuses', () => {
  it('codes and names', () => {
    expect(APPLICANT_STATUS).toEqual({
      NEED_EVALUATION: 0,
      NOT_A_FIT: 1,
      MAYBE: 2,
      GOOD_FIT: 3,
      PROCEED: 4,
      OFFER_SENT: 5,
      NOT_INTERESTED: 6,
      HIRED: 7,
    });
    expect([...APPLICANT_STATUS_CODES]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it.each<[ApplicantStatusCode, string, string]>([
    [0, 'evaluation', 'Need evaluation'],
    [1, 'evaluation', 'Not a fit'],
    [2, 'evaluation', 'Maybe'],
    [3, 'evaluation', 'Good fit'],
    [4, 'evaluation', 'Proceed'],
    [5, 'recruitment', 'Offer sent'],
    [6, 'recruitment', 'Not interested'],
    [7, 'recruitment', 'Hired'],
  ])('status %i is in group %s and reads "%s"', (code, group, label) => {
    expect(getStatusGroup(code).key).toBe(group);
    expect(statusLabelKey(code)).toBe(`status.${code}`);
    expect(STATUS_I18N_EN[statusLabelKey(code)]).toBe(label);
  });

  it('groups: evaluation 0–4 then recruitment 5–7, with label keys', () => {
    expect(STATUS_GROUPS).toEqual([
      { key: 'evaluation', labelKey: 'statusGroup.evaluation', codes: [0, 1, 2, 3, 4] },
      { key: 'recruitment', labelKey: 'statusGroup.recruitment', codes: [5, 6, 7] },
    ]);
  });

  it.each([
    [0, true],
    [7, true],
    [8, false],
    [-1, false],
    [2.5, false],
    ['3', false],
    [null, false],
  ])('isValidStatusCode(%j) → %s', (value, ok) => {
    expect(isValidStatusCode(value)).toBe(ok);
  });
});

describe('getStatusButtonKey', () => {
  const T = '2024-05-01T10:00:00.000Z';
  it.each([
    ['neither submitted nor quit', 3, null, null, 'status.inProgress'],
    ['quit only', 3, null, T, 'status.incompleteInterview'],
    ['submitted only', 3, T, null, 'status.3'],
    ['submitted with status 0', 0, T, null, 'status.0'],
    ['submitted with status 7', 7, T, undefined, 'status.7'],
    // Precedence: a submitted interview is complete, so its status shows even if it was quit.
    ['both submitted and quit', 5, T, T, 'status.5'],
    ['undefined timestamps', 2, undefined, undefined, 'status.inProgress'],
  ])('%s → %s', (_name, status, submitted, quited, key) => {
    expect(getStatusButtonKey({ status, timestamp: { submitted, quited } })).toBe(key);
  });
});

describe('canChangeStatus', () => {
  it.each([
    [true, false, true],
    [false, false, false],
    [true, true, false],
    [false, true, false],
  ])('submitted %s, archive view %s → %s', (isSubmitted, isArchiveView, expected) => {
    expect(canChangeStatus({ isSubmitted, isArchiveView })).toBe(expected);
  });
});
