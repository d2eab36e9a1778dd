import { getDirection, LANGUAGES, type Language } from '@candid/domain';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageButton } from './language-button';

/**
 * The language menu itself (Mantine's Menu and, under it, floating-ui): a chunk of its own that
 * LanguageSwitch loads on the first press of its button, opening at once.
 */
export default function LanguageMenu({
  language,
  onChoose,
}: {
  language: Language;
  onChoose: (language: Language) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const hasOpened = useRef(false);
  // This button replaced the one that was pressed: once in the page it takes the focus, then the
  // menu opens (Mantine returns the focus on close to what had it when the menu opened).
  const focusThenOpen = useCallback((button: HTMLButtonElement | null) => {
    if (!button || hasOpened.current) return;
    hasOpened.current = true;
    button.focus();
    setOpened(true);
  }, []);

  return (
    <Menu position="bottom-end" shadow="md" width={160} opened={opened} onChange={setOpened}>
      <Menu.Target>
        <LanguageButton ref={focusThenOpen} language={language} />
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((option) => (
          <Menu.Item
            key={option}
            lang={option}
            dir={getDirection(option)}
            aria-current={option === language ? 'true' : undefined}
            rightSection={option === language ? <IconCheck size={16} aria-hidden /> : null}
            onClick={() => onChoose(option)}
          >
            {t(`languages.${option}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
