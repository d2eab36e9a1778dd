// `npm test`: every layer, in order, stopping at the first failure:
// system packages → typecheck → lint → dead code (knip) → i18n check → unit and integration →
// build → e2e.
// Ends with one plain line "N passed, N flaky, N failed, N skipped" summed over every test
// runner. A flaky e2e test (failed, then passed on CI's retry) fails the run and is named: a test
// that passes only sometimes is a defect to fix, not a pass.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reportsDir = path.join(root, '.test-reports');
rmSync(reportsDir, { recursive: true, force: true });
mkdirSync(reportsDir, { recursive: true });

const workspaces = ['packages/domain', 'apps/server', 'apps/web'];
const vitestReport = (workspace) => path.join(reportsDir, `${workspace.replace('/', '-')}.json`);
const e2eReport = path.join(reportsDir, 'e2e.json');

const steps = [
  ['system packages', 'bash', ['scripts/system-deps.sh']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  // Unused files, exports and dependencies (knip.json); a few seconds.
  ['dead code (knip)', 'npm', ['run', 'knip']],
  ['i18n check', 'npm', ['run', 'i18n:check']],
  ...workspaces.map((workspace) => [
    `unit and integration tests (${workspace})`,
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${vitestReport(workspace)}`,
    ],
    { cwd: path.join(root, workspace) },
  ]),
  ['build', 'npm', ['run', 'build']],
  [
    'e2e tests (Chromium)',
    'npm',
    ['run', 'test:e2e'],
    { env: { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport } },
  ],
];

/** Titles of the e2e tests that failed first and passed on retry, from Playwright's JSON report. */
function flakyTitles(report) {
  const titles = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'flaky') titles.push([...path, spec.title].join(' › '));
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return titles;
}

function summarise() {
  const totals = { passed: 0, flaky: 0, failed: 0, skipped: 0, flakyTitles: [] };
  for (const workspace of workspaces) {
    if (!existsSync(vitestReport(workspace))) continue;
    const report = JSON.parse(readFileSync(vitestReport(workspace), 'utf8'));
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  if (existsSync(e2eReport)) {
    const report = JSON.parse(readFileSync(e2eReport, 'utf8'));
    const { stats } = report;
    totals.passed += stats?.expected ?? 0;
    totals.flaky += stats?.flaky ?? 0;
    totals.failed += stats?.unexpected ?? 0;
    totals.skipped += stats?.skipped ?? 0;
    totals.flakyTitles = flakyTitles(report);
  }
  return totals;
}

const started = Date.now();
let exitCode = 0;
for (const [name, command, args, options = {}] of steps) {
  const stepStarted = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    cwd: options.cwd ?? root,
    env: { ...process.env, ...options.env },
  });
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s`);
    exitCode = result.status ?? 1;
    break;
  }
  console.log(`✔ ${name} (${seconds}s)`);
}
const totals = summarise();
if (totals.flakyTitles.length > 0) {
  console.error('\n✖ flaky e2e tests (failed, then passed on retry):');
  for (const title of totals.flakyTitles) console.error(`  - ${title}`);
}
if (exitCode === 0 && (totals.failed > 0 || totals.flaky > 0)) exitCode = 1;
console.log(
  `\n${exitCode === 0 ? 'All checks passed' : 'Checks failed'} in ${((Date.now() - started) / 1000).toFixed(0)}s`,
);
console.log(
  `${totals.passed} passed, ${totals.flaky} flaky, ${totals.failed} failed, ${totals.skipped} skipped`,
);
process.exit(exitCode);
