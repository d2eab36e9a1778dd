import { z } from 'zod';
import { TEMPLATE_PAGE_SIZE } from '../common/constants';
import { isoDateSchema } from '../common/date-schemas';
import { idSchema } from '../common/ids';
import { currPageSchema, itemsPerPageSchema } from '../common/pagination';
import { queryBooleanSchema, searchTextSchema } from '../common/query';
import { questionSchema } from '../jobs/question.schemas';

/** A reusable set of questions. */
export const templateSchema = z.object({
  _id: idSchema,
  title: z.string(),
  /** Internal name; the list shows `title`. */
  name: z.string().default(''),
  owner: z.object({ _id: idSchema.optional(), fName: z.string() }),
  quests: z.array(questionSchema),
  /** At most one template per organisation is the default. */
  isDefault: z.boolean().default(false),
  coverUrl: z.string().default(''),
  createdAt: isoDateSchema,
  archivedAt: isoDateSchema.nullable().default(null),
});
export type Template = z.infer<typeof templateSchema>;

/** Template list filter (`GET template?filters`), 1-based pages. */
export const templateFilterSchema = z.object({
  txt: searchTextSchema,
  showArchived: queryBooleanSchema.default(false),
  currPage: currPageSchema,
  itemsPerPage: itemsPerPageSchema(TEMPLATE_PAGE_SIZE),
});
export type TemplateFilter = z.infer<typeof templateFilterSchema>;
