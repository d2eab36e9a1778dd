// The API of a benchmark: built on the bench's own database and listening on a free loopback
// port, with the rate limits lifted so the load measures the API and not the limiter. The
// importing script has registered tsx already (the server's sources are TypeScript).
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const { buildApp } = await import(path.join(ROOT, 'apps/server/src/app.ts'));
const { loadConfig } = await import(path.join(ROOT, 'apps/server/src/config.ts'));

/** `db`: `{ dataDir, handle, url? }` (PostgreSQL when `url` is set, PGlite otherwise). */
export async function startBenchApp(db) {
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
  return { app, baseUrl: `http://127.0.0.1:${app.server.address().port}` };
}
