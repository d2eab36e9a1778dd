import type { ApiClient } from '../../../common/api/api-client';

/** `DELETE template/{id}` (spec §7). */
export async function deleteTemplate(api: ApiClient, id: string): Promise<void> {
  await api.delete<unknown>(`template/${encodeURIComponent(id)}`);
}
