import type {
  CandidateDetails,
  CreateApplicantBody,
  CreateApplicantResponse,
} from '@candid/domain';
import type { ApiClient } from '../../common/api/api-client';

/**
 * `POST applicant` (spec §7): creates the applicant with `timestamp.opened` now and answers the
 * candidate token scoped to it. With a personal invitation's token, the invited applicant starts.
 */
export function createApplicant(
  api: ApiClient,
  jobId: string,
  details: CandidateDetails,
  inviteToken?: string | null,
): Promise<CreateApplicantResponse> {
  const body: CreateApplicantBody = {
    applicant: { info: details },
    jobId,
    ...(inviteToken ? { inviteToken } : {}),
  };
  return api.post<CreateApplicantResponse>('applicant', body);
}
