import { LANGUAGES, PRODUCT_NAME, RTL_LANGUAGES } from './constants';
import type { Language } from './constants';

/** True when `x` is a supported UI language code. */
export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (LANGUAGES as readonly string[]).includes(x);
}

/** True for right-to-left languages (Hebrew). */
export function isRtl(lang: Language): boolean {
  return (RTL_LANGUAGES as readonly string[]).includes(lang);
}

/** The `dir` attribute for a language. */
export function getDirection(lang: Language): 'ltr' | 'rtl' {
  return isRtl(lang) ? 'rtl' : 'ltr';
}

/**
 * First-visit language: a stored choice wins; otherwise Hebrew when the browser
 * language is Hebrew (`he`, `he-IL`, or the legacy `iw`), else English.
 */
export function getDefaultLanguage(
  browserLanguage: string | null | undefined,
  stored?: string | null,
): Language {
  if (isLanguage(stored)) return stored;
  const primary = (browserLanguage ?? '').toLowerCase().split(/[-_]/u)[0];
  return primary === 'he' || primary === 'iw' ? 'he' : 'en';
}

/** Document title: the product name, plus " | " and the route title when there is one. */
export function getPageTitle(routeTitle?: string | null): string {
  const title = routeTitle?.trim();
  return title ? `${PRODUCT_NAME} | ${title}` : PRODUCT_NAME;
}
