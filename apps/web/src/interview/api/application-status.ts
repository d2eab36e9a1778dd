import type { ApplicationStatusResponse, StatusLinkResponse } from '@candid/domain';
import { STATUS_TOKEN_PATTERN } from '@candid/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../common/api/api-client';
import { useApiClient } from '../../common/api/api-client-context';

/** `POST applicant/{id}/status-link`: the private status page link of a submitted interview. */
export function getStatusLink(api: ApiClient, applicantId: string) {
  return api.request<StatusLinkResponse>(
    `applicant/${encodeURIComponent(applicantId)}/status-link`,
    { method: 'POST', auth: 'candidate' },
  );
}

/** The status link for the thank-you page, once the interview is submitted. */
export function useStatusLink(applicantId: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['interview', 'statusLink', applicantId],
    enabled: applicantId !== null,
    staleTime: Infinity,
    retry: 2,
    queryFn: () => getStatusLink(api, applicantId!),
  });
}

/** `GET application-status?token=`: the stage of the application a private link names. */
export function useApplicationStatus(token: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['interview', 'applicationStatus', token],
    enabled: STATUS_TOKEN_PATTERN.test(token),
    retry: false,
    queryFn: ({ signal }) =>
      api.get<ApplicationStatusResponse>(`application-status?token=${encodeURIComponent(token)}`, {
        signal,
      }),
  });
}
