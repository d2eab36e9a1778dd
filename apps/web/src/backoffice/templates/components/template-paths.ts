/** Paths of the template screens. */
export const TEMPLATE_OVERVIEW_PATH = '/backoffice/template';

export function getTemplateDetailsPath(id: string): string {
  return `${TEMPLATE_OVERVIEW_PATH}/${encodeURIComponent(id)}`;
}

export function getTemplateEditPath(id?: string): string {
  return id
    ? `${TEMPLATE_OVERVIEW_PATH}/edit/${encodeURIComponent(id)}`
    : `${TEMPLATE_OVERVIEW_PATH}/edit`;
}

/** What the details and editor screens remember of the list (its query) to go back to it. */
export interface TemplateListState {
  listSearch?: string;
}

/** The list with the filter it had when it was left (back restores the list filter). */
export function getTemplateListPath(state: unknown): string {
  const search = (state as TemplateListState | null)?.listSearch;
  return search ? `${TEMPLATE_OVERVIEW_PATH}${search}` : TEMPLATE_OVERVIEW_PATH;
}

/** The job editor starting a new job from the template `id`. */
export function getJobFromTemplatePath(id: string): string {
  return `/create?templateId=${encodeURIComponent(id)}`;
}
