import { FREE_INTERVIEW_LIMIT } from '../common/constants';
import { hasPermission } from './plans';
import type { PermissionSubject } from './plans';

/**
 * Whether a new applicant is free: its job owner lacks UNLIMITED_INTERVIEWS and
 * the owner's organisation has had fewer than {@link FREE_INTERVIEW_LIMIT} free applicants —
 * the signup promise of 10 free video interviews. Owners with full access never need the flag.
 */
export function isApplicantFree(params: {
  ownerHasUnlimited: boolean;
  orgFreeApplicantCount: number;
}): boolean {
  return !params.ownerHasUnlimited && params.orgFreeApplicantCount < FREE_INTERVIEW_LIMIT;
}

/** Full users (UNLIMITED_INTERVIEWS) open every applicant, sort lists and toggle read. */
export function hasUnlimitedInterviews(user: PermissionSubject): boolean {
  return hasPermission(user, 'UNLIMITED_INTERVIEWS');
}

/**
 * A locked applicant cannot be opened or have its read flag toggled: the viewer lacks
 * UNLIMITED_INTERVIEWS and the applicant is not one of the free ones.
 */
export function isApplicantLocked(
  viewer: PermissionSubject,
  applicant: { isFree?: boolean | null },
): boolean {
  return !hasUnlimitedInterviews(viewer) && applicant.isFree !== true;
}

/** Whether the viewer may open an applicant's details (else redirect to the overview). */
export function canOpenApplicant(
  viewer: PermissionSubject,
  applicant: { isFree?: boolean | null },
): boolean {
  return !isApplicantLocked(viewer, applicant);
}

/** Sorting the applicant list is a full-user feature. */
export function canSortApplicants(viewer: PermissionSubject): boolean {
  return hasUnlimitedInterviews(viewer);
}
