// `npm test`: every layer, stopping at the first failure:
// system packages → the OpenAPI document and typed client → the production build → one pool,
// three steps at a time on two cores: the e2e lane (e2e in Chromium, then e2e scaled out: three
// processes behind nginx, skipped, saying why, without its services) beside the checks and unit
// suites (typecheck, lint (ESLint and Prettier), the server's and the web app's tests, the
// domain's tests, dead code (knip), import circles (madge), the i18n check, the OpenAPI lint). A
// slot that finishes takes the next step waiting, so none waits while work is left. The e2e suite
// alone leaves about a third of its two cores idle (its specs wait on real time: a one-minute
// answer, an outage); beside the checks that time is used (1,058 s for the whole run where the
// e2e suite after the checks took 1,232; docs/performance.md, "The whole npm test").
// Each step's output is printed in one piece when it ends, so it never interleaves.
// Ends with one plain line "N passed, N flaky, N failed, N skipped" summed over every test
// runner. Under CI a failed test runs once more (Vitest's --retry, Playwright's retries): a test
// that fails twice fails the run; one that passes on its retry is flaky, named in the summary
// (docs/testing.md says what to do with it) without failing the run, so one slow moment on a
// loaded machine does not throw away a whole run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reportsDir = path.join(root, '.test-reports');
rmSync(reportsDir, { recursive: true, force: true });
mkdirSync(reportsDir, { recursive: true });

const workspaces = ['packages/domain', 'apps/server', 'apps/web'];
const vitestReport = (workspace) => path.join(reportsDir, `${workspace.replace('/', '-')}.json`);
const vitestFlaky = (workspace) =>
  path.join(reportsDir, `${workspace.replace('/', '-')}-flaky.json`);
const flakyReporter = path.join(root, 'scripts', 'vitest-flaky-reporter.mjs');
const e2eReport = path.join(reportsDir, 'e2e.json');
const scaleOutReport = path.join(reportsDir, 'e2e-scale-out.json');

/**
 * On CI the server suite runs on Node 24, the active LTS line, and its runtime-sensitive files
 * again on Node 22 (scripts/test-node-lts.sh); the web app, the domain and the e2e run (whose
 * server is the built one) stay on the machine's Node. Node 24 ran the server suite in 311 CPU-s
 * where Node 20 took 368–377 (docs/performance.md), and the files that ran on 20, 22 and 24
 * now run on two lines, the supported ones (Node 20 has reached its end of life).
 */
const SERVER_NODE = process.env.CI ? '24' : null;
const nodeDir = (major) => path.join(reportsDir, `node-${major}`);

/** A workspace's Vitest run, on the Node line `node` (fetched before the pool) when given. */
const vitestStep = (workspace, node = null) => [
  `unit and integration tests (${workspace}${node ? `, Node ${node}` : ''})`,
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--reporter=${flakyReporter}`,
    `--outputFile=${vitestReport(workspace)}`,
    ...(process.env.CI ? ['--retry=1'] : []),
  ],
  {
    cwd: path.join(root, workspace),
    env: {
      ...(node
        ? {
            PATH: `${path.join(nodeDir(node), 'package', 'bin')}${path.delimiter}${process.env.PATH}`,
          }
        : {}),
      VITEST_FLAKY_OUTPUT: vitestFlaky(workspace),
    },
  },
];

/** The scaled-out run's own Redis database: its API processes' rate-limit counters (one budget
 * per IP, 127.0.0.1 here) must not be the ones the server tests running beside it count. */
function scaleOutRedisUrl() {
  if (!process.env.REDIS_URL) return {};
  const url = new URL(process.env.REDIS_URL);
  if (url.pathname === '' || url.pathname === '/') url.pathname = '/1';
  return { REDIS_URL: url.toString() };
}

/** The e2e lane: one slot of the pool, its two steps one after the other. */
const e2eLane = {
  lane: [
    [
      'e2e tests (Chromium)',
      'npm',
      ['run', 'test:e2e'],
      { env: { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport } },
    ],
    // The deploy recipe run for real (docs/deploy.md): three processes behind nginx on
    // PostgreSQL, Redis and moto. Its tests skip, saying what is missing, when one is not here.
    [
      'e2e tests, scaled out (three processes behind nginx)',
      'npx',
      ['playwright', 'test', '-c', 'playwright.scale-out.config.ts'],
      {
        cwd: path.join(root, 'e2e'),
        env: { PLAYWRIGHT_JSON_OUTPUT_FILE: scaleOutReport, ...scaleOutRedisUrl() },
      },
    ],
  ],
};

/**
 * Each entry is a step, or `{ pool }`: steps (or lanes, steps run one after another) the slots
 * take in turn, in this order: the e2e lane, the longest, first; then the quick checks, so a type
 * or lint error shows within minutes; the long suites next; the short steps last, filling
 * whichever slot frees up first.
 */
const steps = [
  ['system packages', 'bash', ['scripts/system-deps.sh']],
  // The OpenAPI document the server serves, written without a port, and the typed client's
  // types made from it (packages/api-client), before anything type-checks against them.
  ['OpenAPI document and typed client', 'npm', ['run', 'build', '-w', 'packages/api-client']],
  // The production build, before the pool: the e2e runs use it, and the server's lifecycle tests
  // (`npm start`, on Node 24 and again on 22 in the pool under CI) then find it fresh instead of
  // building the web app themselves, two builds writing one dist folder at once.
  ['build', 'npm', ['run', 'build']],
  ...(SERVER_NODE
    ? [
        [
          `Node ${SERVER_NODE} for the server suite`,
          'bash',
          ['scripts/fetch-node.sh', SERVER_NODE, nodeDir(SERVER_NODE)],
        ],
      ]
    : []),
  {
    pool: [
      e2eLane,
      ['typecheck', 'npm', ['run', 'typecheck']],
      ['lint', 'npm', ['run', 'lint']],
      vitestStep('apps/server', SERVER_NODE),
      vitestStep('apps/web'),
      vitestStep('packages/domain'),
      // Unused files, exports and dependencies (knip.json); a few seconds.
      ['dead code (knip)', 'npm', ['run', 'knip']],
      // Import circles, type-only imports included (madge), in the web app, server and domain.
      ['import circles (madge)', 'npm', ['run', 'cycles']],
      ['i18n check', 'npm', ['run', 'i18n:check']],
      // Redocly's recommended rules on that document: 0 errors; a warning kept is off in redocly.yaml.
      ['OpenAPI lint (Redocly)', 'npm', ['run', 'openapi:lint']],
      // On CI, the runtime-sensitive server tests again on the other LTS line (a binary from the
      // npm registry): last in the pool, it fills whichever slot frees up first.
      ...(process.env.CI
        ? [['server tests on Node 22', 'bash', ['scripts/test-node-lts.sh', '22']]]
        : []),
    ],
  },
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
    if (existsSync(vitestFlaky(workspace))) {
      const titles = JSON.parse(readFileSync(vitestFlaky(workspace), 'utf8'));
      // Vitest counts them among the passed; the summary counts them once, as flaky.
      totals.passed -= titles.length;
      totals.flaky += titles.length;
      totals.flakyTitles.push(...titles);
    }
  }
  for (const file of [e2eReport, scaleOutReport]) {
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const { stats } = report;
    totals.passed += stats?.expected ?? 0;
    totals.flaky += stats?.flaky ?? 0;
    totals.failed += stats?.unexpected ?? 0;
    totals.skipped += stats?.skipped ?? 0;
    totals.flakyTitles.push(...flakyTitles(report));
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

/** The pool's steps running now, each the leader of its own process group. */
const running = new Set();

/** Stops every step still running (its whole process group: npm, Vitest, Chromium, servers). */
function stopRunning() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // It has just ended.
    }
  }
}

// Detached steps do not get the terminal's Ctrl-C: pass it (or a SIGTERM) on.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopRunning();
    process.exit(130);
  });
}

/** Runs one step with its output captured, printed in one piece when it ends. */
function runCaptured([name, command, args, options = {}]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? root,
      env: { ...process.env, ...options.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child);
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(child);
      process.stdout.write(`\n▶ ${name}${signal ? ` (stopped: ${signal})` : ''}\n`);
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

/**
 * Steps at once. Each check or suite is one process on one core (Vitest runs one worker on two
 * cores); the e2e lane, two browsers that often wait on real time, used 869 CPU-s in 685 s alone,
 * about 1.3 of the two cores. So while it runs, two more steps beside it keep both cores busy;
 * with one (two slots in all) the cores were idle for a seventh of the run.
 */
const SLOTS = 3;

/**
 * Runs the steps in `SLOTS` slots: each slot takes the next step waiting when it is free. After
 * a failure no new step starts and the ones running are stopped (the e2e lane would otherwise
 * hold the failure back for minutes). Resolves with the first failure's status (0 when every
 * step passed).
 */
async function runPool(pool) {
  const waiting = [...pool];
  let failure = 0;
  const slot = async () => {
    while (failure === 0 && waiting.length > 0) {
      const entry = waiting.shift();
      for (const step of entry.lane ?? [entry]) {
        if (failure !== 0) break;
        const stepStarted = Date.now();
        const status = await runCaptured(step);
        if (failure !== 0) break; // stopped because another step failed: that one is reported
        report(step[0], status, stepStarted);
        if (status !== 0) {
          failure = status;
          stopRunning();
        }
      }
    }
  };
  await Promise.all(Array.from({ length: SLOTS }, slot));
  return failure;
}

const started = Date.now();
let exitCode = 0;
for (const step of steps) {
  if (!Array.isArray(step)) {
    exitCode = await runPool(step.pool);
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
  console.error('\n⚠ flaky tests (failed, then passed on retry; see docs/testing.md):');
  for (const title of totals.flakyTitles) console.error(`  - ${title}`);
}
if (exitCode === 0 && totals.failed > 0) exitCode = 1;
console.log(
  `\n${exitCode === 0 ? 'All checks passed' : 'Checks failed'} in ${((Date.now() - started) / 1000).toFixed(0)}s`,
);
console.log(
  `${totals.passed} passed, ${totals.flaky} flaky, ${totals.failed} failed, ${totals.skipped} skipped`,
);
process.exit(exitCode);
