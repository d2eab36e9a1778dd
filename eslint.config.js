// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Dependency direction (docs/architecture.md): domain imports nothing of ours; the web app's
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
 * Server modules in layers (docs/architecture.md "Layers"): a module imports its own layer and
 * the layers below it, never one above. Side effects that belong to a higher layer (webhooks,
 * notification e-mails) listen to domain events (`lib/domain-events.ts`) instead of being
 * imported by the module that writes. Every folder of apps/server/src/modules must be placed
 * here (a new module without a layer fails the lint).
 */
const SERVER_MODULES_DIR = './apps/server/src/modules';
const SERVER_LAYERS = [
  ['outbox', 'realtime', 'covers', 'health'], // platform
  ['auth', 'users', 'activities'], // accounts and organisations, and who did what
  ['jobs', 'templates', 'departments', 'applicant-records', 'question-library', 'consent'], // what a recruiter sets up, and the applicant rows it gathers
  ['applicants', 'interview-uploads', 'media-checks', 'accommodations', 'invitations', 'uploads'], // the interview
  ['review', 'sharing', 'retention', 'application-status', 'notifications', 'insights'], // reviewing, telling people, the figures
  ['integrations', 'logs'], // API keys and webhooks; the log records (nothing imports either)
];
/**
 * Imports that run up the layers, by importing module, then imported module and its files: none
 * is left (docs/architecture.md, "Server modules in layers"). A known debt may be listed here
 * with its way out in that page, and the list may only shrink.
 */
/** @type {Record<string, Record<string, string[]>>} */
const LAYER_EXCEPTIONS = {};
const layeredFolders = readdirSync(new URL(SERVER_MODULES_DIR, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unplaced = layeredFolders.filter((name) => !SERVER_LAYERS.flat().includes(name));
if (unplaced.length > 0) {
  throw new Error(`eslint.config.js: place these server modules in SERVER_LAYERS: ${unplaced}`);
}
const serverLayerZones = SERVER_LAYERS.flatMap((layer, index) =>
  layer.flatMap((name) =>
    SERVER_LAYERS.slice(index + 1)
      .flat()
      .map((above) => ({
        target: `${SERVER_MODULES_DIR}/${name}`,
        from: `${SERVER_MODULES_DIR}/${above}`,
        except: (LAYER_EXCEPTIONS[name]?.[above] ?? []).map((file) => `./${file}`),
        message: `modules/${name} sits below modules/${above} in the layer order (docs/architecture.md "Layers"): import downward, or publish a domain event`,
      })),
  ),
);

/**
 * One owner per table (docs/architecture.md "Who owns which table"): each table
 * of apps/server/src/db/schema is read and written only by the module that owns it; other
 * modules call that module's exported functions (or its `*.joins.ts` pieces inside a
 * one-statement read). Every other server file may import from db/schema only what is not a
 * table (row types such as StoredAnswer). Tests are free to check the rows they cause.
 */
const TABLE_OWNERS = {
  users: ['users', 'organizations'],
  departments: ['departments'],
  auth: ['refreshTokens', 'oneTimeCodes'],
  jobs: ['jobs', 'jobReviewers'],
  templates: ['templates'],
  'question-library': ['savedQuestions'],
  'applicant-records': ['applicants', 'notes', 'timelineEvents'],
  'interview-uploads': ['uploads', 'recordingTakes'],
  accommodations: ['accommodations'],
  'media-checks': ['mediaChecks'],
  activities: ['activities'],
  logs: ['logRecords'],
  outbox: ['mailQueue'],
  integrations: ['apiKeys', 'webhookEndpoints', 'webhookDeliveries'],
  retention: ['storagePurges'],
  sharing: ['shareLinks', 'shareLinkApplicants'],
  applicants: ['applicantResumeCodes'],
  insights: ['insightJobDays', 'insightOrgDays', 'insightDepartmentDays'],
  consent: ['consentNotices'],
};
/**
 * Tables a module uses beside their owner, a known debt with its way out in docs/architecture.md
 * ("Who owns which table"); the list may only shrink. Review's own statements (the list, status
 * changes, notes, ratings, deletion) still read and write the applicant tables directly.
 */
const TABLE_CO_USERS = {
  review: ['applicants', 'notes', 'timelineEvents'],
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
  'media-checks',
  'integrations',
  'retention',
  'sharing',
  'insights',
  'saved-questions',
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
  'review',
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
        ALL_TABLES.filter(
          (table) =>
            !(TABLE_OWNERS[name] ?? []).includes(table) &&
            !(TABLE_CO_USERS[name] ?? []).includes(table),
        ),
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
      // Made by packages/api-client/scripts/generate.mjs from the OpenAPI document.
      'packages/api-client/src/schema.gen.ts',
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
        {
          zones: [
            ...webZones,
            ...backofficeZones,
            ...domainZones,
            ...serverZones,
            ...serverLayerZones,
          ],
        },
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
              message: 'packages/domain imports only zod (docs/architecture.md)',
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
