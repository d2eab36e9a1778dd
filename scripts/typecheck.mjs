// `npm run typecheck`: every TypeScript project of the repository, checked by TypeScript 7 (the
// native compiler, installed as `typescript-7`), which checks the whole repository in about a
// fifth of TypeScript 5's time and CPU (docs/testing.md). TypeScript 5 (`typescript`) stays
// installed for the tools that need its JavaScript API: typescript-eslint, madge and knip.
// Both packages name their binary `tsc`, so which one `node_modules/.bin/tsc` is depends on the
// install: this script runs TypeScript 7 by its path instead.
// Usage: node scripts/typecheck.mjs [project folder ...] (default: all of them).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const require = createRequire(import.meta.url);
const tsc = path.join(path.dirname(require.resolve('typescript-7/package.json')), 'bin', 'tsc');

const PROJECTS = [
  'packages/domain',
  'apps/server',
  'packages/api-client',
  'apps/web',
  'e2e',
  'scripts',
];
const projects = process.argv.length > 2 ? process.argv.slice(2) : PROJECTS;

// The typed client's types are generated from the OpenAPI document (packages/api-client).
if (projects.includes('packages/api-client')) {
  const generated = spawnSync('node', ['scripts/generate.mjs', '--if-missing'], {
    cwd: path.join(root, 'packages/api-client'),
    stdio: 'inherit',
  });
  if (generated.status !== 0) process.exit(generated.status ?? 1);
}

let failed = false;
for (const project of projects) {
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(project, 'tsconfig.json')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`typecheck: ${project} has type errors`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
