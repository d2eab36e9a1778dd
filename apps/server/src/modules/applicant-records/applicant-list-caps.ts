import { CappedCounts } from '../../db/list-query';

/**
 * The applicant list's filters (without text) whose count lately reached the cap (see
 * CappedCounts): a new applicant only adds to a count; what can take one back under the cap (a
 * status change, archive, restore or deletion in `review`, a job deleted with its applicants in
 * `jobs`) forgets the organisation's entries. It lives with the applicant rows, below both
 * modules, so each calls it downward.
 */
export const cappedApplicantFilters = new CappedCounts();

/** The organisation's applicants changed in a way that can lower a count: count again. */
export function forgetCappedCounts(orgId: string): void {
  cappedApplicantFilters.forget(orgId);
}
