import type {
  CandidateConsent,
  CandidateDetails,
  CreateApplicantBody,
  CreateApplicantResponse,
  Language,
} from '@candid/domain';
import type { ApiClient } from '../../common/api/api-client';

/**
 * `POST applicant`: creates the applicant with `timestamp.opened` now and answers the
 * candidate token scoped to it; `consent` is the notice the candidate accepted (the server refuses
 * a start without it). With a personal invitation's token, the invited applicant starts.
 * The call carries the candidate token this device holds: when the e-mail already has an
 * interview under way on the job and the token is that applicant's, it is resumed (`resumed`);
 * without it the server e-mails a code and answers INTERVIEW_IN_PROGRESS_ERR.
 */
export function createApplicant(
  api: ApiClient,
  jobId: string,
  details: CandidateDetails,
  inviteToken?: string | null,
  language?: Language,
  consent?: CandidateConsent | null,
): Promise<CreateApplicantResponse> {
  const body: CreateApplicantBody = {
    applicant: { info: details },
    jobId,
    ...(inviteToken ? { inviteToken } : {}),
    ...(language ? { language } : {}),
    ...(consent ? { consent } : {}),
  };
  return api.post<CreateApplicantResponse>('applicant', body, { auth: 'candidate' });
}
