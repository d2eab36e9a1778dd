import './mantine-first.css';
import './bidi-inputs.css';
import './touch-targets.css';
import { getDirection, isLanguage } from '@candid/domain';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useLanguageSync } from '../i18n/use-language-sync';
import { AlertNotifications } from './alert-notifications';
import { cssVariablesResolver, theme } from './theme';

function LanguageSync() {
  useLanguageSync();
  return null;
}

/**
 * Mantine (theme, right-to-left via DirectionProvider), notifications, i18next and the alert
 * renderer: what every screen of the app needs, with or without a router.
 */
export function UiProviders({
  i18n,
  mantineEnv = 'default',
  children,
}: {
  i18n: I18n;
  /** 'test' turns off Mantine's transitions and portals (jsdom has no layout or transition events). */
  mantineEnv?: 'default' | 'test';
  children: ReactNode;
}) {
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={getDirection(language)}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={mantineEnv}>
          <LanguageSync />
          <AlertNotifications />
          {children}
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
