import { getDirection, LANGUAGES } from '@candid/domain';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../stores/language-store';

/**
 * Chooses the interface language. Each language is named in itself ("English", "עברית") so
 * a reader finds theirs whatever the current language is.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  const setLanguage = useLanguageStore((state) => state.setLanguage);

  return (
    <Menu position="bottom-end" shadow="md" width={160}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('language.switchLabel', { language: t(`languages.${language}`) })}
        >
          {t(`languages.${language}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((option) => (
          <Menu.Item
            key={option}
            lang={option}
            dir={getDirection(option)}
            aria-current={option === language ? 'true' : undefined}
            rightSection={option === language ? <IconCheck size={16} aria-hidden /> : null}
            onClick={() => setLanguage(option)}
          >
            {t(`languages.${option}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
