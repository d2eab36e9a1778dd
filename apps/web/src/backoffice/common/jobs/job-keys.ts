import type { JobFilter } from '@candid/domain';

/** Query keys of the job calls; every list lives under `JOB_LIST_KEY` so one invalidation reaches all. */
export const JOBS_KEY = ['jobs'] as const;
export const JOB_LIST_KEY = [...JOBS_KEY, 'list'] as const;

export const jobKeys = {
  list: (filter: JobFilter) => [...JOB_LIST_KEY, 'pages', filter] as const,
  infinite: (filter: Omit<JobFilter, 'currPage'>) => [...JOB_LIST_KEY, 'infinite', filter] as const,
  detail: (id: string) => [...JOBS_KEY, 'detail', id] as const,
  access: (id: string) => [...JOBS_KEY, 'access', id] as const,
};
