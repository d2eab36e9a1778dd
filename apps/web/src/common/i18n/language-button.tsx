import type { Language } from '@candid/domain';
import { Button, type ButtonProps } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

type LanguageButtonProps = ButtonProps &
  Omit<ComponentPropsWithRef<'button'>, keyof ButtonProps> & { language: Language };

/** The language menu's button: the current language, named in itself. */
export function LanguageButton({ language, ...props }: LanguageButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-md"
      leftSection={<IconLanguage size={18} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      aria-label={t('language.switchLabel', { language: t(`languages.${language}`) })}
      aria-haspopup="menu"
      {...props}
    >
      {t(`languages.${language}`)}
    </Button>
  );
}
