import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { createTestDatabase, type TestDbKind } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Builds the real app against a fresh database and a temporary DATA_DIR. `env` entries
 * override the environment exactly as an operator would set them.
 */
export async function createTestApp(
  kind: TestDbKind,
  env: Record<string, string> = {},
  /** Registers extra routes before the app is sealed (e.g. to exercise the error handler). */
  extend?: (app: FastifyInstance) => Promise<void> | void,
  /**
   * Build options beyond the logger, e.g. a test clock (`now`), or a database several apps
   * share (several API processes); the caller closes that one. `logger` captures the logs
   * (silent otherwise).
   */
  options: Pick<BuildAppOptions, 'now' | 'database' | 'logger'> = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'candid-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-123456',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Tests sign in far more often than people do; the limits' own tests set '' to get the
    // real numbers back.
    AUTH_RATE_LIMIT_PER_IP: '10000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
    ...env,
  });
  const database = options.database
    ? { ...options.database, close: async () => undefined }
    : await createTestDatabase(kind);
  const app = await buildApp(config, { ...options, database, logger: options.logger ?? false });
  if (extend) await extend(app);
  await app.ready();
  return {
    app,
    config,
    dataDir,
    close: async () => {
      // A file that listened (signed URLs fetched for real) can leave the test's own keep-alive
      // socket open; under load Node's server.close() then waited on it for good (the afterAll
      // hook timed out, every test passed). Every test is over here, so its sockets go, as the
      // real server cuts what outlives its shutdown deadline (main.ts).
      if (app.server.listening) app.server.closeAllConnections();
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
