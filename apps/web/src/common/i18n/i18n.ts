import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import he from '../../locales/he.json';
import type { Language } from '@candid/domain';

/** Both languages are bundled: they are small, and a language switch must not wait for the network. */
export const I18N_RESOURCES = {
  en: { translation: en },
  he: { translation: he },
} as const;

/** An i18next instance with both languages loaded, ready synchronously. */
export function createAppI18n(language: Language): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    resources: I18N_RESOURCES,
    lng: language,
    fallbackLng: 'en' satisfies Language,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
