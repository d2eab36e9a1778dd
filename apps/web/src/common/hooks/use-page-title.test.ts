import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/test-i18n';
import { formatPageTitle } from './use-page-title';

describe('formatPageTitle (product name, plus " | " and the route title)', () => {
  it.each([
    ['en', undefined, 'Candid'],
    ['en', 'pageTitles.login', 'Candid | Log in'],
    ['en', 'pageTitles.notFound', 'Candid | Page not found'],
    ['he', undefined, 'Candid'],
    ['he', 'pageTitles.login', 'Candid | התחברות'],
  ] as const)('%s, %s → %s', (language, titleKey, expected) => {
    expect(formatPageTitle(createTestI18n(language).t, titleKey)).toBe(expected);
  });
});
