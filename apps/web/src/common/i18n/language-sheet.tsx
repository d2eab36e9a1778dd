import { getDirection, LANGUAGES, type Language } from '@candid/domain';
import { NavLink, Stack } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet, SHEET_CLOSE_DELAY_MS } from '../ui/bottom-sheet';
import { LanguageButton } from './language-button';

/**
 * The language menu on a phone: a bottom sheet like the app's other phone menus (drag down,
 * the overlay or Escape close it). A chunk of its own that LanguageSwitch loads on the first
 * press of its button, opening at once; the choice applies once the sheet has closed.
 */
export default function LanguageSheet({
  language,
  onChoose,
}: {
  language: Language;
  onChoose: (language: Language) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const hasOpened = useRef(false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  // This button replaced the one that was pressed: it takes the focus, then the sheet opens.
  const focusThenOpen = useCallback((button: HTMLButtonElement | null) => {
    buttonRef.current = button;
    if (!button || hasOpened.current) return;
    hasOpened.current = true;
    button.focus();
    setOpened(true);
  }, []);
  const title = t('language.sheetTitle');

  return (
    <>
      <LanguageButton
        ref={focusThenOpen}
        language={language}
        aria-haspopup="dialog"
        aria-expanded={opened}
        onClick={() => setOpened(true)}
      />
      <BottomSheet
        opened={opened}
        onClose={() => setOpened(false)}
        title={title}
        testId="language-sheet"
      >
        <Stack gap={2} role="menu" aria-label={title}>
          {LANGUAGES.map((option) => (
            <NavLink
              key={option}
              component="button"
              role="menuitemradio"
              aria-checked={option === language}
              lang={option}
              dir={getDirection(option)}
              label={t(`languages.${option}`)}
              rightSection={option === language ? <IconCheck size={16} aria-hidden /> : null}
              mih={48}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
              onClick={() => {
                setOpened(false);
                window.setTimeout(() => {
                  onChoose(option);
                  buttonRef.current?.focus();
                }, SHEET_CLOSE_DELAY_MS);
              }}
            />
          ))}
        </Stack>
      </BottomSheet>
    </>
  );
}
