import type { Language } from '@candid/domain';
import { create } from 'zustand';
import { getInitialLanguage, storeLanguage } from '../i18n/languages';

interface LanguageState {
  language: Language;
  /** Switches the language and keeps the choice in localStorage. */
  setLanguage: (language: Language) => void;
}

/** The interface language (client state). Not reset on logout: it is a preference. */
export const useLanguageStore = create<LanguageState>()((set) => ({
  language: getInitialLanguage(),
  setLanguage: (language) => {
    storeLanguage(language);
    set({ language });
  },
}));
