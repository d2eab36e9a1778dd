import { jobSchema, type Job } from '@candid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';
import { jobKeys } from './job-keys';

/** `GET job/{id}`. */
export async function getJob(api: ApiClient, id: string, signal?: AbortSignal): Promise<Job> {
  return jobSchema.parse(await api.get<unknown>(`job/${encodeURIComponent(id)}`, { signal }));
}

export function jobQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: ({ signal }) => getJob(api, id, signal),
    // The editor owns the job once loaded; refetching would overwrite unsaved edits.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useJob(id: string | undefined) {
  const api = useApiClient();
  return useQuery({ ...jobQueryOptions(api, id ?? ''), enabled: Boolean(id) });
}
