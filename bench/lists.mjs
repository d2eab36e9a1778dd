// The list calls (applicant overview and counts, job overview and counts, templates) at
// 100 k and 1 M applicants in one organisation (1 k and 10 k jobs): every overview filter and
// search through HTTP at concurrency 1 and 10 against the real API (buildApp), next to the raw
// SQL time of the statements the same request ran. The admin lists (accounts, records,
// activities) read 10 k and 100 k accounts in 1 k and 10 k organisations, 100 k and 1 M log
// records and as many activities. Targets: p95 ≤ 25 ms for page 1
// and ≤ 50 ms for every filter and search at 1 M and c=10; API ≤ 1.5× raw SQL; 1M/100k ≤ 1.5.
//
// PostgreSQL when BENCH_DATABASE_URL is set (a throwaway database is created next to it and
// dropped at the end), PGlite in a temporary folder otherwise. `npm run bench -- lists`.
// BENCH_SIZES=100000,1000000, BENCH_SECONDS (target seconds per measurement, default 3) and
// BENCH_ONLY (comma-separated parts of scenario names, e.g. `txt=`) change the run.
// BENCH_KEEP=<name> (PostgreSQL only) keeps the filled databases between runs: one database per
// size, `<name>_<size>`, created and filled on the first run, reused as they are (migrations
// applied) by the next; drop them yourself when done (`dropdb <name>_1000000`).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { register } from 'tsx/esm/api';

register();
const execFileAsync = promisify(execFile);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const serverRequire = createRequire(path.join(ROOT, 'apps/server/package.json'));
const pg = serverRequire('pg');
const { startBenchApp } = await import('./lib/bench-app.mjs');
const { openDatabase } = await import(path.join(ROOT, 'apps/server/src/db/client.ts'));
const { listPoolOptions } = await import(path.join(ROOT, 'apps/server/src/db/list-query.ts'));
const { assignReviewer, fill, fillAdmin, seed } = await import('./lib/list-fill.mjs');

const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const JOBS_PER_APPLICANTS = 100; // 1 k jobs at 100 k applicants, 10 k at 1 M

// ---------------------------------------------------------------------------------------------
// SQL capture: every statement the server sends while `capture` is an array is recorded, so the
// same statements can be timed on their own ("raw SQL").
let capture = null;
const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function captured(config, values, callback) {
  if (capture && !this.benchRaw) {
    if (typeof config === 'string')
      capture.push({ text: config, values: Array.isArray(values) ? values : [] });
    else if (config && typeof config.text === 'string')
      capture.push({
        // A named (prepared) statement is replayed by the same name, so its raw time, too,
        // runs on the cached plan.
        ...(config.name ? { name: `raw_${config.name}` } : {}),
        text: config.text,
        values: config.values ?? (Array.isArray(values) ? values : []),
      });
  }
  return pgQuery.call(this, config, values, callback);
};
/** PGlite: the instance's query method (drizzle calls it), patched once the database is open. */
function capturePglite(client) {
  const query = client.query.bind(client);
  client.query = (text, params, options) => {
    if (capture && !options?.benchRaw) capture.push({ text, values: params ?? [] });
    return query(text, params, options);
  };
}

// ---------------------------------------------------------------------------------------------
// The throwaway database.
async function createDatabase(size) {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const keep = adminUrl ? process.env.BENCH_KEEP : undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'candid-bench-lists-'));
  if (!adminUrl) {
    const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') });
    const client = handle.db.$client;
    capturePglite(client);
    return {
      kind: 'PGlite',
      handle,
      dataDir,
      run: (text, values = []) => client.query(text, values, { benchRaw: true }),
      exec: (text) => client.exec(text),
      drop: async () => {
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (keep && !/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error('BENCH_KEEP: a database name');
  const name = keep ? `${keep}_${size}` : `candid_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.benchRaw = true;
  await admin.connect();
  const { rowCount: exists } = await admin.query('select 1 from pg_database where datname = $1', [
    name,
  ]);
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ driver: 'postgres', url: url.toString() });
  const raw = new pg.Client({ connectionString: url.toString() });
  raw.benchRaw = true;
  await raw.connect();
  // The list statements' own time and plans are read on a connection set up as the app's list
  // pool is (listPoolOptions), so they are the app's plans.
  const listRaw = new pg.Client({ connectionString: url.toString(), ...listPoolOptions(60_000) });
  listRaw.benchRaw = true;
  await listRaw.connect();
  return {
    kind: 'PostgreSQL',
    handle,
    dataDir,
    url: url.toString(),
    run: (text, values = [], name = undefined) =>
      name ? raw.query({ name, text, values }) : raw.query(text, values),
    runList: (text, values = [], name = undefined) =>
      name ? listRaw.query({ name, text, values }) : listRaw.query(text, values),
    exec: (text) => raw.query(text),
    kept: Boolean(keep),
    drop: async () => {
      await raw.end();
      await listRaw.end();
      if (keep) return;
      const cleanup = new pg.Client({ connectionString: adminUrl });
      cleanup.benchRaw = true;
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring.

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One request through the API, with the statements it ran. */
async function captureStatements(baseUrl, token, url) {
  capture = [];
  const response = await fetch(baseUrl + url, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.json();
  const statements = capture;
  capture = null;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return { body, statements };
}

/**
 * `BENCH_EXPLAIN=1`: instead of loading the API, print each scenario's statements with their
 * plans (EXPLAIN ANALYZE, BUFFERS), the machine-independent part of a list's cost: shared
 * buffers read stay the same on a busy machine, where latencies do not.
 */
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';

async function explainStatements(db, name, statements) {
  process.stdout.write(`\n### ${name}\n`);
  for (const statement of statements) {
    if (!/^\s*(select|with)\b/iu.test(statement.text)) continue;
    const result = await (db.runList ?? db.run)(
      `explain (analyze, buffers, format text) ${statement.text}`,
      statement.values,
    );
    const lines = result.rows.map((row) => row['QUERY PLAN']);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

/** Raw SQL time (ms) of the statements one request ran, run one after the other: p50 of n runs. */
async function sqlTime(db, statements) {
  const reads = statements.filter((statement) => /^\s*(select|with)\b/iu.test(statement.text));
  if (reads.length < statements.length && !sqlTime.warned) {
    sqlTime.warned = true;
    const writes = statements.filter((statement) => !reads.includes(statement));
    process.stdout.write(
      `  (a request also wrote: ${writes.map((w) => w.text.slice(0, 60)).join('; ')}; SQL times its reads)\n`,
    );
  }
  const once = async () => {
    const started = performance.now();
    for (const statement of reads)
      await (db.runList ?? db.run)(statement.text, statement.values, statement.name);
    return performance.now() - started;
  };
  const first = await once();
  const runs = Math.max(3, Math.min(30, Math.ceil((SECONDS * 1000) / 2 / Math.max(first, 1))));
  const times = [];
  for (let i = 0; i < runs; i += 1) times.push(await once());
  times.sort((a, b) => a - b);
  return percentile(times, 50);
}

/**
 * autocannon at `connections`, a request count sized from the warm latency to last ~SECONDS, in
 * a child process (bench/lib/load-client.mjs): the server keeps its event loop to itself, and
 * this process's CPU per request is the server's alone.
 */
async function load(baseUrl, token, url, connections, warmMs, seconds = SECONDS) {
  const perSecond = (1000 / Math.max(warmMs, 0.5)) * Math.min(connections, 2);
  const amount = Math.max(connections * 3, Math.min(3000, Math.round(perSecond * seconds)));
  const cpuBefore = process.cpuUsage();
  const { stdout } = await execFileAsync(
    process.execPath,
    [
      path.join(ROOT, 'bench/lib/load-client.mjs'),
      JSON.stringify({
        url: baseUrl + url,
        connections,
        amount,
        headers: { authorization: `Bearer ${token}` },
      }),
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const cpu = process.cpuUsage(cpuBefore);
  const result = JSON.parse(stdout);
  // Failed requests (timeouts, 5xx) are counted and shown next to the latencies.
  const { times, failed } = result;
  times.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    rps: times.length / (result.duration || 1),
    cpuMs: (cpu.user + cpu.system) / 1000 / Math.max(times.length, 1),
    failed,
  };
}

function scenarios(ctx) {
  const base = '/api/job/applicant?currPage=1&itemsPerPage=30';
  return [
    { name: 'applicants page 1', url: base, page1: true },
    { name: 'applicants page 1,000', url: '/api/job/applicant?currPage=1000&itemsPerPage=30' },
    { name: 'applicants next (cursor)', url: null, cursorOf: base },
    // Infinite scroll 30,000 rows down: the keyset costs what page 1 costs.
    {
      name: 'applicants row 30,000 (cursor)',
      url: null,
      cursorOf: '/api/job/applicant?currPage=1000&itemsPerPage=30',
    },
    { name: 'applicantCount', url: '/api/job/applicantCount' },
    { name: 'statuses=3', url: `${base}&statuses=3` },
    { name: 'statuses=2,5,6', url: `${base}&statuses=2,5,6` },
    { name: 'daysAgo=7', url: `${base}&daysAgo=7` },
    { name: 'daysAgo=90', url: `${base}&daysAgo=90` },
    { name: 'incomplete=true', url: `${base}&incomplete=true` },
    { name: 'incomplete=false', url: `${base}&incomplete=false` },
    { name: 'showArchived', url: `${base}&showArchived=true` },
    { name: 'job scope', url: `${base}&jobId=${ctx.jobId}` },
    { name: 'txt=dav (name)', url: `${base}&txt=dav` },
    { name: 'txt=cohen (name)', url: `${base}&txt=cohen` },
    { name: 'txt=outlook (email)', url: `${base}&txt=outlook` },
    { name: 'txt=4417 (phone)', url: `${base}&txt=4417` },
    { name: 'txt=haifa (town)', url: `${base}&txt=haifa` },
    { name: 'txt=nurse (job)', url: `${base}&txt=nurse` },
    // An email's number: one applicant at 100 k, ten at 1 M (54321@, 154321@, …), as a
    // recruiter looking for one person searches.
    { name: 'txt=54321@ (one person)', url: `${base}&txt=54321%40` },
    { name: 'count txt=dav', url: '/api/job/applicantCount?txt=dav' },
    { name: 'jobs page 1', url: '/api/job?currPage=1&itemsPerPage=30', page1: true },
    // Page 30: 870 jobs down, a full page at 100 k (1,000 jobs) as at 1 M.
    { name: 'jobs page 30', url: '/api/job?currPage=30&itemsPerPage=30' },
    { name: 'jobs txt=developer', url: '/api/job?currPage=1&itemsPerPage=30&txt=developer' },
    { name: 'jobCount', url: '/api/job/jobCount' },
    { name: 'templates page 1', url: '/api/template?currPage=1', page1: true },
    // A reviewer on 5 of the jobs: their lists are those jobs' applicants only.
    { name: 'reviewer: applicants page 1', url: base, page1: true, reviewer: true },
    { name: 'reviewer: applicantCount', url: '/api/job/applicantCount', reviewer: true },
    { name: 'reviewer: txt=cohen', url: `${base}&txt=cohen`, reviewer: true },
    { name: 'reviewer: statuses=3', url: `${base}&statuses=3`, reviewer: true },
    {
      name: 'reviewer: jobs page 1',
      url: '/api/job?currPage=1&itemsPerPage=30',
      page1: true,
      reviewer: true,
    },
    { name: 'reviewer: jobCount', url: '/api/job/jobCount', reviewer: true },
    // The admin lists, across organisations (size / 10 accounts, size records and activities).
    { name: 'admin accounts page 1', url: '/api/user/query', page1: true, admin: true },
    { name: 'admin accounts by login', url: '/api/user/query?sort=lastLogin:desc', admin: true },
    {
      name: 'admin accounts by interviews',
      url: '/api/user/query?sort=interviewCount:desc',
      admin: true,
    },
    { name: 'admin accounts page 300', url: '/api/user/query?currPage=300', admin: true },
    { name: 'admin accounts txt=cohen', url: '/api/user/query?txt=cohen', admin: true },
    { name: 'admin records page 1', url: '/api/record', page1: true, admin: true },
    { name: 'admin records page 100', url: '/api/record?currPage=100', admin: true },
    { name: 'admin records levels=error', url: '/api/record?levels=error', admin: true },
    { name: 'admin records status 503', url: '/api/record?statusCode=503', admin: true },
    { name: 'admin records txt=chunk', url: '/api/record?txt=chunkload', admin: true },
    { name: 'admin records txt=#4417', url: '/api/record?txt=%234417', admin: true },
    { name: 'admin records userTxt=cohen', url: '/api/record?userTxt=cohen', admin: true },
    { name: 'admin activity page 1', url: '/api/activity', page1: true, admin: true },
    {
      name: 'admin activity of a user',
      url: `/api/activity?userId=${ctx.activeUserId}`,
      admin: true,
    },
  ];
}

async function measureSize(db, baseUrl, ctx) {
  const rows = new Map();
  const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
  for (const scenario of scenarios(ctx)) {
    if (only && !only.some((part) => scenario.name.includes(part))) continue;
    // Access tokens are short-lived: a fresh one for every scenario.
    ctx.accessToken = await (scenario.admin
      ? ctx.adminLogin()
      : scenario.reviewer
        ? ctx.reviewerLogin()
        : ctx.login());
    let url = scenario.url;
    if (scenario.cursorOf) {
      const { body } = await captureStatements(baseUrl, ctx.accessToken, scenario.cursorOf);
      if (!body.nextCursor) {
        rows.set(scenario.name, null);
        continue;
      }
      url = `${scenario.cursorOf}&cursor=${encodeURIComponent(body.nextCursor)}`;
    }
    // Warm up (plans, caches), then capture the statements of one request: of three, the one
    // with the fewest (the server's background queues poll the database now and then, and a
    // poll during a request would be counted as the request's).
    let statements = null;
    let warmMs = Infinity;
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      const captured = await captureStatements(baseUrl, ctx.accessToken, url);
      warmMs = Math.min(warmMs, performance.now() - started);
      if (!statements || captured.statements.length < statements.length)
        statements = captured.statements;
    }
    const sqlMs = await sqlTime(db, statements);
    if (EXPLAIN) {
      await explainStatements(db, scenario.name, statements);
      continue;
    }
    // Steady state, as a server that has been up a while: a second of load at c=10 first, so
    // V8 has compiled the request path and every list pool connection has run the statement
    // the five times PostgreSQL plans it for its values before it keeps the generic plan.
    await load(baseUrl, ctx.accessToken, url, 10, warmMs, 1);
    const c1 = await load(baseUrl, ctx.accessToken, url, 1, warmMs);
    const c10 = await load(baseUrl, ctx.accessToken, url, 10, warmMs);
    rows.set(scenario.name, {
      sqlMs,
      c1,
      c10,
      statements: statements.length,
      page1: scenario.page1,
    });
    process.stdout.write(
      `  ${scenario.name.padEnd(26)} sql ${sqlMs.toFixed(1).padStart(8)} ms  c1 p95 ${String(c1.p95).padStart(6)} ms  c10 p95 ${String(c10.p95).padStart(6)} ms\n`,
    );
  }
  return rows;
}

function printTable(kind, results) {
  const sizes = [...results.keys()];
  const small = sizes[0];
  const large = sizes[sizes.length - 1];
  const label = (n) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
  const header = [
    'query',
    'c',
    ...sizes.flatMap((n) => [
      `${label(n)} p50`,
      `${label(n)} p95`,
      `${label(n)} p99`,
      `${label(n)} req/s`,
    ]),
    `SQL ${label(large)}`,
    'round trips',
    'CPU ms/req',
    'API/SQL',
    sizes.length > 1 ? `${label(large)}/${label(small)}` : 'ratio',
    'target',
  ];
  const lines = [header, header.map(() => '---')];
  const names = [...results.get(large).keys()];
  for (const name of names) {
    for (const c of ['c1', 'c10']) {
      const cells = [name, c === 'c1' ? '1' : '10'];
      for (const n of sizes) {
        const row = results.get(n).get(name);
        if (!row) cells.push('n/a', 'n/a', 'n/a', 'n/a');
        else
          cells.push(
            String(row[c].p50),
            `${row[c].p95}${row[c].failed ? ` (${row[c].failed} failed)` : ''}`,
            String(row[c].p99),
            row[c].rps.toFixed(0),
          );
      }
      const big = results.get(large).get(name);
      const little = results.get(small).get(name);
      if (!big) {
        cells.push('n/a', 'n/a', 'n/a', 'n/a', 'n/a', '');
      } else {
        cells.push(big.sqlMs.toFixed(1));
        cells.push(c === 'c1' ? String(big.statements) : '');
        cells.push(big[c].cpuMs.toFixed(2));
        // API vs raw SQL: the single-user median against the statements' median on their own.
        cells.push(c === 'c1' ? (big.c1.p50 / Math.max(big.sqlMs, 0.1)).toFixed(2) : '');
        cells.push(
          little && sizes.length > 1 ? (big[c].p95 / Math.max(little[c].p95, 0.1)).toFixed(2) : '',
        );
        const limit = big.page1 ? 25 : 50;
        cells.push(c === 'c10' ? `p95 ≤ ${limit}: ${big.c10.p95 <= limit ? 'yes' : 'NO'}` : '');
      }
      lines.push(cells);
    }
  }
  console.log(
    `\n${kind}, one organisation; latencies in ms (HTTP through the API), SQL = p50 of the same statements run alone; round trips = statements one request sends to the database; CPU = the server process per request (the load generator runs in a process of its own)\n`,
  );
  for (const cells of lines) console.log(`| ${cells.join(' | ')} |`);
}

// ---------------------------------------------------------------------------------------------

/** The API on the database of one size (filled unless kept from an earlier run), measured. */
async function benchSize(size) {
  const db = await createDatabase(size);
  const { app, baseUrl } = await startBenchApp(db);
  try {
    const ctx = await seed(db, app);
    const jobs = Math.max(1, Math.round(size / JOBS_PER_APPLICANTS));
    const started = performance.now();
    if (!ctx.filled) {
      await fill(db, ctx, { jobFrom: 1, jobTo: jobs, from: 1, to: size });
    }
    const adminFilled = (
      await db.run(`select exists (select 1 from users where email like 'bench-user-%') as "any"`)
    ).rows[0].any;
    if (!adminFilled) await fillAdmin(db, ctx, size);
    await assignReviewer(db, ctx);
    // Analysed every run: a kept database may have new indexes (migrations) since its fill.
    await db.exec('vacuum analyze');
    const fillSec = (performance.now() - started) / 1000;
    // Let the vacuum's writes reach disk before measuring, so the first scenario does not
    // share the cores with the checkpointer (PGlite has nothing to settle).
    if (db.kind === 'PostgreSQL') {
      await db.exec('checkpoint');
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    const { rows: jobRows } = await db.run(
      `select job_id from applicants where org_id = $1 group by job_id order by count(*) desc limit 1`,
      [ctx.orgId],
    );
    ctx.jobId = jobRows[0].job_id;
    const { rows: activeUsers } = await db.run(
      `select user_id from activities where user_id is not null limit 1`,
    );
    ctx.activeUserId = activeUsers[0].user_id;
    console.log(
      `\n${size.toLocaleString('en')} applicants, ${jobs.toLocaleString('en')} jobs (${ctx.filled ? 'kept database, analysed' : 'filled and analysed'} in ${fillSec.toFixed(0)} s)`,
    );
    return { kind: db.kind, rows: await measureSize(db, baseUrl, ctx) };
  } finally {
    await app.close(); // closes the database handle too
    await db.drop();
  }
}

console.log(
  `load average at start: ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')}`,
);
const results = new Map();
let kind = '';
for (const size of SIZES) {
  const result = await benchSize(size);
  kind = result.kind;
  results.set(size, result.rows);
}
console.log(
  `load average at end: ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')}`,
);
if (!EXPLAIN) printTable(kind, results);
// A forgotten PGlite handle or pool timer must not keep the process alive.
process.exit(0);
