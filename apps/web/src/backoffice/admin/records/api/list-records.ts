import {
  recordListResponseSchema,
  type RecordFilter,
  type RecordListResponse,
} from '@candid/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../../common/api/api-client';
import { useApiClient } from '../../../../common/api/api-client-context';

export const recordKeys = {
  all: ['records'] as const,
  list: (filter: RecordFilter) => [...recordKeys.all, 'list', filter] as const,
};

/** `GET record?filters` (admin): one page of records, newest first. */
export async function listRecords(
  api: ApiClient,
  filter: RecordFilter,
  signal?: AbortSignal,
): Promise<RecordListResponse> {
  return recordListResponseSchema.parse(
    await api.get<unknown>('record', {
      params: {
        txt: filter.txt,
        exclude: filter.exclude || undefined,
        source: filter.source,
        traceID: filter.traceID,
        fromDate: filter.fromDate,
        toDate: filter.toDate,
        userTxt: filter.userTxt,
        statusCode: filter.statusCode,
        levels: filter.levels.length ? filter.levels.join(',') : undefined,
        currPage: filter.currPage,
        itemsPerPage: filter.itemsPerPage,
      },
      signal,
    }),
  );
}

export function useRecords(filter: RecordFilter) {
  const api = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: recordKeys.list(filter),
      queryFn: ({ signal }) => listRecords(api, filter, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
