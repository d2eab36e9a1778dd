import type { PublicJob } from '@candid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../common/api/api-client';
import { useApiClient } from '../../common/api/api-client-context';

/** `GET job/{id}/public`: what the invitation and interview pages may know of a job. */
export function getPublicJob(api: ApiClient, jobId: string, signal?: AbortSignal) {
  return api.get<PublicJob>(`job/${encodeURIComponent(jobId)}/public`, { signal });
}

export const publicJobQueryKey = (jobId: string) => ['interview', 'publicJob', jobId] as const;

export function publicJobQueryOptions(api: ApiClient, jobId: string) {
  return queryOptions({
    queryKey: publicJobQueryKey(jobId),
    queryFn: ({ signal }) => getPublicJob(api, jobId, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function usePublicJob(jobId: string) {
  const api = useApiClient();
  return useQuery(publicJobQueryOptions(api, jobId));
}
