import { getDefaultTexts } from '../common/default-texts';
import type { AnswerRule } from '../jobs/answer-rule';

/** Prefix of the title given to a template saved without one. */
export const UNNAMED_TEMPLATE_TITLE = 'Unnamed Template';

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Title for a template saved with an empty title: "Unnamed Template" plus the date
 * and time, e.g. "Unnamed Template 2024-05-01 14:03". Uses `now`'s local date and time, i.e.
 * the recruiter's clock when run in the browser; the fixed numeric format reads the same in
 * English and Hebrew. `lang`: the recruiter's language (the prefix is then theirs).
 */
export function defaultTemplateTitle(now: Date, lang?: string | null): string {
  const prefix = lang ? getDefaultTexts(lang).unnamedTemplate : UNNAMED_TEMPLATE_TITLE;
  const date = `${now.getFullYear()}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`;
  const time = `${pad2(now.getHours())}:${pad2(now.getMinutes())}`;
  return `${prefix} ${date} ${time}`;
}

/** Gives a blank (after trimming) template title the default one. */
export function applyTemplateDefaults<T extends { title: string }>(
  template: T,
  now: Date,
  lang?: string | null,
): T {
  const title = template.title.trim();
  return { ...template, title: title || defaultTemplateTitle(now, lang) };
}

/**
 * Whether a template question's answer-type choice is accepted: video, text or code
 * must be chosen, and text and code not both. The editor offers "video only" or "video and
 * screen"; a screen answer always records the camera too, so a screen flag counts as video —
 * both `{ isScreenAns }` and `{ isVidAns, isScreenAns }` are accepted. Image and multiple
 * choice alone are not template answer types.
 */
export function isAnswerRuleAccepted(rule: Partial<AnswerRule>): boolean {
  const hasVideo = rule.isVidAns === true || rule.isScreenAns === true;
  const hasText = rule.isTxtAns === true;
  const hasCode = rule.isCodeAns === true;
  return (hasVideo || hasText || hasCode) && !(hasText && hasCode);
}

/**
 * Sets one template as the organisation's default (exclusive — the previous default
 * is cleared first). Returns the templates with the flags updated; others are kept as they are.
 */
export function setDefaultTemplate<T extends { _id: string; isDefault: boolean }>(
  templates: readonly T[],
  templateId: string,
): T[] {
  return templates.map((template) => {
    const isDefault = template._id === templateId;
    return template.isDefault === isDefault ? template : { ...template, isDefault };
  });
}
