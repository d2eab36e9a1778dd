import { getPageTitle } from '@candid/domain';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The document title of a page: "Candid", or "Candid | <translated title>". */
export function formatPageTitle(t: TFunction, titleKey: string | undefined): string {
  return getPageTitle(titleKey ? t(titleKey) : null);
}

/** Keeps `document.title` on the page's title in the current language. */
export function usePageTitle(titleKey: string | undefined): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = formatPageTitle(t, titleKey);
  }, [t, titleKey]);
}
