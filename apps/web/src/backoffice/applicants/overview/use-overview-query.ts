import { isArchivePath, type ApplicantFilter } from '@candid/domain';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import {
  buildOverviewSearch,
  clearFilters,
  getOverviewPath,
  parseOverviewQuery,
  type OverviewQuery,
} from './overview-query';

export interface OverviewFilterChange {
  patch: Partial<Omit<ApplicantFilter, 'showArchived' | 'jobId'>>;
  /** Replace the history entry instead of adding one (typing in the search box). */
  replace?: boolean;
}

export interface OverviewQueryState extends OverviewQuery {
  isArchive: boolean;
  jobId: string | undefined;
  /** Writes a filter change to the URL; anything but a page change goes back to page 1. */
  setFilter: (change: OverviewFilterChange) => void;
  setSort: (sort: string) => void;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  clearAll: () => void;
}

/**
 * The overview's filter, kept in the URL: the route gives the view (archive or not)
 * and the job, the query gives the rest. Every change is a navigation, so back and forward,
 * reloads and shared links all show the same list.
 */
export function useOverviewQuery(): OverviewQueryState {
  const { pathname, search } = useLocation();
  const params = useParams<{ jobId?: string }>();
  const navigate = useNavigate();
  const isArchive = isArchivePath(pathname);

  const query = useMemo(
    () => parseOverviewQuery(new URLSearchParams(search), { jobId: params.jobId, isArchive }),
    [search, params.jobId, isArchive],
  );
  const { filter, sort } = query;

  const write = useCallback(
    (next: ApplicantFilter, nextSort: string | undefined, replace = false) => {
      const nextSearch = buildOverviewSearch(next, nextSort).toString();
      if (nextSearch === buildOverviewSearch(filter, sort).toString()) return;
      void navigate(
        {
          pathname: getOverviewPath({ isArchive, jobId: next.jobId }),
          search: nextSearch ? `?${nextSearch}` : '',
        },
        { replace },
      );
    },
    [filter, sort, isArchive, navigate],
  );

  return {
    ...query,
    isArchive,
    jobId: filter.jobId,
    setFilter: ({ patch, replace }) => write({ ...filter, currPage: 1, ...patch }, sort, replace),
    setSort: (nextSort) => write({ ...filter, currPage: 1 }, nextSort),
    setPage: (page, options) => write({ ...filter, currPage: page }, sort, options?.replace),
    clearAll: () => write(clearFilters(filter), sort),
  };
}
