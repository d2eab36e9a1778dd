// `npm test`: every layer, stopping at the first failure:
// system packages → (typecheck → domain unit tests) alongside (lint → dead code (knip) → import
// circles (madge) → i18n check) → (server tests) alongside (web tests → build) → e2e. Two lanes
// run at once (each is one process on one core); a lane's output is printed when each of its
// steps ends, so it never interleaves.
// Ends with one plain line "N passed, N flaky, N failed, N skipped" summed over every test
// runner. A flaky e2e test (failed, then passed on CI's retry) fails the run and is named: a test
// that passes only sometimes is a defect to fix, not a pass.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reportsDir = path.join(root, '.test-reports');
rmSync(reportsDir, { recursive: true, force: true });
mkdirSync(reportsDir, { recursive: true });

const workspaces = ['packages/domain', 'apps/server', 'apps/web'];
const vitestReport = (workspace) => path.join(reportsDir, `${workspace.replace('/', '-')}.json`);
const e2eReport = path.join(reportsDir, 'e2e.json');

const vitestStep = (workspace) => [
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
];

/** Each entry is a step, or `{ lanes }`: lists of steps run one after another, lanes at once. */
const steps = [
  ['system packages', 'bash', ['scripts/system-deps.sh']],
  {
    lanes: [
      [['typecheck', 'npm', ['run', 'typecheck']], vitestStep('packages/domain')],
      [
        ['lint', 'npm', ['run', 'lint']],
        // Unused files, exports and dependencies (knip.json); a few seconds.
        ['dead code (knip)', 'npm', ['run', 'knip']],
        // Import circles, type-only imports included (madge), in the web app, server and domain.
        ['import circles (madge)', 'npm', ['run', 'cycles']],
        ['i18n check', 'npm', ['run', 'i18n:check']],
      ],
    ],
  },
  // Vitest runs one worker on two cores; the server and web suites each take one core at once.
  {
    lanes: [
      [vitestStep('apps/server')],
      [vitestStep('apps/web'), ['build', 'npm', ['run', 'build']]],
    ],
  },
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

/** Runs one step with its output on the terminal; resolves with its exit status. */
function runInline([name, command, args, options = {}]) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    cwd: options.cwd ?? root,
    env: { ...process.env, ...options.env },
  });
  return result.status ?? 1;
}

/** Runs one step with its output captured, printed in one piece when it ends. */
function runCaptured([name, command, args, options = {}]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? root,
      env: { ...process.env, ...options.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n▶ ${name}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

function report(name, status, stepStarted) {
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
  if (status !== 0) console.error(`\n✖ ${name} failed after ${seconds}s`);
  else console.log(`✔ ${name} (${seconds}s)`);
}

/** The lane's steps one after another, stopping at the first failure. */
async function runLane(lane) {
  for (const step of lane) {
    const stepStarted = Date.now();
    const status = await runCaptured(step);
    report(step[0], status, stepStarted);
    if (status !== 0) return status;
  }
  return 0;
}

const started = Date.now();
let exitCode = 0;
for (const step of steps) {
  if (!Array.isArray(step)) {
    const statuses = await Promise.all(step.lanes.map(runLane));
    exitCode = statuses.find((status) => status !== 0) ?? 0;
  } else {
    const stepStarted = Date.now();
    const status = runInline(step);
    report(step[0], status, stepStarted);
    exitCode = status;
  }
  if (exitCode !== 0) break;
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
