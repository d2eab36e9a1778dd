// The insights funnel (`GET insights/funnel`) at 1 M applicants in one organisation over 10 k jobs
// in 20 departments, two years of interviews: the organisation over 30 days by day, a year by
// week and two years by week, a department over a year, and the busiest job over two years,
// through HTTP at concurrency 1. Target: p97.5 ≤ 50 ms. The figures come from the aggregates the
// triggers on applicants keep (insight_job_days, insight_department_days, insight_org_days), so
// the fill also measures what those triggers cost a bulk insert.
//
// PostgreSQL when BENCH_DATABASE_URL is set (a throwaway database is created next to it and
// dropped at the end), PGlite in a temporary folder otherwise. `npm run bench -- insights`.
// BENCH_SIZE (applicants, default 1000000) and BENCH_REQUESTS (per case, default 400).
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
const { createUser } = await import(
  path.join(ROOT, 'apps/server/src/modules/users/users.service.ts')
);
const { hashPassword } = await import(path.join(ROOT, 'apps/server/src/modules/auth/passwords.ts'));

const SIZE = Number(process.env.BENCH_SIZE ?? 1_000_000);
const JOBS = Math.max(1, Math.round(SIZE / 100));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);

async function createDatabase() {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'candid-bench-insights-'));
  if (!adminUrl) {
    const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') });
    const client = handle.db.$client;
    return {
      kind: 'PGlite',
      handle,
      dataDir,
      run: (text, values = []) => client.query(text, values),
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `candid_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ driver: 'postgres', url: url.toString() });
  const raw = new pg.Client({ connectionString: url.toString() });
  await raw.connect();
  return {
    kind: 'PostgreSQL',
    handle,
    dataDir,
    url: url.toString(),
    run: (text, values = []) => raw.query(text, values),
    drop: async () => {
      await raw.end();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Set-based fill, in arrival order over two years: 30 % invited (a tenth of them never open),
 * 60 % submitted after 5–60 minutes, 25 % quit after 0–3 answers, two thirds of the submitted
 * reviewed within days and half of those decided; devices and browsers spread.
 */
async function fill(db, orgId, userId) {
  await db.run(
    `insert into departments (org_id, name) select $1, 'Department ' || i from generate_series(1, 20) as i`,
    [orgId],
  );
  await db.run(
    `insert into jobs (org_id, owner_id, department_id, title, quests, created_at)
     select $1, $2, (select id from departments where org_id = $1 and name = 'Department ' || (1 + i % 20)),
       'Job ' || i, '[]'::jsonb, now() - interval '730 days' * (1 - i::float8 / $3::int)
     from generate_series(1, $3::int) as i`,
    [orgId, userId, JOBS],
  );
  await db.run(`create temporary table bench_job_ids (n serial primary key, id uuid)`);
  await db.run(`insert into bench_job_ids (id) select id from jobs where org_id = $1 order by id`, [
    orgId,
  ]);
  const batch = 250_000;
  for (let start = 1; start <= SIZE; start += batch) {
    const end = Math.min(SIZE, start + batch - 1);
    await db.run(
      `insert into applicants (org_id, job_id, f_name, status, sent_at, opened_at, started_at,
         submitted_at, quited_at, reviewed_at, decided_at, device, browser, answer_map, created_at)
       select $1, j.id, 'Candidate ' || g.i,
         case when g.decided then 7 when g.reviewed then 3 else 0 end,
         case when g.invited then g.t - interval '1 day' end,
         case when not g.unopened then g.t end,
         case when not g.unopened then g.t end,
         case when g.kind = 'submitted' and not g.unopened then g.t + g.took end,
         case when g.kind = 'quit' and not g.unopened then g.t + g.took / 2 end,
         case when g.reviewed then g.t + g.took + interval '1 hour' * (g.i % 97) end,
         case when g.decided then g.t + g.took + interval '2 hours' * (g.i % 97) end,
         (array['desktop','mobile','tablet','other'])[1 + g.i % 4],
         (array['chrome','safari','firefox','edge','samsung','other'])[1 + g.i % 6],
         case when g.kind = 'quit' then (select coalesce(jsonb_object_agg('q' || k, '{}'::jsonb), '{}'::jsonb)
           from generate_series(1, g.i % 4) as k) else '{}'::jsonb end,
         g.t
       from (
         select i, i % 10 < 3 as invited, i % 10 = 0 as unopened,
           case when i % 20 < 12 then 'submitted' when i % 20 < 17 then 'quit' else 'open' end as kind,
           i % 20 < 12 and i % 3 > 0 and i % 10 <> 0 as reviewed,
           i % 20 < 12 and i % 3 = 1 and i % 10 <> 0 as decided,
           interval '1 minute' * (5 + i % 56) as took,
           now() - interval '730 days' * (1 - i::float8 / $4::int) as t,
           1 + (i * 7) % $5::int as job_n
         from generate_series($2::int, $3::int) as i
       ) g join bench_job_ids j on j.n = g.job_n`,
      [orgId, start, end, SIZE, JOBS],
    );
    process.stdout.write(`  filled ${end.toLocaleString('en')}\n`);
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

async function load(url, token) {
  const { stdout } = await execFileAsync(
    process.execPath,
    [
      path.join(ROOT, 'bench/lib/load-client.mjs'),
      JSON.stringify({
        url,
        connections: 1,
        amount: REQUESTS,
        headers: { authorization: `Bearer ${token}` },
      }),
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const { times, failed } = JSON.parse(stdout);
  times.sort((a, b) => a - b);
  return { times, failed };
}

const day = (offset) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

const db = await createDatabase();
const { app, baseUrl: base } = await startBenchApp(db);
try {
  const user = await createUser(db.handle.db, {
    fName: 'Bench',
    lName: 'Recruiter',
    email: 'bench-insights@example.com',
    passwordHash: await hashPassword('Bench1234'),
    role: 'user',
    perm: 999,
    emailVerified: true,
    language: 'en',
  });
  const started = performance.now();
  await fill(db, user.orgId, user.id);
  const fillSec = (performance.now() - started) / 1000;
  // Logged in after the fill: a fill outlasts an access token.
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: 'Bench1234' },
  });
  const token = login.json().accessToken;
  await db.run('vacuum analyze');
  const { rows: busiest } = await db.run(
    `select job_id from applicants group by job_id order by count(*) desc limit 1`,
  );
  const { rows: department } = await db.run(
    `select id from departments where org_id = $1 limit 1`,
    [user.orgId],
  );
  const { rows: sizes } = await db.run(
    `select (select count(*) from insight_org_days)::int as org,
       (select count(*) from insight_department_days)::int as department,
       (select count(*) from insight_job_days)::int as job`,
  );
  console.log(
    `\n${db.kind}: ${SIZE.toLocaleString('en')} applicants, ${JOBS.toLocaleString('en')} jobs, filled with the triggers in ${fillSec.toFixed(0)} s; aggregates: ${sizes[0].org.toLocaleString('en')} organisation rows, ${sizes[0].department.toLocaleString('en')} department rows, ${sizes[0].job.toLocaleString('en')} job rows`,
  );
  const cases = [
    ['organisation, 30 days by day', `from=${day(29)}&to=${day(0)}&interval=day`],
    ['organisation, a year by week', `from=${day(364)}&to=${day(0)}&interval=week`],
    ['organisation, two years by week', `from=${day(729)}&to=${day(0)}&interval=week`],
    ['organisation, two years by day', `from=${day(729)}&to=${day(0)}&interval=day`],
    [
      'department (500 jobs), a year by week',
      `departmentId=${department[0].id}&from=${day(364)}&to=${day(0)}&interval=week`,
    ],
    [
      'busiest job, two years by week',
      `jobId=${busiest[0].job_id}&from=${day(729)}&to=${day(0)}&interval=week`,
    ],
  ];
  console.log('\n| case | p50 ms | p95 ms | p97.5 ms | p99 ms | failed | p97.5 ≤ 50 |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, query] of cases) {
    const url = `${base}/api/insights/funnel?${query}`;
    const check = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!check.ok) throw new Error(`${name}: ${check.status} ${await check.text()}`);
    const { times, failed } = await load(url, token);
    const p = (n) => percentile(times, n).toFixed(1);
    console.log(
      `| ${name} | ${p(50)} | ${p(95)} | ${p(97.5)} | ${p(99)} | ${failed} | ${percentile(times, 97.5) <= 50 ? 'yes' : 'NO'} |`,
    );
  }
} finally {
  await app.close();
  await db.drop();
}
process.exit(0);
