/**
 * Pure helpers of the i18n check (scripts/i18n-check.ts): flattening the locale files and
 * finding the keys the code uses. No file access here, so they are unit-tested with the app.
 */

export interface FlattenResult {
  /** Dotted key → leaf value (a string in a valid locale file). */
  entries: Map<string, unknown>;
  /** Keys written twice, e.g. both `"a.b"` and `{ "a": { "b" } }`. */
  duplicates: string[];
}

/** Flattens nested locale JSON into dotted keys: `{ a: { b: 'x' } }` → `a.b = 'x'`. */
export function flattenMessages(messages: unknown, prefix = ''): FlattenResult {
  const entries = new Map<string, unknown>();
  const duplicates: string[] = [];
  const visit = (value: unknown, path: string) => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(value)) visit(child, path ? `${path}.${key}` : key);
      return;
    }
    if (entries.has(path)) duplicates.push(path);
    entries.set(path, value);
  };
  visit(messages, prefix);
  return { entries, duplicates };
}

/** Keys whose value is not a non-empty string (empty, whitespace, number, array, null). */
export function findEmptyValues(entries: Map<string, unknown>): string[] {
  return [...entries]
    .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
    .map(([key]) => key);
}

/** Keys in `a` and not in `b`. */
export function missingFrom(a: Iterable<string>, b: { has(key: string): boolean }): string[] {
  return [...a].filter((key) => !b.has(key)).sort();
}

/**
 * Whether a used key resolves: the key itself, or its plural forms (`key_one`, `key_other`)
 * which i18next picks when the call passes `count`.
 */
export function hasKey(keys: { has(key: string): boolean }, key: string): boolean {
  return keys.has(key) || keys.has(`${key}_one`) || keys.has(`${key}_other`);
}

const QUOTE = `(['"\`])`;
const LITERAL = `([^'"\`$\\s{}()]+)`;

/**
 * The patterns recognised as literal keys in code:
 * 1. `t('key')`, `i18n.t("key")`, t(`key`) (a template literal without `${}`): a call of a
 *    function named `t`;
 * 2. `i18nKey="key"` and `i18nKey={'key'}` (JSX attribute, e.g. `<Trans i18nKey>`);
 * 3. `titleKey: 'key'` and any other property or attribute whose name ends in `Key`
 *    (`labelKey`, `messageKey`, …) or is exactly `key`, when the value is dotted like an i18n
 *    key (`key: 'alerts.noPermission'`); React's `key=` with dotted values and `queryKey`/
 *    `mutationKey` arrays do not match (arrays are not string literals; dots are required).
 * Keys built at run time (t(`status.${code}`), t(variable)) are not found; the keys they can
 * produce come from DOMAIN_I18N_KEYS, which the check requires separately.
 */
const KEY_PATTERNS: readonly RegExp[] = [
  new RegExp(`(?<![\\w$])t\\(\\s*${QUOTE}${LITERAL}\\1`, 'g'),
  new RegExp(`\\bi18nKey=\\{?\\s*${QUOTE}${LITERAL}\\1`, 'g'),
  new RegExp(`\\b(?:key|\\w*Key)\\s*:\\s*${QUOTE}([\\w-]+(?:\\.[\\w-]+)+)\\1`, 'g'),
];

/**
 * Block comments opening after whitespace (so `'image/*'` is not one) and whole-line `//`
 * comments: their examples (t('key')) are not uses.
 */
const COMMENTS = /(?<=^|\s)\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;

/** The literal i18n keys a source file uses (see KEY_PATTERNS for what is recognised). */
export function extractKeysFromSource(source: string): string[] {
  const code = source.replace(COMMENTS, '');
  const keys = new Set<string>();
  for (const pattern of KEY_PATTERNS) {
    for (const match of code.matchAll(pattern)) {
      const key = match[2];
      if (key) keys.add(key);
    }
  }
  return [...keys].sort();
}
