import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../stores/language-store';
import { applyDocumentLanguage } from './languages';

/** Keeps i18next and `<html lang dir>` on the language of the language store. */
export function useLanguageSync(): void {
  const language = useLanguageStore((state) => state.language);
  const { i18n } = useTranslation();
  useEffect(() => {
    applyDocumentLanguage(language);
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [language, i18n]);
}
