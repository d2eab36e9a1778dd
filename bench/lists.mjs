// The list calls (applicant overview and counts, job overview and counts, templates) at
// 100 k and 1 M applicants in one organisation (1 k and 10 k jobs): every overview filter and
// search through HTTP at concurrency 1 and 10 against the real API (buildApp), next to the raw
// SQL time of the statements the same request ran. The admin lists (accounts, records,
// activities) read 10 k and 100 k accounts in 1 k and 10 k organisations, 100 k and 1 M log
// records and as many activities. Targets (issue 9): p95 ≤ 25 ms for page 1
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
const { buildApp } = await import(path.join(ROOT, 'apps/server/src/app.ts'));
const { loadConfig } = await import(path.join(ROOT, 'apps/server/src/config.ts'));
const { openDatabase } = await import(path.join(ROOT, 'apps/server/src/db/client.ts'));
const { listPoolOptions } = await import(path.join(ROOT, 'apps/server/src/db/list-query.ts'));
const { createUser } = await import(
  path.join(ROOT, 'apps/server/src/modules/users/users.service.ts')
);
const { hashPassword } = await import(path.join(ROOT, 'apps/server/src/modules/auth/passwords.ts'));
const { defaultQuestion, makeRandomId } = await import(
  path.join(ROOT, 'packages/domain/src/index.ts')
);

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

const FIRST_NAMES = [
  'David',
  'Daniel',
  'Noa',
  'Tamar',
  'Yael',
  'Michael',
  'Sarah',
  'Avi',
  'Yosef',
  'Maya',
  'Omer',
  'Shira',
  'Eitan',
  'Lior',
  'Amit',
  'Ron',
  'Dana',
  'Gal',
  'Itai',
  'Roni',
  'James',
  'Emily',
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Ethan',
  'Sophia',
  'Mason',
  'Isabella',
  'Lucas',
  'Mia',
  'Benjamin',
  'Charlotte',
  'Elijah',
  'Amelia',
  'Oliver',
  'Harper',
  'Jacob',
  'Evelyn',
  'Alexander',
  'Abigail',
  'Henry',
  'Ella',
  'Sebastian',
  'Scarlett',
  'Jack',
  'Grace',
  'Samuel',
  'Chloe',
  'Owen',
  'Lily',
  'Nathan',
  'Hannah',
  'Adam',
  'Leah',
  'Ariel',
  'Rachel',
  'Jonathan',
];
const LAST_NAMES = [
  'Cohen',
  'Levi',
  'Mizrahi',
  'Peretz',
  'Biton',
  'Dahan',
  'Avraham',
  'Friedman',
  'Azoulay',
  'Katz',
  'Malka',
  'Amar',
  'Ohana',
  'Golan',
  'Shapiro',
  'Ben-David',
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Baker',
];
const TOWNS = [
  'Tel Aviv',
  'Jerusalem',
  'Haifa',
  'Beersheba',
  'Netanya',
  'Holon',
  'Ramat Gan',
  'Rehovot',
  'Ashdod',
  'Herzliya',
  'Eilat',
  'Nazareth',
  'London',
  'Manchester',
  'New York',
  'Boston',
  'Chicago',
  'Berlin',
  'Paris',
  'Madrid',
  'Toronto',
  'Austin',
  'Seattle',
  'Denver',
  '',
];
const TITLES = [
  'Backend Developer',
  'Frontend Developer',
  'Full Stack Engineer',
  'Data Analyst',
  'Product Manager',
  'QA Engineer',
  'DevOps Engineer',
  'UX Designer',
  'Sales Representative',
  'Customer Success Manager',
  'Marketing Specialist',
  'HR Coordinator',
  'Accountant',
  'Warehouse Associate',
  'Delivery Driver',
  'Store Manager',
  'Nurse',
  'Teacher',
  'Mobile Developer',
  'Security Analyst',
];
const LEVELS = ['Junior', 'Senior', 'Lead', 'Principal', 'Associate', ''];
const JOB_TOWNS = ['Tel Aviv', 'Haifa', 'Jerusalem', 'Remote', 'London', 'New York', 'Berlin'];

const arrayLiteral = (items) =>
  `array[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * Set-based fill: jobs `jobFrom..jobTo` (1-based) then applicants `from..to` spread over every job
 * so far, dates over two years, 30 % incomplete, 5 % archived, three answers each. Rows are
 * written in the order they would have arrived (dates rise with the row number, a few hours of
 * jitter), as a real table grows: filled in random date order, a list's index entries pointed
 * all over the table, so an index-only walk changed visibility-map pages at nearly every entry
 * (17,000 buffer reads for page 1,000's 30,000 entries, 12 ms; 4.7 ms in arrival order).
 */
async function fill(db, ctx, { jobFrom, jobTo, from, to }) {
  const quests = [
    defaultQuestion(makeRandomId()),
    defaultQuestion(makeRandomId()),
    defaultQuestion(makeRandomId()),
  ];
  quests[1].txt = 'Why this role?';
  quests[2].txt = 'A project you are proud of';
  const [q1, q2, q3] = quests.map((quest) => quest.id);
  await db.run(
    `insert into jobs (org_id, owner_id, title, location, description, quests, created_at)
     select $1, $2,
       trim(( ${arrayLiteral(LEVELS)})[1 + (i * 7) % ${LEVELS.length}] || ' ' || (${arrayLiteral(TITLES)})[1 + i % ${TITLES.length}]),
       (${arrayLiteral(JOB_TOWNS)})[1 + (i * 3) % ${JOB_TOWNS.length}],
       '<p>We are hiring.</p>', $3::jsonb,
       now() - interval '730 days' * (1 - i::float8 / $5::int) - random() * interval '3 hours'
     from generate_series($4::int, $5::int) as i`,
    [ctx.orgId, ctx.userId, JSON.stringify(quests), jobFrom, jobTo],
  );
  await db.exec(
    `create temporary table if not exists bench_job_ids (n serial primary key, id uuid)`,
  );
  await db.exec(`truncate bench_job_ids restart identity`);
  await db.run(`insert into bench_job_ids (id) select id from jobs where org_id = $1 order by id`, [
    ctx.orgId,
  ]);
  const jobCount = jobTo;
  const batch = 250_000;
  for (let start = from; start <= to; start += batch) {
    const end = Math.min(to, start + batch - 1);
    await db.run(
      `insert into applicants (org_id, job_id, f_name, l_name, email, phone, hometown, status,
         sent_at, opened_at, submitted_at, quited_at, is_read, is_free, answer_map, created_at,
         updated_at, archived_at)
       select $1, j.id, g.f, g.l,
         lower(replace(g.f || '.' || g.l, ' ', '')) || g.i || '@' || (array['gmail.com','outlook.com','example.com','walla.co.il'])[1 + g.i % 4],
         '+9725' || lpad(((g.i::bigint * 7919) % 100000000)::text, 8, '0'),
         g.town,
         case when g.kind = 'submitted' then (g.i % 8) else 0 end,
         g.created, g.created,
         case when g.kind = 'submitted' then g.created + interval '20 minutes' end,
         case when g.kind = 'incomplete' then g.created + interval '5 minutes' end,
         g.i % 2 = 0, g.i % 10 = 0,
         case when g.kind = 'opened' then '{}'::jsonb else jsonb_build_object(
           $3::text, jsonb_build_object('resTime', 60, 'faceKey', 'bench/' || g.i || '/1.webm'),
           $4::text, jsonb_build_object('resTime', 45, 'txt', 'Because I like building things that matter.'),
           $5::text, jsonb_build_object('resTime', 90, 'faceKey', 'bench/' || g.i || '/3.webm')) end,
         g.created, g.created,
         case when g.i % 20 = 0 then g.created + interval '30 days' end
       from (
         select i,
           (${arrayLiteral(FIRST_NAMES)})[1 + floor(random() * ${FIRST_NAMES.length})::int] as f,
           (${arrayLiteral(LAST_NAMES)})[1 + floor(random() * ${LAST_NAMES.length})::int] as l,
           (${arrayLiteral(TOWNS)})[1 + floor(random() * ${TOWNS.length})::int] as town,
           case when i % 10 < 3 then 'incomplete' when i % 20 = 19 then 'opened' else 'submitted' end as kind,
           now() - interval '730 days' * (1 - i::float8 / $8::int) - random() * interval '3 hours'
             as created,
           1 + (i * 7) % $2::int as job_n
         from generate_series($6::int, $7::int) as i
       ) g join bench_job_ids j on j.n = g.job_n`,
      [ctx.orgId, jobCount, q1, q2, q3, start, end, to],
    );
  }
}

/** The bench recruiter (created once; a kept database already has it, and its data). */
async function seed(db, app) {
  /** A bench account (password Bench1234), read back when a kept database already has it. */
  const account = async (email, lName, role) => {
    const { rows } = await db.run(
      `select id, org_id as "orgId", email from users where email = $1`,
      [email],
    );
    return (
      rows[0] ??
      (await createUser(db.handle.db, {
        fName: 'Bench',
        lName,
        email,
        passwordHash: await hashPassword('Bench1234'),
        role,
        perm: 999,
        emailVerified: true,
        language: 'en',
      }))
    );
  };
  const user = await account('bench@example.com', 'Recruiter', 'user');
  const admin = await account('bench-admin@example.com', 'Admin', 'admin');
  const loginAs = async (email) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Bench1234' },
    });
    if (response.statusCode !== 200)
      throw new Error(`login: ${response.statusCode} ${response.body}`);
    return response.json().accessToken;
  };
  const login = () => loginAs(user.email);
  const adminLogin = () => loginAs(admin.email);
  // Kept from an earlier run when its applicants are there (a fill cut short starts again).
  const filled = (
    await db.run('select exists (select 1 from applicants where org_id = $1) as "any"', [
      user.orgId,
    ])
  ).rows[0].any;
  // A template overview of 60 templates.
  if (!filled)
    await db.run(
      `insert into templates (org_id, owner_id, title, name, quests, created_at)
     select $1, $2, 'Template ' || i, 'Screening ' || i, '[]'::jsonb, now() - (i * interval '1 day')
     from generate_series(1, 60) as i`,
      [user.orgId, user.id],
    );
  return {
    orgId: user.orgId,
    userId: user.id,
    accessToken: await login(),
    login,
    adminLogin,
    filled,
  };
}

/**
 * The admin side (issue 9: "and the admin lists"): size / 10 accounts in size / 100
 * organisations (last logins over a year, a tenth never), size log records and size activities
 * over a year, in date order, plus one admin who reads them. Kept databases get it on the next
 * run (it is filled apart from the applicants).
 */
async function fillAdmin(db, ctx, size) {
  const users = Math.max(10, Math.round(size / 10));
  const orgs = Math.max(1, Math.round(size / 100));
  await db.run(
    `insert into organizations (name) select 'Bench Company ' || i from generate_series(1, $1::int) as i`,
    [orgs],
  );
  await db.exec(
    `create temporary table if not exists bench_org_ids (n serial primary key, id uuid)`,
  );
  await db.exec(`truncate bench_org_ids restart identity`);
  await db.run(
    `insert into bench_org_ids (id) select id from organizations where name like 'Bench Company %' order by id`,
  );
  await db.run(
    `insert into users (org_id, f_name, l_name, email, company_name, perm, role, org_role,
       email_verified, last_login, created_at)
     select o.id, g.f, g.l, 'bench-user-' || g.i || '@' || (array['gmail.com','outlook.com','acme.io'])[1 + g.i % 3],
       'Bench Company ' || (1 + g.i % $2::int), (array[1, 3, 999])[1 + g.i % 3],
       case when g.i % 500 = 0 then 'admin' else 'user' end,
       case when g.i % 10 = 0 then 'owner' else 'member' end, true,
       case when g.i % 10 <> 5 then now() - random() * interval '365 days' end,
       now() - interval '730 days' * (1 - g.i::float8 / $1::int)
     from (
       select i,
         (${arrayLiteral(FIRST_NAMES)})[1 + floor(random() * ${FIRST_NAMES.length})::int] as f,
         (${arrayLiteral(LAST_NAMES)})[1 + floor(random() * ${LAST_NAMES.length})::int] as l
       from generate_series(1, $1::int) as i
     ) g join bench_org_ids o on o.n = 1 + g.i % $2::int`,
    [users, orgs],
  );
  const messages = [
    'Request failed with status code 500',
    'Network Error',
    'Upload part failed, retrying',
    'Camera permission denied',
    'ChunkLoadError: Loading chunk failed',
    'Token expired',
    'Validation failed: email',
    'Slow query on applicant list',
    'Mail delivery deferred',
    'Face check timed out',
  ];
  const batch = 250_000;
  for (let start = 1; start <= size; start += batch) {
    const end = Math.min(size, start + batch - 1);
    await db.run(
      `insert into log_records (timestamp, level, message, source, trace_id, status_code, meta)
       select now() - interval '365 days' * (1 - i::float8 / $3::int) - random() * interval '1 hour',
         (array['error','error','warn','warn','info','info','info','http','http','debug'])[1 + i % 10],
         (${arrayLiteral(messages)})[1 + (i * 7) % ${messages.length}] || ' #' || i,
         case when i % 3 = 0 then 'frontend' else 'backend' end,
         'trace-' || i,
         case when i % 3 <> 0 then (array[200, 201, 400, 401, 403, 404, 409, 500, 503])[1 + i % 9] end,
         case when i % 5 <> 0 then jsonb_build_object('user', jsonb_build_object(
             'fName', (${arrayLiteral(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}],
             'lName', (${arrayLiteral(LAST_NAMES)})[1 + (i / 7) % ${LAST_NAMES.length}],
             'email', 'bench-user-' || (i % $4::int) || '@gmail.com', 'companyName', 'Bench Company ' || (i % 977),
             '_id', md5('bench-user-' || (i % $4::int))::uuid))
           || case when i % 3 = 1 then jsonb_build_object('applicant', jsonb_build_object('id', 'a' || i,
             'info', jsonb_build_object('fName', (${arrayLiteral(FIRST_NAMES)})[1 + (i / 3) % ${FIRST_NAMES.length}],
               'lName', (${arrayLiteral(LAST_NAMES)})[1 + (i / 11) % ${LAST_NAMES.length}]))) else '{}'::jsonb end
           else '{}'::jsonb end
       from generate_series($1::int, $2::int) as i`,
      [start, end, size, users],
    );
    await db.run(
      `insert into activities (date, type, target, description, user_id, org_id)
       select now() - interval '365 days' * (1 - i::float8 / $3::int) - random() * interval '1 hour',
         (array['create','update','remove','login'])[1 + i % 4],
         (array['job','applicant','template','user'])[1 + (i / 4) % 4],
         'Bench activity ' || i, u.id, u.org_id
       from generate_series($1::int, $2::int) as i
       join (select id, org_id, row_number() over (order by id) as n from users
             where email like 'bench-user-%') u on u.n = 1 + i % $4::int`,
      [start, end, size, users],
    );
  }
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
    ctx.accessToken = await (scenario.admin ? ctx.adminLogin() : ctx.login());
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
  const config = loadConfig({
    DATA_DIR: db.dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
    WEB_DIST_DIR: path.join(db.dataDir, 'no-web'),
    RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
    ...(db.url ? { DATABASE_URL: db.url } : {}),
  });
  const app = await buildApp(config, { database: db.handle, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  const baseUrl = `http://127.0.0.1:${port}`;
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
