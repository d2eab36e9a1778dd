import { getDefaultLanguage, getDirection, isLanguage, type Language } from '@candid/domain';

/** localStorage key of the language the user chose (the choice is kept locally). */
export const LANGUAGE_STORAGE_KEY = 'candid.lang';

/** Sets `<html lang dir>`; Mantine's DirectionProvider follows the `dir` attribute. */
export function applyDocumentLanguage(
  language: Language,
  root: HTMLElement = document.documentElement,
): void {
  root.lang = language;
  root.dir = getDirection(language);
}

/** Reads the stored choice; storage may be unavailable (private mode, blocked storage). */
export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    // A choice made in the menu outlasts the link's `?lng=` for the rest of the visit too.
    window.sessionStorage.removeItem(VISIT_LANGUAGE_STORAGE_KEY);
  } catch {
    // The choice then lasts for this page only.
  }
}

/** sessionStorage key of the language a link's `?lng=` chose for this visit (this tab). */
export const VISIT_LANGUAGE_STORAGE_KEY = 'candid.lang.visit';

/**
 * The language a link asks for with `?lng=he` or `?lng=en` (an invitation or a personal link
 * sent in the candidate's language), or null. Anything else is ignored.
 */
export function readLinkLanguage(search: string): Language | null {
  const value = new URLSearchParams(search).get('lng')?.trim().toLowerCase();
  return isLanguage(value) ? value : null;
}

/**
 * The language the link chose for this visit: from the address, kept in the tab's
 * sessionStorage so that the interview's later pages (whose addresses no longer carry it) and
 * a reload stay in it. It is not the stored preference: the next visit follows that again.
 */
function getVisitLanguage(search: string): Language | null {
  const fromLink = readLinkLanguage(search);
  try {
    if (fromLink) window.sessionStorage.setItem(VISIT_LANGUAGE_STORAGE_KEY, fromLink);
    const kept = fromLink ?? window.sessionStorage.getItem(VISIT_LANGUAGE_STORAGE_KEY);
    return isLanguage(kept) ? kept : null;
  } catch {
    return fromLink;
  }
}

/**
 * The language at start: the link's `?lng=` for this visit, else the stored choice, else the
 * browser's (domain rule).
 */
export function getInitialLanguage(search: string = window.location.search): Language {
  return getVisitLanguage(search) ?? getDefaultLanguage(navigator.language, readStoredLanguage());
}
