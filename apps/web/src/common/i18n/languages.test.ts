import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyDocumentLanguage,
  getInitialLanguage,
  LANGUAGE_STORAGE_KEY,
  readLinkLanguage,
  storeLanguage,
  VISIT_LANGUAGE_STORAGE_KEY,
} from './languages';

describe('getInitialLanguage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

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
    expect(getInitialLanguage('')).toBe(expected);
  });

  it.each([
    ['?lng=he', 'en', 'en-US', 'he'],
    ['?invite=abc&lng=en', 'he', 'he-IL', 'en'],
    ['?lng=HE', null, 'en-US', 'he'],
    ['?lng=fr', 'he', 'en-US', 'he'],
    ['?lng=', null, 'he-IL', 'he'],
  ])('the link %s (stored %s, browser %s) opens in %s', (search, stored, browser, expected) => {
    if (stored) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
    vi.stubGlobal('navigator', { ...navigator, language: browser });
    expect(getInitialLanguage(search)).toBe(expected);
  });

  it("keeps the link's language for the visit, not as the stored preference", () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(getInitialLanguage('?lng=he')).toBe('he');
    // The interview's next page (no ?lng= in its address) or a reload in the same tab.
    expect(getInitialLanguage('')).toBe('he');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    // A new visit (another tab: a fresh sessionStorage) follows the preference again.
    window.sessionStorage.clear();
    expect(getInitialLanguage('')).toBe('en');
  });

  it('a language chosen in the menu replaces the one the link chose', () => {
    expect(getInitialLanguage('?lng=he')).toBe('he');
    storeLanguage('en');
    expect(window.sessionStorage.getItem(VISIT_LANGUAGE_STORAGE_KEY)).toBeNull();
    expect(getInitialLanguage('')).toBe('en');
  });
});

describe('readLinkLanguage', () => {
  it.each([
    ['?lng=he', 'he'],
    ['?lng=en&demo=1', 'en'],
    ['?lng=de', null],
    ['', null],
  ])('%s → %s', (search, expected) => {
    expect(readLinkLanguage(search)).toBe(expected);
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
