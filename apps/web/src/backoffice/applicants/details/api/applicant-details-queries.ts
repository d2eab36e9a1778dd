import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../../common/api/api-client';
import { useApiClient } from '../../../../common/api/api-client-context';
import { applicantKeys, getApplicantDetails, getApplicantVideos } from '../../api/applicants-api';

/** `GET job/{jobId}/{applicantId}` as a query: the details screen's applicant. */
export function applicantDetailsQueryOptions(api: ApiClient, jobId: string, applicantId: string) {
  return queryOptions({
    queryKey: applicantKeys.details(applicantId),
    queryFn: ({ signal }) => getApplicantDetails(api, jobId, applicantId, signal),
  });
}

export function useApplicantDetails(jobId: string, applicantId: string) {
  const api = useApiClient();
  return useQuery(applicantDetailsQueryOptions(api, jobId, applicantId));
}

/**
 * `GET job/applicantVideos/{applicantId}/{jobId}`: the answers with signed URLs. The server
 * records every call as a "watch" (activity), so it runs once per visit of the page:
 * never stale while the page is open, and dropped from the cache as soon as the page closes
 * (signed URLs expire, so a later visit asks again).
 */
export function applicantVideosQueryOptions(api: ApiClient, jobId: string, applicantId: string) {
  return queryOptions({
    queryKey: applicantKeys.videos(applicantId),
    queryFn: ({ signal }) => getApplicantVideos(api, applicantId, jobId, signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useApplicantVideos(jobId: string, applicantId: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({ ...applicantVideosQueryOptions(api, jobId, applicantId), enabled });
}
