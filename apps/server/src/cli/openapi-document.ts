/**
 * `npm run openapi -w apps/server -- <file>`: writes the OpenAPI document the server serves at
 * /api/docs/json to the file (or stdout), without opening a port: the app is built on a
 * throwaway embedded database and asked for its document. `npm test` lints it (redocly.yaml) and packages/api-client makes its types
 * from it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'candid-openapi-'));
try {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'openapi-document-openapi-document-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  const target = process.argv[2];
  if (target) await writeFile(path.resolve(target), document);
  else process.stdout.write(document);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
