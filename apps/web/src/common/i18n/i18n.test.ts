import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { createAppI18n, loadMessages } from './i18n';

describe('createAppI18n', () => {
  it('starts with the one language it is given and loads the other when switched to', async () => {
    const i18n = createAppI18n('en', { en });
    expect(i18n.t('languages.en')).toBe('English');
    expect(i18n.hasResourceBundle('he', 'translation')).toBe(false);

    await i18n.changeLanguage('he');

    expect(i18n.language).toBe('he');
    expect(i18n.hasResourceBundle('he', 'translation')).toBe(true);
    expect(i18n.t('languages.he')).toBe('עברית');
  });

  it('loads nothing for the language it already holds', async () => {
    const loaded: string[] = [];
    const i18n = createAppI18n('en', { en }, (language) => {
      loaded.push(language);
      return loadMessages(language);
    });
    await i18n.changeLanguage('en');
    expect(loaded).toEqual([]);
    await i18n.changeLanguage('he');
    expect(loaded).toEqual(['he']);
  });
});
