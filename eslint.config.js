// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Dependency direction (CONVENTIONS §1): domain imports nothing of ours; the web app's
 * common/ is imported by features, features by app/, and the two product parts
 * (interview/ and backoffice/) never import each other. A forbidden import fails `npm test`.
 */
const webZones = [
  {
    target: './apps/web/src/common',
    from: './apps/web/src/app',
    message: 'common/ must not import app/',
  },
  {
    target: './apps/web/src/common',
    from: './apps/web/src/backoffice',
    message: 'common/ must not import features',
  },
  {
    target: './apps/web/src/common',
    from: './apps/web/src/interview',
    message: 'common/ must not import features',
  },
  {
    target: './apps/web/src/interview',
    from: './apps/web/src/backoffice',
    message: 'interview/ must not import backoffice/',
  },
  {
    target: './apps/web/src/backoffice',
    from: './apps/web/src/interview',
    message: 'backoffice/ must not import interview/',
  },
  {
    target: './apps/web/src/backoffice',
    from: './apps/web/src/app',
    message: 'features must not import app/',
  },
  {
    target: './apps/web/src/interview',
    from: './apps/web/src/app',
    message: 'features must not import app/',
  },
];
/**
 * Back-office features (every folder of apps/web/src/backoffice but common/) import only
 * common/ folders: what two features share lives in backoffice/common/ (or src/common/ when the
 * candidate side needs it too), so no feature depends on another and no cycle forms between them.
 */
const BACKOFFICE_DIR = './apps/web/src/backoffice';
const backofficeFeatures = readdirSync(new URL(BACKOFFICE_DIR, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory() && entry.name !== 'common')
  .map((entry) => entry.name);
const backofficeZones = [
  ...backofficeFeatures.map((feature) => ({
    target: `${BACKOFFICE_DIR}/${feature}`,
    from: BACKOFFICE_DIR,
    except: [`./${feature}`, './common'],
    message: `backoffice/${feature} may import only its own files and common/, not another feature (move what they share to backoffice/common/)`,
  })),
  {
    target: `${BACKOFFICE_DIR}/common`,
    from: BACKOFFICE_DIR,
    except: ['./common'],
    message: 'backoffice/common/ must not import features',
  },
];
const domainZones = [
  { target: './packages/domain', from: './apps', message: 'domain imports nothing of the apps' },
];
const serverZones = [
  {
    target: './apps/server/src/plugins',
    from: './apps/server/src/modules',
    message: 'plugins are registered before modules and must not import them',
  },
  {
    target: './apps/server/src/storage',
    from: './apps/server/src/modules',
    message: 'storage must not import modules',
  },
  {
    target: './apps/server/src/mail',
    from: './apps/server/src/modules',
    message: 'mail must not import modules',
  },
  {
    target: './apps/server/src/db',
    from: './apps/server/src/modules',
    message: 'db must not import modules',
  },
  { target: './apps/server', from: './apps/web', message: 'apps must not import each other' },
  { target: './apps/web', from: './apps/server', message: 'apps must not import each other' },
];

/**
 * One owner per table (CONVENTIONS §1a, docs/architecture.md "Who owns which table"): each table
 * of apps/server/src/db/schema is read and written only by the module that owns it; other
 * modules call that module's exported functions (or its `*.joins.ts` pieces inside a
 * one-statement read). Every other server file may import from db/schema only what is not a
 * table (row types such as StoredAnswer). Tests are free to check the rows they cause.
 */
const TABLE_OWNERS = {
  users: ['users', 'organizations'],
  departments: ['departments'],
  auth: ['refreshTokens', 'oneTimeCodes'],
  jobs: ['jobs'],
  templates: ['templates'],
  review: ['applicants', 'notes', 'timelineEvents'],
  'interview-uploads': ['uploads', 'recordingTakes'],
  accommodations: ['accommodations'],
  activities: ['activities'],
  records: ['logRecords'],
  outbox: ['mailQueue'],
  integrations: ['apiKeys', 'webhookEndpoints', 'webhookDeliveries'],
  retention: ['storagePurges'],
  sharing: ['shareLinks', 'shareLinkApplicants'],
};
const ALL_TABLES = Object.values(TABLE_OWNERS).flat();
const SCHEMA_FILES = [
  'organizations',
  'users',
  'auth',
  'jobs',
  'templates',
  'applicants',
  'uploads',
  'records',
  'mail',
  'accommodations',
  'integrations',
  'retention',
  'sharing',
];

/** no-restricted-imports options forbidding the tables in `forbidden` from db/schema. */
function schemaImportRule(forbidden, owner) {
  return [
    'error',
    {
      patterns: [
        {
          group: ['**/db/schema', '**/db/schema/index'],
          importNames: forbidden,
          message: owner
            ? `modules/${owner} does not own this table: call its owning module's exported functions (docs/architecture.md "Who owns which table")`
            : 'only the owning module reads or writes this table: call its exported functions (docs/architecture.md "Who owns which table")',
        },
        {
          group: SCHEMA_FILES.map((file) => `**/db/schema/${file}`),
          message: 'import tables from db/schema (the index), where ownership is checked',
        },
      ],
    },
  ];
}

const serverModules = [
  ...Object.keys(TABLE_OWNERS),
  'applicants',
  'application-status',
  'covers',
  'health',
  'invitations',
  'realtime',
  'uploads',
];
const tableOwnership = [
  ...serverModules.map((name) => ({
    files: [`apps/server/src/modules/${name}/**/*.ts`],
    rules: {
      'no-restricted-imports': schemaImportRule(
        ALL_TABLES.filter((table) => !(TABLE_OWNERS[name] ?? []).includes(table)),
        name,
      ),
    },
  })),
  {
    files: [
      'apps/server/src/cli/**/*.ts',
      'apps/server/src/plugins/**/*.ts',
      'apps/server/src/policies/**/*.ts',
      'apps/server/src/storage/**/*.ts',
      'apps/server/src/mail/**/*.ts',
      'apps/server/src/lib/**/*.ts',
      'apps/server/src/*.ts',
    ],
    rules: { 'no-restricted-imports': schemaImportRule(ALL_TABLES, null) },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'e2e/.fixtures/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/*/tsconfig.json',
            'packages/*/tsconfig.json',
            'e2e/tsconfig.json',
            'scripts/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...webZones, ...backofficeZones, ...domainZones, ...serverZones] },
      ],
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                'fs',
                'path',
                'react',
                'react-dom',
                'drizzle-orm',
                'drizzle-orm/*',
                'fastify',
                '@candid/*',
              ],
              message: 'packages/domain imports only zod (CONVENTIONS §1)',
            },
          ],
        },
      ],
    },
  },
  ...tableOwnership,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
