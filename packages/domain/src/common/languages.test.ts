import { describe, expect, it } from 'vitest';
import { getDefaultLanguage, getDirection, getPageTitle, isLanguage, isRtl } from './languages';

describe('languages', () => {
  it.each([
    ['he-IL', null, 'he'],
    ['he', undefined, 'he'],
    ['iw', undefined, 'he'],
    ['HE_il', undefined, 'he'],
    ['en-US', undefined, 'en'],
    ['fr-FR', undefined, 'en'],
    ['', undefined, 'en'],
    [null, undefined, 'en'],
    ['he-IL', 'en', 'en'],
    ['en-US', 'he', 'he'],
    ['en-US', 'fr', 'en'],
  ] as const)('browser %j, stored %j → %s', (browser, stored, lang) => {
    expect(getDefaultLanguage(browser, stored)).toBe(lang);
  });

  it('Hebrew is right-to-left, English left-to-right', () => {
    expect(isRtl('he')).toBe(true);
    expect(isRtl('en')).toBe(false);
    expect(getDirection('he')).toBe('rtl');
    expect(getDirection('en')).toBe('ltr');
  });

  it.each([
    ['en', true],
    ['he', true],
    ['fr', false],
    [1, false],
  ])('isLanguage(%j) → %s', (value, ok) => {
    expect(isLanguage(value)).toBe(ok);
  });

  it.each([
    [undefined, 'Candid'],
    ['', 'Candid'],
    ['Jobs', 'Candid | Jobs'],
  ])('page title for %j → %s', (title, text) => {
    expect(getPageTitle(title)).toBe(text);
  });
});
