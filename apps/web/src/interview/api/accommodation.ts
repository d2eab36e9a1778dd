import type { AccommodationRequestBody, AccommodationResponse } from '@candid/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../common/api/api-client';
import { useApiClient } from '../../common/api/api-client-context';

/** The query key of the candidate's own accommodation request. */
export function accommodationQueryKey(applicantId: string | null) {
  return ['interview', 'accommodation', applicantId] as const;
}

/** `GET applicant/{id}/accommodation`: the candidate's own request, or null. */
export function getAccommodation(api: ApiClient, applicantId: string) {
  return api.request<AccommodationResponse>(
    `applicant/${encodeURIComponent(applicantId)}/accommodation`,
    { auth: 'candidate' },
  );
}

/** `PUT applicant/{id}/accommodation`: ask for extra time, or replace a pending request. */
export function requestAccommodation(
  api: ApiClient,
  applicantId: string,
  body: AccommodationRequestBody,
) {
  return api.request<AccommodationResponse>(
    `applicant/${encodeURIComponent(applicantId)}/accommodation`,
    { method: 'PUT', body, auth: 'candidate' },
  );
}

/** The candidate's request (null: none, or a demo run without an applicant). */
export function useAccommodation(applicantId: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: accommodationQueryKey(applicantId),
    enabled: applicantId !== null,
    retry: 2,
    queryFn: () => getAccommodation(api, applicantId!),
  });
}
