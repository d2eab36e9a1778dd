import { createInstance, type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@candid/domain';
import type en from '../../locales/en.json';

/** One language's strings (locales/*.json; `npm run i18n:check` keeps both with the same keys). */
export type Messages = typeof en;

/**
 * One language's strings, each in its own chunk: a page loads the language it shows (about
 * 40–50 KB of JSON each), and the other only when the reader switches to it.
 */
export function loadMessages(language: Language): Promise<Messages> {
  const load =
    language === 'he' ? import('../../locales/he.json') : import('../../locales/en.json');
  return load.then((module) => module.default as Messages);
}

/** What i18next asks for a language it does not hold yet (a switch): that language's chunk. */
function messagesBackend(load: (language: Language) => Promise<Messages>): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read: (language, _namespace, callback) => {
      load(language as Language).then(
        (messages) => callback(null, messages),
        (error: unknown) => callback(error as Error, false),
      );
    },
  };
}

/**
 * An i18next instance ready synchronously with the languages in `messages` (the app passes the
 * one it starts in; tests may pass both). `changeLanguage` to another one loads its strings
 * first (`load`), and the switch happens once they are in.
 */
export function createAppI18n(
  language: Language,
  messages: Partial<Record<Language, Messages>>,
  load: (language: Language) => Promise<Messages> = loadMessages,
): I18n {
  const instance = createInstance();
  void instance
    .use(messagesBackend(load))
    .use(initReactI18next)
    .init({
      resources: Object.fromEntries(
        Object.entries(messages).map(([code, strings]) => [code, { translation: strings }]),
      ),
      // The languages given are complete; any other is loaded when switched to.
      partialBundledLanguages: true,
      lng: language,
      // Every language holds every key (i18n:check), so no fallback language is loaded beside it.
      fallbackLng: false,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  return instance;
}
