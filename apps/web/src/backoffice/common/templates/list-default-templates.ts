import { defaultTemplatesResponseSchema, type Language, type Template } from '@candid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';
import { useLanguageStore } from '../../../common/stores/language-store';
import { templateKeys } from './template-keys';

/**
 * `GET template/default`: the organisation's default template first, then the built-in ones in
 * the recruiter's language `lang`. Needs the TEMPLATES permission (403 otherwise),
 * so callers enable it only with it.
 */
export async function listDefaultTemplates(
  api: ApiClient,
  lang: Language,
  signal?: AbortSignal,
): Promise<Template[]> {
  return defaultTemplatesResponseSchema.parse(
    await api.get<unknown>(`template/default?lang=${lang}`, { signal }),
  );
}

function defaultTemplatesQueryOptions(api: ApiClient, lang: Language) {
  return queryOptions({
    queryKey: templateKeys.defaults(lang),
    queryFn: ({ signal }) => listDefaultTemplates(api, lang, signal),
  });
}

export function useDefaultTemplates(enabled: boolean) {
  const api = useApiClient();
  const lang = useLanguageStore((state) => state.language);
  return useQuery({ ...defaultTemplatesQueryOptions(api, lang), enabled });
}
