/**
 * i18n check: run from the repository root with `tsx scripts/i18n-check.ts`.
 * Exits 1, listing every problem, when
 * - en.json and he.json (apps/web/src/locales, nested JSON read as dotted keys) differ in keys,
 *   write a key twice, or hold an empty or non-string value;
 * - a literal key used in apps/web/src is missing (recognised patterns: see KEY_PATTERNS in
 *   apps/web/src/common/i18n/i18n-keys.ts — t('…'), i18nKey="…", titleKey: '…', key: 'a.b');
 * - a key the domain hands to the UIs (DOMAIN_I18N_KEYS of @candid/domain) is missing.
 * Test files (*.test.ts, *.test.tsx) are not scanned.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMAIN_I18N_KEYS } from '@candid/domain';
import {
  extractKeysFromSource,
  findEmptyValues,
  flattenMessages,
  hasKey,
  missingFrom,
} from '../apps/web/src/common/i18n/i18n-keys';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WEB_SRC = join(ROOT, 'apps/web/src');
const LOCALES = ['en', 'he'] as const;

function listSourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listSourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const problems: string[] = [];
const report = (title: string, items: readonly string[]) => {
  if (items.length > 0)
    problems.push(`${title} (${items.length}):\n${items.map((i) => `  - ${i}`).join('\n')}`);
};

const locales = Object.fromEntries(
  LOCALES.map((lang) => {
    const file = join(WEB_SRC, 'locales', `${lang}.json`);
    const { entries, duplicates } = flattenMessages(JSON.parse(readFileSync(file, 'utf8')));
    report(`${lang}.json: keys written twice`, duplicates);
    report(`${lang}.json: empty or non-string values`, findEmptyValues(entries));
    return [lang, entries];
  }),
) as Record<(typeof LOCALES)[number], Map<string, unknown>>;

report('in en.json, missing from he.json', missingFrom(locales.en.keys(), locales.he));
report('in he.json, missing from en.json', missingFrom(locales.he.keys(), locales.en));

const usedKeys = new Map<string, string[]>();
for (const file of listSourceFiles(WEB_SRC)) {
  for (const key of extractKeysFromSource(readFileSync(file, 'utf8'))) {
    usedKeys.set(key, [...(usedKeys.get(key) ?? []), relative(ROOT, file)]);
  }
}
for (const lang of LOCALES) {
  report(
    `used in code, missing from ${lang}.json`,
    [...usedKeys]
      .filter(([key]) => !hasKey(locales[lang], key))
      .map(([key, files]) => `${key}  (${files.join(', ')})`)
      .sort(),
  );
  report(
    `in DOMAIN_I18N_KEYS, missing from ${lang}.json`,
    DOMAIN_I18N_KEYS.filter((key) => !hasKey(locales[lang], key)),
  );
}

if (problems.length > 0) {
  console.error(`i18n check failed:\n\n${problems.join('\n\n')}`);
  process.exit(1);
}
console.log(
  `i18n check passed: ${locales.en.size} keys in en.json and he.json, ${usedKeys.size} literal keys used in code, ${DOMAIN_I18N_KEYS.length} domain keys.`,
);
