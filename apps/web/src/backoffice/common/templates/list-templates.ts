import {
  templateListResponseSchema,
  type TemplateFilter,
  type TemplateListResponse,
} from '@candid/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';
import { templateKeys } from './template-keys';

/** `GET template?filters`: one page of templates, oldest first. */
export async function listTemplates(
  api: ApiClient,
  filter: TemplateFilter,
  signal?: AbortSignal,
): Promise<TemplateListResponse> {
  return templateListResponseSchema.parse(
    await api.get<unknown>('template', {
      params: {
        txt: filter.txt || undefined,
        showArchived: filter.showArchived,
        currPage: filter.currPage,
        itemsPerPage: filter.itemsPerPage,
      },
      signal,
    }),
  );
}

export function templatesQueryOptions(api: ApiClient, filter: TemplateFilter) {
  return queryOptions({
    queryKey: templateKeys.list(filter),
    queryFn: ({ signal }) => listTemplates(api, filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of templates; `enabled` false (no TEMPLATES permission) asks for nothing. */
export function useTemplates(filter: TemplateFilter, enabled = true) {
  const api = useApiClient();
  return useQuery({ ...templatesQueryOptions(api, filter), enabled });
}
