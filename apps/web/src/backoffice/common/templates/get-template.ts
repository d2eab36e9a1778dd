import { templateSchema, type Template } from '@candid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';
import { templateKeys } from './template-keys';

/** `GET template/{id}`: one of the organisation's templates or a built-in one. */
export async function getTemplate(
  api: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<Template> {
  return templateSchema.parse(
    await api.get<unknown>(`template/${encodeURIComponent(id)}`, { signal }),
  );
}

export function templateQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: templateKeys.detail(id),
    queryFn: ({ signal }) => getTemplate(api, id, signal),
  });
}

export function useTemplate(id: string | null | undefined) {
  const api = useApiClient();
  return useQuery({ ...templateQueryOptions(api, id ?? ''), enabled: Boolean(id) });
}
