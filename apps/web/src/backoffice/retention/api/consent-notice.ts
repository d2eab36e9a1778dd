import {
  consentNoticeSettingsSchema,
  type ConsentNoticeSettings,
  type UpdateConsentNoticeBody,
} from '@candid/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';

export const consentNoticeKey = ['consent-notice'] as const;

/** `GET org/consent-notice`: the current version, the organisation's texts and the standard ones. */
export function useConsentNotice(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: consentNoticeKey,
    queryFn: async ({ signal }) =>
      consentNoticeSettingsSchema.parse(await api.get<unknown>('org/consent-notice', { signal })),
    enabled,
  });
}

/** `PUT org/consent-notice`: a change becomes the next version. */
export async function saveConsentNotice(
  api: ApiClient,
  body: UpdateConsentNoticeBody,
): Promise<ConsentNoticeSettings> {
  return consentNoticeSettingsSchema.parse(await api.put<unknown>('org/consent-notice', body));
}
