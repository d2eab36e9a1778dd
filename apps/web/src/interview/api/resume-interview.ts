import type {
  ApplicantResponse,
  CandidateApplicant,
  CreateApplicantResponse,
  ResumeWithCodeBody,
} from '@candid/domain';
import type { ApiClient } from '../../common/api/api-client';
import { CANDIDATE_TOKEN_STORAGE_KEY } from '../../common/api/token-store';

/** Makes `token` the candidate token the next candidate calls carry. */
function holdCandidateToken(token: string): void {
  localStorage.setItem(CANDIDATE_TOKEN_STORAGE_KEY, token);
}

/**
 * `GET applicant/{id}` with the token this device kept: what the server holds of the interview
 * (answers saved, submitted and quit times). Confirms a kept interview before it is offered.
 */
export async function getKeptApplicant(
  api: ApiClient,
  applicantId: string,
  token: string,
): Promise<CandidateApplicant> {
  holdCandidateToken(token);
  const { applicant } = await api.get<ApplicantResponse>(
    `applicant/${encodeURIComponent(applicantId)}`,
    { auth: 'candidate' },
  );
  return applicant;
}

/**
 * `POST applicant/{id}/resume`: the candidate goes on with the interview this device kept (a
 * quit recorded meanwhile is cleared); answers the applicant and a fresh token.
 */
export function resumeKeptInterview(
  api: ApiClient,
  applicantId: string,
  token: string,
): Promise<CreateApplicantResponse> {
  holdCandidateToken(token);
  return api.post<CreateApplicantResponse>(
    `applicant/${encodeURIComponent(applicantId)}/resume`,
    undefined,
    { auth: 'candidate' },
  );
}

/** `POST applicant/resume`: the code e-mailed to the address resumes its interview here. */
export function resumeWithCode(
  api: ApiClient,
  body: ResumeWithCodeBody,
): Promise<CreateApplicantResponse> {
  return api.post<CreateApplicantResponse>('applicant/resume', body);
}
