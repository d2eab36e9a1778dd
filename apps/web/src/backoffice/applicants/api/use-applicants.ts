import type {
  ApplicantChange,
  ApplicantCountResponse,
  ApplicantFilter,
  ApplicantListItem,
  ApplicantListResponse,
} from '@candid/domain';
import {
  keepPreviousData,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';
import {
  APPLICANTS_KEY,
  applicantKeys,
  countApplicants,
  listApplicants,
  updateApplicants,
} from './applicants-api';

/** The applicant filter without paging: what `job/applicantCount` takes. */
export type ApplicantCountFilter = Omit<ApplicantFilter, 'currPage' | 'itemsPerPage'>;

export function applicantListQueryOptions(
  api: ApiClient,
  filter: ApplicantFilter,
  sort: string | undefined,
) {
  return queryOptions({
    queryKey: applicantKeys.list(filter, sort ?? ''),
    queryFn: async ({ signal, client }) => {
      // The page after one already loaded starts from that page's cursor, so paging on through
      // the list costs each page what the first costs (OFFSET reads every row before it). A
      // jump to another page, or a cursor the server refuses, goes by page number.
      const previous =
        filter.currPage > 1
          ? client.getQueryData<ApplicantListResponse>(
              applicantKeys.list({ ...filter, currPage: filter.currPage - 1 }, sort ?? ''),
            )
          : undefined;
      if (previous?.nextCursor) {
        try {
          return await listApplicants(api, filter, sort, signal, previous.nextCursor);
        } catch (error) {
          if ((error as { status?: number }).status !== 400) throw error;
        }
      }
      return listApplicants(api, filter, sort, signal);
    },
    // The previous page stays on screen while the next filter or page loads, without a flash.
    placeholderData: keepPreviousData,
  });
}

/** One page of applicants (`GET job/applicant`); `sort` undefined means the server's default. */
export function useApplicantList(filter: ApplicantFilter, sort: string | undefined) {
  const api = useApiClient();
  return useQuery(applicantListQueryOptions(api, filter, sort));
}

export function applicantCountQueryOptions(api: ApiClient, filter: ApplicantCountFilter) {
  return queryOptions({
    queryKey: applicantKeys.count(filter),
    queryFn: ({ signal }) => countApplicants(api, filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** Matching and all unarchived applicants (`GET job/applicantCount`). */
export function useApplicantCount(filter: ApplicantCountFilter, enabled = true) {
  const api = useApiClient();
  return useQuery({ ...applicantCountQueryOptions(api, filter), enabled });
}

/** Every cached list page with `patch` applied to its applicants (null removes one). */
function patchListPage(
  page: ApplicantListResponse,
  patch: (applicant: ApplicantListItem) => ApplicantListItem | null,
): ApplicantListResponse {
  let removed = 0;
  const applicants: ApplicantListItem[] = [];
  for (const applicant of page.applicants) {
    const next = patch(applicant);
    if (next) applicants.push(next);
    else removed += 1;
  }
  if (removed === 0 && applicants.every((item, index) => item === page.applicants[index])) {
    return page;
  }
  return {
    ...page,
    applicants,
    // A capped count ("10,000+") stays: there are still more than the cap.
    filteredApplicantCount: page.filteredApplicantCountCapped
      ? page.filteredApplicantCount
      : Math.max(0, page.filteredApplicantCount - removed),
  };
}

/** The list cache with read flags set for `ids`. */
export function setReadInList(
  page: ApplicantListResponse | undefined,
  ids: ReadonlySet<string>,
  isRead: boolean,
): ApplicantListResponse | undefined {
  if (!page) return page;
  return patchListPage(page, (applicant) =>
    ids.has(applicant.id) && applicant.isRead !== isRead ? { ...applicant, isRead } : applicant,
  );
}

/** The list cache without the applicants of `ids`; its match count drops with them. */
export function removeFromList(
  page: ApplicantListResponse | undefined,
  ids: ReadonlySet<string>,
): ApplicantListResponse | undefined {
  if (!page) return page;
  return patchListPage(page, (applicant) => (ids.has(applicant.id) ? null : applicant));
}

/**
 * Applicant changes that show at once: the cached lists change before the server
 * answers — read flags flip, archived or restored applicants leave the list and the counts
 * drop — and a failure puts every cached list and count back as it was. Either way the lists
 * and counts are fetched again afterwards. Resolves true when the server agreed.
 */
export function useOptimisticApplicantChanges() {
  const api = useApiClient();
  const queryClient = useQueryClient();

  const run = useCallback(
    async (
      changes: ApplicantChange[],
      applyToCache: (page: ApplicantListResponse | undefined) => ApplicantListResponse | undefined,
      adjustCount?: (
        count: ApplicantCountResponse,
        filter: ApplicantCountFilter,
      ) => ApplicantCountResponse,
    ): Promise<boolean> => {
      const listKey = applicantKeys.lists();
      const countKey = [...APPLICANTS_KEY, 'count'] as const;
      await queryClient.cancelQueries({ queryKey: listKey });
      await queryClient.cancelQueries({ queryKey: countKey });
      const lists = queryClient.getQueriesData<ApplicantListResponse>({ queryKey: listKey });
      const counts = queryClient.getQueriesData<ApplicantCountResponse>({ queryKey: countKey });
      queryClient.setQueriesData<ApplicantListResponse>({ queryKey: listKey }, applyToCache);
      if (adjustCount) {
        for (const [key, count] of counts) {
          // Count keys are `applicantKeys.count(filter)`: the filter is the last part.
          const filter = key[key.length - 1] as ApplicantCountFilter | undefined;
          if (count && filter) queryClient.setQueryData(key, adjustCount(count, filter));
        }
      }
      try {
        await updateApplicants(api, changes);
        return true;
      } catch {
        for (const [key, data] of [...lists, ...counts]) {
          queryClient.setQueryData(key as QueryKey, data);
        }
        return false;
      } finally {
        void queryClient.invalidateQueries({ queryKey: listKey });
        void queryClient.invalidateQueries({ queryKey: countKey });
      }
    },
    [api, queryClient],
  );

  /** Marks applicants read or unread (the bulk toggle and the row menu). */
  const setRead = useCallback(
    (ids: readonly string[], isRead: boolean) => {
      const idSet = new Set(ids);
      return run(
        ids.map((id) => ({ id, isRead })),
        (page) => setReadInList(page, idSet, isRead),
      );
    },
    [run],
  );

  /**
   * Archives (archivedAt now) or restores (null) applicants: they leave every cached list, whose
   * match counts drop; the counts of the view they left lose them from the matches, and the
   * unarchived total goes down on archive and up on restore.
   */
  const setArchived = useCallback(
    (ids: readonly string[], archive: boolean, now = new Date()) => {
      const idSet = new Set(ids);
      const archivedAt = archive ? now.toISOString() : null;
      return run(
        ids.map((id) => ({ id, archivedAt })),
        (page) => removeFromList(page, idSet),
        (count, filter) => ({
          ...count,
          filteredApplicantCount:
            filter.showArchived === !archive && !count.filteredApplicantCountCapped
              ? Math.max(0, count.filteredApplicantCount - ids.length)
              : count.filteredApplicantCount,
          totalApplicantCount: count.totalApplicantCountCapped
            ? count.totalApplicantCount
            : Math.max(0, count.totalApplicantCount + (archive ? -ids.length : ids.length)),
        }),
      );
    },
    [run],
  );

  return { setRead, setArchived };
}
