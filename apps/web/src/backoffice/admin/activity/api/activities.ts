import {
  activityListResponseSchema,
  type ActivityFilter,
  type ActivityListResponse,
} from '@candid/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../../common/api/api-client';
import { useApiClient } from '../../../../common/api/api-client-context';

export const activityKeys = {
  all: ['activities'] as const,
  list: (filter: ActivityFilter) => [...activityKeys.all, 'list', filter] as const,
};

type ActivityConditions = Pick<ActivityFilter, 'userId' | 'fromDate' | 'toDate'>;

const paramsOf = (filter: ActivityConditions) => ({
  userId: filter.userId,
  fromDate: filter.fromDate,
  toDate: filter.toDate,
});

/** `GET activity?filters` (admin): one page, oldest first. */
export async function listActivities(
  api: ApiClient,
  filter: ActivityFilter,
  signal?: AbortSignal,
): Promise<ActivityListResponse> {
  return activityListResponseSchema.parse(
    await api.get<unknown>('activity', {
      params: { ...paramsOf(filter), currPage: filter.currPage, itemsPerPage: filter.itemsPerPage },
      signal,
    }),
  );
}

export function useActivities(filter: ActivityFilter) {
  const api = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: activityKeys.list(filter),
      queryFn: ({ signal }) => listActivities(api, filter, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** `GET activity/export?filters`: the whole filtered list as CSV text (the server streams it). */
export async function exportActivities(
  api: ApiClient,
  filter: ActivityConditions,
): Promise<string> {
  const body = await api.get<unknown>('activity/export', { params: paramsOf(filter) });
  return typeof body === 'string' ? body : '';
}
