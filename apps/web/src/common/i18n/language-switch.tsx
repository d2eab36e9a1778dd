import { lazy, Suspense, useState } from 'react';
import { useLanguageStore } from '../stores/language-store';
import { withMoreStyles } from '../ui/mantine-styles';
import { LanguageButton } from './language-button';

const loadLanguageMenu = withMoreStyles(() => import('./language-menu'));
const LanguageMenu = lazy(loadLanguageMenu);

/**
 * Chooses the interface language. Each language is named in itself ("English", "עברית") so
 * a reader finds theirs whatever the current language is. The page shows only the button: the
 * menu (with the positioning library under it, ~15 KiB compressed) loads when the button is
 * pressed, or pointed at, and opens at once.
 */
export function LanguageSwitch() {
  const language = useLanguageStore((state) => state.language);
  const setLanguage = useLanguageStore((state) => state.setLanguage);
  const [menuWanted, setMenuWanted] = useState(false);

  const button = (
    <LanguageButton
      language={language}
      aria-expanded={false}
      onPointerEnter={() => void loadLanguageMenu()}
      onClick={() => setMenuWanted(true)}
    />
  );
  if (!menuWanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu language={language} onChoose={setLanguage} />
    </Suspense>
  );
}
