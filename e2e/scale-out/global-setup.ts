import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { missingForStack, startStack } from './stack';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The recruiter of the scale-out run, made as an operator would (user:create). */
export const SCALE_OUT_RECRUITER = { email: 'scale-out@e2e.local', password: 'ScaleOut1234' };

/**
 * Starts the deploy recipe (stack.ts) with three processes and hands it to the specs through
 * the environment: E2E_BASE_URL is nginx, SCALE_OUT_STACK the rest (ports, pids, logs, bucket).
 * Without PostgreSQL, Redis, nginx or moto it starts nothing and the specs skip, saying why.
 */
export default async function globalSetup() {
  const missing = missingForStack();
  if (missing.length > 0) {
    process.env.SCALE_OUT_SKIP = missing.join('; ');
    console.log(`Scaled-out e2e tests skipped: ${process.env.SCALE_OUT_SKIP}.`);
    return undefined;
  }
  if (!existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  // The fake camera and microphone (kept between runs once made).
  const fixtures = spawnSync(process.execPath, ['scripts/make-fixtures.mjs'], {
    cwd: path.join(ROOT, 'e2e'),
    stdio: 'inherit',
  });
  if (fixtures.status !== 0) throw new Error('could not make the fake media fixtures');
  const stack = await startStack({
    processes: 3,
    adminDatabaseUrl: process.env.TEST_DATABASE_URL!,
    redisUrl: process.env.REDIS_URL!,
    users: [SCALE_OUT_RECRUITER],
  });
  const { stop, ...info } = stack;
  process.env.E2E_BASE_URL = stack.baseUrl;
  process.env.SCALE_OUT_STACK = JSON.stringify(info);
  return stop;
}
