import { jobListResponseSchema, type JobFilter, type JobListResponse } from '@candid/domain';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';
import { jobKeys } from './job-keys';

/** `GET job?filters&sort`: one page of the organisation's jobs, newest first. */
export async function listJobs(
  api: ApiClient,
  filter: JobFilter,
  signal?: AbortSignal,
): Promise<JobListResponse> {
  return jobListResponseSchema.parse(
    await api.get<unknown>('job', {
      params: {
        txt: filter.txt || undefined,
        showArchived: filter.showArchived,
        departmentId: filter.departmentId,
        currPage: filter.currPage,
        itemsPerPage: filter.itemsPerPage,
      },
      signal,
    }),
  );
}

export function jobsQueryOptions(api: ApiClient, filter: JobFilter) {
  return queryOptions({
    queryKey: jobKeys.list(filter),
    queryFn: ({ signal }) => listJobs(api, filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of jobs (pager on devices with a mouse). */
export function useJobs(filter: JobFilter, enabled = true) {
  const api = useApiClient();
  return useQuery({ ...jobsQueryOptions(api, filter), enabled });
}

/**
 * The page after `loaded` pages, or undefined at the end. A capped count (a search's "200+")
 * does not reach every match, so scrolling goes on past its pages while they come back full.
 */
export function nextJobPage(
  last: JobListResponse,
  loaded: number,
  itemsPerPage: number,
): number | undefined {
  if (loaded < last.pageCount) return loaded + 1;
  return last.filteredJobCountCapped && last.jobs.length === itemsPerPage ? loaded + 1 : undefined;
}

export function infiniteJobsQueryOptions(api: ApiClient, filter: Omit<JobFilter, 'currPage'>) {
  return infiniteQueryOptions({
    queryKey: jobKeys.infinite(filter),
    queryFn: ({ pageParam, signal }) => listJobs(api, { ...filter, currPage: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextJobPage(last, pages.length, filter.itemsPerPage),
  });
}

/** Pages of jobs one after the other (infinite scroll on touch devices). */
export function useInfiniteJobs(filter: Omit<JobFilter, 'currPage'>, enabled = true) {
  const api = useApiClient();
  return useInfiniteQuery({ ...infiniteJobsQueryOptions(api, filter), enabled });
}
