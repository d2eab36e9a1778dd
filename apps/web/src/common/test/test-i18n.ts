import type { Language } from '@candid/domain';
import type { i18n as I18n } from 'i18next';
import en from '../../locales/en.json';
import he from '../../locales/he.json';
import { createAppI18n } from '../i18n/i18n';

/** The app's i18next instance with both languages in memory, so a test switches at once. */
export function createTestI18n(language: Language): I18n {
  return createAppI18n(language, { en, he });
}
