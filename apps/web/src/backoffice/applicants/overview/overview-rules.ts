import type { ApplicantListItem } from '@candid/domain';

/** Details of an applicant. */
export function getApplicantDetailsPath(applicant: Pick<ApplicantListItem, 'id' | 'jobInfo'>) {
  return `/backoffice/details/${encodeURIComponent(applicant.jobInfo.jobId)}/${encodeURIComponent(applicant.id)}`;
}

/**
 * Where an interview stands, with the date a row shows (invited, opened, started,
 * submitted): submitted on its date; started (an answer saved, not quit) or opened since the
 * link was opened; invited (an invitation by e-mail not yet opened) since it was sent.
 */
export function getApplicantDate(
  applicant: Pick<ApplicantListItem, 'timestamp' | 'started' | 'incomplete'>,
): { iso: string; kind: 'submitted' | 'started' | 'opened' | 'sent' } | null {
  const { timestamp } = applicant;
  if (timestamp.submitted) return { iso: timestamp.submitted, kind: 'submitted' };
  if (timestamp.opened) {
    const isStarted = applicant.started === true && !applicant.incomplete;
    return { iso: timestamp.opened, kind: isStarted ? 'started' : 'opened' };
  }
  if (timestamp.sent) return { iso: timestamp.sent, kind: 'sent' };
  return null;
}

/**
 * Whether a row has a read/unread checkbox: not in the archive (the bulk toggle is not offered
 * there) and not when locked (a free user cannot toggle read on locked items).
 */
export function isSelectableForRead(
  applicant: Pick<ApplicantListItem, 'isLocked'>,
  isArchiveView: boolean,
): boolean {
  return !isArchiveView && !applicant.isLocked;
}

/**
 * The bulk read/unread toggle: unavailable in the archive, with nothing selected, and
 * while any selected applicant is locked.
 */
export function canToggleRead(params: {
  isArchiveView: boolean;
  selected: readonly Pick<ApplicantListItem, 'isLocked'>[];
}): boolean {
  return (
    !params.isArchiveView &&
    params.selected.length > 0 &&
    !params.selected.some((applicant) => applicant.isLocked)
  );
}

/** What a click on a row does: open the details, nothing (archive), or the locked alert. */
export function getRowClickAction(
  applicant: Pick<ApplicantListItem, 'isLocked'>,
  isArchiveView: boolean,
): 'open' | 'none' | 'locked' {
  if (isArchiveView) return 'none';
  return applicant.isLocked ? 'locked' : 'open';
}

export type OverviewEmptyState =
  'noMatches' | 'emptyArchive' | 'jobWithoutApplicants' | 'noApplicants';

/**
 * Which empty state an empty list shows ("Empty states"): a narrowed list has no exact
 * matches (and offers to clear the filters); otherwise the archive is empty, the job has no
 * applicants yet (invite and share), or there are no applicants at all.
 */
export function chooseEmptyState(params: {
  isArchiveView: boolean;
  hasFilters: boolean;
  jobId: string | undefined;
}): OverviewEmptyState {
  if (params.hasFilters) return 'noMatches';
  if (params.isArchiveView) return 'emptyArchive';
  return params.jobId ? 'jobWithoutApplicants' : 'noApplicants';
}

/** A display name that is never empty. */
export function getApplicantName(applicant: Pick<ApplicantListItem, 'info'>, fallback: string) {
  return `${applicant.info.fName} ${applicant.info.lName}`.trim() || fallback;
}

/** Applicants compared side by side at once (compare): two to four. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

/**
 * Where "Compare" leads for the selected rows (`/backoffice/compare/{jobId}?ids=…`), or why it
 * cannot: two to four applicants, of one job, none of them locked (a free plan's).
 */
export function compareTargetOf(
  selected: readonly Pick<ApplicantListItem, 'id' | 'isLocked' | 'jobInfo'>[],
): { path: string } | { reasonKey: string } {
  if (selected.length < COMPARE_MIN || selected.length > COMPARE_MAX) {
    return { reasonKey: 'applicantOverview.compare.count' };
  }
  const jobIds = new Set(selected.map((applicant) => applicant.jobInfo.jobId));
  if (jobIds.size > 1) return { reasonKey: 'applicantOverview.compare.sameJob' };
  if (selected.some((applicant) => applicant.isLocked)) {
    return { reasonKey: 'applicantOverview.bulk.lockedHint' };
  }
  const [jobId] = [...jobIds];
  const ids = selected.map((applicant) => applicant.id).join(',');
  return {
    path: `/backoffice/compare/${encodeURIComponent(jobId!)}?ids=${encodeURIComponent(ids)}`,
  };
}
