import { jobSchema, type Job } from '@candid/domain';
import type { ApiClient } from '../../../common/api/api-client';

/** `POST job/{id}/clone`: "copy of {title}", no applicants, active. */
export async function cloneJob(api: ApiClient, id: string): Promise<Job> {
  return jobSchema.parse(await api.post<unknown>(`job/${encodeURIComponent(id)}/clone`, {}));
}
