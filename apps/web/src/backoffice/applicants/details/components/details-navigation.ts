import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { APPLICANT_OVERVIEW_PATH } from '../../../../common/routing/paths';

/** Router state a link into the details screen may carry: where the user came from. */
export interface ApplicantDetailsLinkState {
  /** Path (with its query) of the overview the link was clicked in. */
  from?: string;
}

/** The job's applicant overview, where the details screen goes back to by default. */
export function getJobApplicantsPath(jobId: string): string {
  return `${APPLICANT_OVERVIEW_PATH}/${encodeURIComponent(jobId)}`;
}

/** Whether the details screen was opened from an applicant overview (any filter, any job). */
export function cameFromOverview(state: unknown): boolean {
  const from = (state as ApplicantDetailsLinkState | null)?.from;
  return (
    typeof from === 'string' &&
    (from === APPLICANT_OVERVIEW_PATH ||
      from.startsWith(`${APPLICANT_OVERVIEW_PATH}/`) ||
      from.startsWith(`${APPLICANT_OVERVIEW_PATH}?`))
  );
}

/**
 * Back to the overview: the browser's previous entry when that is the overview the user came
 * from (so its filters, page and scroll come back as they were), otherwise the job's applicant
 * overview.
 */
export function useBackToOverview(jobId: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const isFromOverview = cameFromOverview(location.state);
  return useCallback(() => {
    if (isFromOverview) void navigate(-1);
    else void navigate(getJobApplicantsPath(jobId));
  }, [navigate, isFromOverview, jobId]);
}
