import { templateSchema, type Template, type TemplateInput } from '@candid/domain';
import type { ApiClient } from '../../../common/api/api-client';

/** `POST template` with the template as the body. */
export async function createTemplate(api: ApiClient, template: TemplateInput): Promise<Template> {
  return templateSchema.parse(await api.post<unknown>('template', template));
}

/** `PUT template` with the template and its id. */
export async function updateTemplate(
  api: ApiClient,
  template: TemplateInput & { _id: string },
): Promise<Template> {
  return templateSchema.parse(await api.put<unknown>('template', template));
}
