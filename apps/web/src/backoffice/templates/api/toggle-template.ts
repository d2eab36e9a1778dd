import { templateSchema, type Template } from '@candid/domain';
import type { ApiClient } from '../../../common/api/api-client';

/** `PUT template/{id}/archive`: archives an active template or restores an archived one. */
export async function toggleTemplateArchive(api: ApiClient, id: string): Promise<Template> {
  return templateSchema.parse(await api.put<unknown>(`template/${encodeURIComponent(id)}/archive`));
}

/**
 * `PUT template/{id}/default`: makes the template the organisation's only default (the server
 * clears the previous one first), or clears it when it already is.
 */
export async function toggleTemplateDefault(api: ApiClient, id: string): Promise<Template> {
  return templateSchema.parse(await api.put<unknown>(`template/${encodeURIComponent(id)}/default`));
}
