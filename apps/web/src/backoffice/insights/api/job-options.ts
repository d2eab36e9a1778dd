import { jobListResponseSchema } from '@candid/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';

export interface JobOption {
  value: string;
  label: string;
}

/** How many jobs the pickers offer at once; typing narrows them on the server. */
const JOB_OPTION_COUNT = 30;

/** `GET job?txt=`: the newest jobs matching a search, archived ones too, as picker options. */
export async function searchJobOptions(
  api: ApiClient,
  txt: string,
  signal?: AbortSignal,
): Promise<JobOption[]> {
  const params = { txt, itemsPerPage: JOB_OPTION_COUNT, currPage: 1 };
  const [active, archived] = await Promise.all(
    [false, true].map(async (showArchived) =>
      jobListResponseSchema.parse(
        await api.get<unknown>('job', { params: { ...params, showArchived }, signal }),
      ),
    ),
  );
  return [...active!.jobs, ...archived!.jobs].map((job) => ({
    value: job._id,
    label: job.info.title,
  }));
}

export function useJobOptions(txt: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['insights', 'jobOptions', txt],
    queryFn: ({ signal }) => searchJobOptions(api, txt, signal),
    staleTime: 60_000,
  });
}
