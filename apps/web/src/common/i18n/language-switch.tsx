import { Suspense, useState } from 'react';
import { lazyWithTimeout } from '../lazy/lazy-with-timeout';
import { useLanguageStore } from '../stores/language-store';
import { useIsPhone } from '../ui/media-queries';
import { withMoreStyles } from '../ui/mantine-styles';
import { LanguageButton } from './language-button';

const loadLanguageMenu = withMoreStyles(() => import('./language-menu'));
const LanguageMenu = lazyWithTimeout(loadLanguageMenu);
const loadLanguageSheet = withMoreStyles(() => import('./language-sheet'));
const LanguageSheet = lazyWithTimeout(loadLanguageSheet);

/**
 * Chooses the interface language. Each language is named in itself ("English", "עברית") so
 * a reader finds theirs whatever the current language is. The page shows only the button: the
 * menu (a dropdown, or on a phone a bottom sheet like the other phone menus, each with a
 * library under it) loads when the button is pressed, or pointed at, and opens at once.
 */
export function LanguageSwitch() {
  const language = useLanguageStore((state) => state.language);
  const setLanguage = useLanguageStore((state) => state.setLanguage);
  const isPhone = useIsPhone();
  const [menuWanted, setMenuWanted] = useState(false);
  const load = isPhone ? loadLanguageSheet : loadLanguageMenu;

  const button = (
    <LanguageButton
      language={language}
      aria-expanded={false}
      onPointerEnter={() => void load()}
      onPointerDown={() => void load()}
      onClick={() => setMenuWanted(true)}
    />
  );
  if (!menuWanted) return button;
  const Chooser = isPhone ? LanguageSheet : LanguageMenu;
  return (
    <Suspense fallback={button}>
      <Chooser language={language} onChoose={setLanguage} />
    </Suspense>
  );
}
