import { getDefaultLanguage, getDirection, type Language } from '@candid/domain';

/** localStorage key of the language the user chose (spec §1: the choice is kept locally). */
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
  } catch {
    // The choice then lasts for this page only.
  }
}

/** The language at start: the stored choice, else the browser's (domain rule, spec §1). */
export function getInitialLanguage(): Language {
  return getDefaultLanguage(navigator.language, readStoredLanguage());
}
