import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyDocumentLanguage, getInitialLanguage, LANGUAGE_STORAGE_KEY } from './languages';

describe('getInitialLanguage (spec §1)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [null, 'en-US', 'en'],
    [null, 'he-IL', 'he'],
    [null, 'he', 'he'],
    ['en', 'he-IL', 'en'],
    ['he', 'en-US', 'he'],
    ['fr', 'en-US', 'en'],
  ])('stored %s, browser %s → %s', (stored, browserLanguage, expected) => {
    if (stored) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
    vi.stubGlobal('navigator', { ...navigator, language: browserLanguage });
    expect(getInitialLanguage()).toBe(expected);
  });
});

describe('applyDocumentLanguage', () => {
  it.each([
    ['he', 'rtl'],
    ['en', 'ltr'],
  ] as const)('%s sets lang and dir=%s', (language, dir) => {
    const root = document.createElement('html');
    applyDocumentLanguage(language, root);
    expect(root).toHaveAttribute('lang', language);
    expect(root).toHaveAttribute('dir', dir);
  });
});
