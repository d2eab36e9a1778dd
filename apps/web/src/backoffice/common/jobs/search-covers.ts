import { coverSearchResponseSchema, type CoverSearchResponse } from '@candid/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';

/**
 * `GET covers/search?query&page`: 20 cover photos a page from the stock-photo provider, or
 * the built-in gallery when the query is empty or no provider is configured.
 */
export async function searchCovers(
  api: ApiClient,
  query: string,
  page: number,
  signal?: AbortSignal,
): Promise<CoverSearchResponse> {
  return coverSearchResponseSchema.parse(
    await api.get<unknown>('covers/search', {
      params: { query: query || undefined, page },
      signal,
    }),
  );
}

export function coverSearchQueryOptions(api: ApiClient, query: string, page: number) {
  return queryOptions({
    queryKey: ['covers', query, page] as const,
    queryFn: ({ signal }) => searchCovers(api, query, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useCoverSearch(query: string, page: number, enabled: boolean) {
  const api = useApiClient();
  return useQuery({ ...coverSearchQueryOptions(api, query, page), enabled });
}
