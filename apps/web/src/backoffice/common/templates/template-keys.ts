import type { Language, TemplateFilter } from '@candid/domain';

/** Query keys of the template calls. */
export const TEMPLATES_KEY = ['templates'] as const;

export const templateKeys = {
  lists: () => [...TEMPLATES_KEY, 'list'] as const,
  list: (filter: TemplateFilter) => [...TEMPLATES_KEY, 'list', filter] as const,
  defaults: (lang: Language) => [...TEMPLATES_KEY, 'default', lang] as const,
  detail: (id: string) => [...TEMPLATES_KEY, 'detail', id] as const,
};
