import type { ApiClient } from '../../../common/api/api-client';

/** `DELETE job/{id}`: removes an archived job for good. */
export async function deleteJob(api: ApiClient, id: string): Promise<void> {
  await api.delete<unknown>(`job/${encodeURIComponent(id)}`);
}
