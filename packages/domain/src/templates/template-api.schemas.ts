import { z } from 'zod';
import { LANGUAGES, TEMPLATE_DEFAULT_TIME_LIMIT_MIN } from '../common/constants';
import { idSchema } from '../common/ids';
import { optionalQueryTextSchema } from '../common/query';
import { fillQuestionBlanks, viewAsQuerySchema } from '../jobs/job-api.schemas';
import { templateInputSchema } from '../validation/template-input';
import { templateFilterSchema, templateSchema } from './template.schemas';

/**
 * The wire shapes of the template calls ("Templates") beyond the entity: list query
 * and answer, and the create and update bodies.
 */

/**
 * A template as an editor sends it, blanks filled: question ids, a missing time limit becomes
 * {@link TEMPLATE_DEFAULT_TIME_LIMIT_MIN} minute, an empty option "Option N", a missing title
 * the empty string (which the server then names with defaultTemplateTitle).
 */
export function fillTemplateBlanks(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const template = value as Record<string, unknown>;
  return {
    ...template,
    title: template.title === undefined || template.title === null ? '' : template.title,
    quests: fillQuestionBlanks(template.quests, TEMPLATE_DEFAULT_TIME_LIMIT_MIN),
  };
}

/**
 * A template as `POST template` and `PUT template` accept it: the rules of
 * {@link templateInputSchema}, except that a blank title is allowed here because the server
 * replaces it with "Unnamed Template" plus date and time (applyTemplateDefaults).
 */
export const templateSaveInputSchema = z.preprocess(
  fillTemplateBlanks,
  templateInputSchema.extend({ title: z.string().trim() }),
);
export type TemplateSaveInput = z.infer<typeof templateSaveInputSchema>;

/** Body of `PUT template`: the template with its id. */
export const templateUpdateInputSchema = z.preprocess(
  fillTemplateBlanks,
  templateInputSchema.extend({ _id: idSchema, title: z.string().trim() }),
);
export type TemplateUpdateInput = z.infer<typeof templateUpdateInputSchema>;

/** `GET template?filters`: the template filter plus the admin's view-as user. */
export const templateListQuerySchema = templateFilterSchema.extend({
  viewAsId: optionalQueryTextSchema,
});
export type TemplateListQuery = z.infer<typeof templateListQuerySchema>;

/** Answer of `GET template?filters`, shaped like the job list's. */
export const templateListResponseSchema = z.object({
  templates: z.array(templateSchema),
  pageCount: z.number().int().min(0),
  filteredTemplateCount: z.number().int().min(0),
  totalTemplateCount: z.number().int().min(0),
});
export type TemplateListResponse = z.infer<typeof templateListResponseSchema>;

/**
 * Answer of `GET template/default`: the organisation's default template (at most one) first,
 * then the built-in templates that ship with the product.
 */
export const defaultTemplatesResponseSchema = z.array(templateSchema);
export type DefaultTemplatesResponse = z.infer<typeof defaultTemplatesResponseSchema>;

/** Whether a template ships with the product (built-in templates have no owner id and are read-only). */
export function isBuiltInTemplate(template: { owner: { _id?: string } }): boolean {
  return !template.owner._id;
}

/**
 * `GET template/default`: the view-as user, and the recruiter's language, whose built-in
 * templates are offered (English when left out).
 */
export const defaultTemplatesQuerySchema = viewAsQuerySchema.extend({
  lang: z.enum(LANGUAGES).default('en'),
});
export type DefaultTemplatesQuery = z.infer<typeof defaultTemplatesQuerySchema>;
