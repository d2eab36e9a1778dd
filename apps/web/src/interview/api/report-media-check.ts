import type { MediaCheckReportBody, MediaCheckResponse } from '@candid/domain';
import type { ApiClient } from '../../common/api/api-client';

/**
 * `POST applicant/{id}/media-check`: how the device check ended (passed, or the face check
 * skipped after failing), stored with the applicant for the recruiter to see.
 */
export function reportMediaCheck(
  api: ApiClient,
  applicantId: string,
  body: MediaCheckReportBody,
): Promise<MediaCheckResponse> {
  return api.request<MediaCheckResponse>(
    `applicant/${encodeURIComponent(applicantId)}/media-check`,
    { method: 'POST', body, auth: 'candidate' },
  );
}
