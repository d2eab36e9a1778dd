// One API process against three, each set-up behind Debian's nginx exactly as deploy/ says
// (PostgreSQL, Redis, moto's S3; e2e/scale-out/stack.ts starts it): the recruiter's applicants
// list page 1 (authenticated) and a tus upload stream (creation + PATCHes of 256 KiB, as the
// browser sends a recording). Prints req/s, p50 and p97.5, per process and per core, and the
// API processes' CPU per request. `npm run bench -- scale-out` after `npm run build`.
//
// Needs BENCH_DATABASE_URL (or TEST_DATABASE_URL: a throwaway database is made beside it and
// dropped), REDIS_URL, /usr/sbin/nginx (run as root) and Python's moto; says what is missing
// and exits otherwise. BENCH_APPLICANTS (default 20000), BENCH_LIST_REQUESTS (default 4000),
// BENCH_CONNECTIONS (default 16), BENCH_UPLOADERS (default 6), BENCH_TAKES (default 3 per
// uploader), BENCH_PATCHES (default 8 per take) and BENCH_PROCESSES (default 1,3) change the run.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { register } from 'tsx/esm/api';
import { api } from './lib/bench-server.mjs';

register();
const execFileAsync = promisify(execFile);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const pg = createRequire(path.join(ROOT, 'apps/server/package.json'))('pg');
const { missingForStack, startStack } = await import(path.join(ROOT, 'e2e/scale-out/stack.ts'));
const { TUS_CHUNK_MAX_BYTES } = await import(path.join(ROOT, 'packages/domain/src/index.ts'));

const env = process.env;
const ADMIN_URL = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL;
const APPLICANTS = Number(env.BENCH_APPLICANTS ?? 20_000);
const LIST_REQUESTS = Number(env.BENCH_LIST_REQUESTS ?? 4000);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 16);
const UPLOADERS = Number(env.BENCH_UPLOADERS ?? 6);
const TAKES = Number(env.BENCH_TAKES ?? 3);
const PATCHES = Number(env.BENCH_PATCHES ?? 8);
const TOPOLOGIES = (env.BENCH_PROCESSES ?? '1,3').split(',').map(Number);
const CORES = os.availableParallelism();
const RECRUITER = { email: 'bench-scale@example.com', password: 'Bench1234' };
const LIST_URL = '/api/job/applicant?currPage=1&itemsPerPage=30';

const missing = missingForStack({ ...env, TEST_DATABASE_URL: ADMIN_URL });
if (missing.length > 0) {
  console.log(`scale-out: skipped (${missing.join('; ')})`);
  process.exit(0);
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat (12 and 13 after the name), in clock ticks.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
/** CPU seconds of the API processes and of the S3 store (moto), so far. */
const stackCpu = (stack) => ({
  api: stack.processes.reduce((sum, p) => sum + cpuSeconds(p.pid), 0),
  s3: cpuSeconds(stack.s3.pid),
});
const cpuSince = (stack, before) => {
  const now = stackCpu(stack);
  return { api: now.api - before.api, s3: now.s3 - before.s3 };
};

/** A job with one video question and APPLICANTS applicants of it (set-based, like lists.mjs). */
async function seed(stack, token) {
  const job = await api(
    stack.baseUrl,
    'POST',
    'job',
    {
      job: {
        info: { title: 'Scale-out bench', location: 'Haifa', desc: '<p>Hi</p>', coverUrl: '' },
        company: { name: 'Acme', logoUrl: '' },
        rule: { isCvRequired: false, isOneTry: false },
        quests: [
          {
            id: 'q1',
            txt: 'Introduce yourself',
            desc: '',
            vidUrl: null,
            timeLimit: 2,
            ansRule: {
              isVidAns: true,
              isScreenAns: false,
              isTxtAns: false,
              isImgAns: false,
              isCodeAns: false,
            },
          },
        ],
      },
    },
    token,
  );
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  await client.query(
    `insert into applicants (org_id, job_id, f_name, l_name, email, phone, hometown, status,
       sent_at, opened_at, submitted_at, is_read, answer_map, created_at, updated_at)
     select j.org_id, j.id, 'Noa' || i, 'Cohen', 'noa' || i || '@example.com', '050-1234567',
       'Haifa', i % 8, t, t, t + interval '20 minutes', i % 2 = 0,
       jsonb_build_object('q1', jsonb_build_object('resTime', 60, 'faceKey', 'bench/' || i || '.webm')),
       t, t
     from jobs j, generate_series(1, $2::int) as i,
       lateral (select now() - interval '730 days' * (1 - i::float8 / $2::int) as t) d
     where j.id = $1`,
    [job._id, APPLICANTS],
  );
  await client.query('analyze');
  await client.end();
  return job._id;
}

async function listLoad(stack, token, amount = LIST_REQUESTS) {
  const { stdout } = await execFileAsync(
    process.execPath,
    [
      path.join(ROOT, 'bench/lib/load-client.mjs'),
      JSON.stringify({
        url: stack.baseUrl + LIST_URL,
        connections: CONNECTIONS,
        amount,
        headers: { authorization: `Bearer ${token}` },
      }),
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout);
  // autocannon's own duration ends on its next once-a-second tick: whole seconds, not the run.
  return { times: result.times, duration: result.elapsed, failed: result.failed };
}

async function tusLoad(stack, jobId) {
  const candidates = [];
  for (let i = 0; i < UPLOADERS; i += 1) {
    const started = await api(stack.baseUrl, 'POST', 'applicant', {
      // The standard consent notice (version 0), agreed to as the consent step does.
      consent: { version: 0, language: 'en' },
      jobId,
      applicant: {
        info: {
          fName: 'Bench',
          lName: `Uploader ${i}`,
          email: `uploader${i}@example.com`,
          phone: '050-1234567',
          hometown: 'Haifa',
        },
      },
    });
    candidates.push({ token: started.candidateToken, applicantId: started.applicant.id });
  }
  const { stdout } = await execFileAsync(
    process.execPath,
    [
      path.join(ROOT, 'bench/lib/tus-load-client.mjs'),
      JSON.stringify({
        baseUrl: stack.baseUrl,
        candidates,
        takes: TAKES,
        patches: PATCHES,
        patchBytes: TUS_CHUNK_MAX_BYTES,
      }),
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout);
  return {
    times: [...result.creates, ...result.patches],
    patchTimes: result.patches,
    duration: result.duration,
    failed: result.failures.length,
    failures: result.failures,
    bytes: result.bytes,
  };
}

function summary(name, processes, run, cpu) {
  const times = [...run.times].sort((a, b) => a - b);
  const rps = times.length / run.duration;
  const round = (value, digits = 1) => Number(value.toFixed(digits));
  return {
    scenario: name,
    processes,
    requests: times.length,
    'req/s': round(rps),
    'req/s per process': round(rps / processes),
    'req/s per core': round(rps / CORES),
    'p50 ms': round(percentile(times, 50)),
    'p97.5 ms': round(percentile(times, 97.5)),
    'API CPU ms/req': round((cpu.api * 1000) / times.length, 2),
    'S3 CPU ms/req': round((cpu.s3 * 1000) / times.length, 2),
    ...(run.bytes ? { 'MiB/s': round(run.bytes / 1024 / 1024 / run.duration, 2) } : {}),
    failed: run.failed,
  };
}

const rows = [];
console.log(
  `${os.cpus()[0]?.model ?? 'cpu'}: ${CORES} cores (every process, nginx, PostgreSQL, Redis, moto and the load generator share them); load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
for (const processes of TOPOLOGIES) {
  const stack = await startStack({
    processes,
    adminDatabaseUrl: ADMIN_URL,
    redisUrl: env.REDIS_URL,
    users: [RECRUITER],
    env: { LOG_LEVEL: 'warn' },
  });
  try {
    const { accessToken } = await api(stack.baseUrl, 'POST', 'auth/login', RECRUITER);
    const jobId = await seed(stack, accessToken);
    // Warm-up: every process plans and caches the list once before it is timed.
    await listLoad(stack, accessToken, CONNECTIONS * 20);
    let cpuBefore = stackCpu(stack);
    const list = await listLoad(stack, accessToken);
    rows.push(summary('applicants page 1', processes, list, cpuSince(stack, cpuBefore)));
    cpuBefore = stackCpu(stack);
    const tus = await tusLoad(stack, jobId);
    rows.push(summary('tus create + 256 KiB PATCHes', processes, tus, cpuSince(stack, cpuBefore)));
    if (tus.failures.length > 0)
      console.log(`tus failures: ${[...new Set(tus.failures)].join(', ')}`);
    // A take the server could not scan or finish shows here (the processes log at warn).
    const warnings = stack.processes.flatMap((p) =>
      readFileSync(p.logFile, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('{"level":'))
        .map((line) => JSON.parse(line).msg),
    );
    if (warnings.length > 0)
      console.log(`${processes} process(es) logged: ${[...new Set(warnings)].join('; ')}`);
    const peakMiB = stack.processes.map((p) => {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${p.pid}/status`, 'utf8'));
      return Math.round(Number(hwm?.[1] ?? 0) / 1024);
    });
    console.log(`${processes} process(es): peak RSS ${peakMiB.join(', ')} MiB`);
  } finally {
    await stack.stop();
  }
}
console.table(rows);
console.log(
  `list: ${LIST_REQUESTS} requests at ${CONNECTIONS} connections over ${APPLICANTS} applicants; tus: ${UPLOADERS} uploaders × ${TAKES} takes × ${PATCHES} PATCHes of ${TUS_CHUNK_MAX_BYTES / 1024} KiB`,
);
