// What the per-request session check costs (docs/security.md "Sessions"): an authenticated
// list call (GET /api/job) through the real app on a port, autocannon at 10 connections, then
// the session lookup and the user lookup each request makes, timed on their own.
//
// PGlite in memory by default; PostgreSQL when BENCH_DATABASE_URL is set (a throwaway database
// is created next to it and dropped at the end). BENCH_SECONDS per autocannon run (default 5).
// `npm run bench -- auth-session`.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';

register();
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const serverRequire = createRequire(path.join(ROOT, 'apps/server/package.json'));
const autocannon = serverRequire('autocannon');
const server = (file) => import(path.join(ROOT, 'apps/server', file));
const { buildApp } = await server('src/app.ts');
const { loadConfig } = await server('src/config.ts');
const { isSessionLive } = await server('src/modules/auth/refresh-tokens.service.ts');
const { findStoredUser } = await server('src/modules/users/users.service.ts');
const { createTestDatabase } = await server('test/test-db.ts');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const kind = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'candid-bench-session-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1',
  PUBLIC_URL: 'http://localhost:3000',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  RATE_LIMIT_PER_MINUTE: '100000000',
});
const app = await buildApp(config, { database: await createTestDatabase(kind), logger: false });
await app.ready();
try {
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { fName: 'B', lName: 'C', email: 'bench@example.com', password: 'Bench12345' },
  });
  const { accessToken } = signup.json();
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/job`;
  const headers = { authorization: `Bearer ${accessToken}` };
  const check = await fetch(url, { headers });
  if (check.status !== 200) throw new Error(`${check.status} ${await check.text()}`);

  for (let run = 0; run < 3; run++) {
    const result = await autocannon({ url, connections: 10, duration: SECONDS, headers });
    console.log(
      `${kind} GET /api/job c=10 run ${run + 1}: ${result.requests.average} req/s, p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, non-2xx ${result.non2xx}`,
    );
  }

  // Process CPU per request (app.inject, one at a time): steadier than wall time on a busy
  // machine, and what a process pays for the checks whatever the database's own load.
  for (let i = 0; i < 300; i++) await app.inject({ method: 'GET', url: '/api/job', headers });
  const requests = 3000;
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < requests; i++) await app.inject({ method: 'GET', url: '/api/job', headers });
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    `${kind} GET /api/job process CPU: ${((cpu.user + cpu.system) / requests).toFixed(0)} µs per request`,
  );

  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString());
  const timeEach = async (name, call) => {
    for (let i = 0; i < 200; i++) await call();
    const count = 3000;
    const started = process.hrtime.bigint();
    for (let i = 0; i < count; i++) await call();
    const micros = Number(process.hrtime.bigint() - started) / count / 1000;
    console.log(`${kind} ${name}: ${micros.toFixed(0)} µs per call`);
  };
  await timeEach('session lookup (isSessionLive)', () => isSessionLive(app.db, claims.sid));
  await timeEach('user lookup (findStoredUser)', () => findStoredUser(app.db, claims.sub));
} finally {
  // The app closes its database (and drops the throwaway PostgreSQL one) with it.
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
