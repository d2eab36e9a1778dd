import { jobAccessResponseSchema, type JobAccessResponse } from '@candid/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';
import { jobKeys } from './job-keys';

const accessPath = (jobId: string) => `job/${encodeURIComponent(jobId)}/access`;

/** `GET job/{id}/access`: everyone of the organisation, whether they see the job, and who edits it. */
export async function getJobAccess(
  api: ApiClient,
  jobId: string,
  signal?: AbortSignal,
): Promise<JobAccessResponse> {
  return jobAccessResponseSchema.parse(await api.get<unknown>(accessPath(jobId), { signal }));
}

/** `PUT job/{id}/access`: the reviewers who see the job from now on (the others stop seeing it). */
export async function setJobReviewers(
  api: ApiClient,
  jobId: string,
  reviewerIds: string[],
): Promise<JobAccessResponse> {
  return jobAccessResponseSchema.parse(await api.put<unknown>(accessPath(jobId), { reviewerIds }));
}

export function useJobAccess(jobId: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: jobKeys.access(jobId),
    queryFn: ({ signal }) => getJobAccess(api, jobId, signal),
    enabled,
  });
}

/** Saves the job's reviewers; the answer becomes the cached list. */
export function useSetJobReviewers(jobId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewerIds: string[]) => setJobReviewers(api, jobId, reviewerIds),
    onSuccess: (access) => queryClient.setQueryData(jobKeys.access(jobId), access),
  });
}
