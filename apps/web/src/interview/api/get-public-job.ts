import type { PublicJob } from '@candid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../common/api/api-client';
import { useApiClient } from '../../common/api/api-client-context';
import { readInlinedData } from '../../common/first-screen/first-screen';

/** `GET job/{id}/public`: what the invitation and interview pages may know of a job. */
export function getPublicJob(api: ApiClient, jobId: string, signal?: AbortSignal) {
  return api.get<PublicJob>(`job/${encodeURIComponent(jobId)}/public`, { signal });
}

/** The job the server put into an invitation link's page (first-screen), if it is this one. */
function inlinedPublicJob(jobId: string): PublicJob | undefined {
  const data = readInlinedData() as PublicJob | null;
  return data?._id === jobId ? data : undefined;
}

export function publicJobQueryOptions(api: ApiClient, jobId: string) {
  return queryOptions({
    queryKey: ['interview', 'publicJob', jobId],
    // An invitation link's page carries the job already: no second round trip for it.
    initialData: () => inlinedPublicJob(jobId),
    queryFn: ({ signal }) => getPublicJob(api, jobId, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function usePublicJob(jobId: string) {
  const api = useApiClient();
  return useQuery(publicJobQueryOptions(api, jobId));
}
