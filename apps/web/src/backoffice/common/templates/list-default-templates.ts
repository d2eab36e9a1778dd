import { defaultTemplatesResponseSchema, type Template } from '@candid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';
import { templateKeys } from './template-keys';

/**
 * `GET template/default`: the organisation's default template first, then the built-in ones.
 * Needs the TEMPLATES permission (403 otherwise), so callers enable it only with it.
 */
export async function listDefaultTemplates(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<Template[]> {
  return defaultTemplatesResponseSchema.parse(
    await api.get<unknown>('template/default', { signal }),
  );
}

export function defaultTemplatesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: templateKeys.defaults(),
    queryFn: ({ signal }) => listDefaultTemplates(api, signal),
  });
}

export function useDefaultTemplates(enabled: boolean) {
  const api = useApiClient();
  return useQuery({ ...defaultTemplatesQueryOptions(api), enabled });
}
