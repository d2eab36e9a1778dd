import {
  retentionPreviewSchema,
  retentionSettingsSchema,
  type RetentionPreview,
  type RetentionSettings,
} from '@candid/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';

export const retentionKeys = {
  all: ['retention'] as const,
  settings: ['retention', 'settings'] as const,
  preview: (months: number) => ['retention', 'preview', months] as const,
};

/** `GET org/retention`: the organisation's period (null: off). */
export async function getRetention(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<RetentionSettings> {
  return retentionSettingsSchema.parse(await api.get<unknown>('org/retention', { signal }));
}

export function useRetention(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: retentionKeys.settings,
    queryFn: ({ signal }) => getRetention(api, signal),
    enabled,
  });
}

/** `GET org/retention/preview?months=`: who a period would delete now (nothing is deleted). */
export async function previewRetention(
  api: ApiClient,
  months: number,
  signal?: AbortSignal,
): Promise<RetentionPreview> {
  return retentionPreviewSchema.parse(
    await api.get<unknown>('org/retention/preview', { params: { months }, signal }),
  );
}

export function useRetentionPreview(months: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: retentionKeys.preview(months ?? 0),
    queryFn: ({ signal }) => previewRetention(api, months!, signal),
    enabled: months !== null,
  });
}

/** `PUT org/retention`: saves the period (null: off). */
export async function saveRetention(
  api: ApiClient,
  retentionMonths: number | null,
): Promise<RetentionSettings> {
  return retentionSettingsSchema.parse(
    await api.put<unknown>('org/retention', { retentionMonths }),
  );
}
