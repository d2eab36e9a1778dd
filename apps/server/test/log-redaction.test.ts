import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { redactUrl } from '../src/lib/log-redaction';
import { createTestDatabase } from './test-db';

/** Values that must never reach a log line, whichever way they travel. */
const SECRETS = {
  sig: 'SigSecretValue0123456789',
  amzSignature: 'a1b2c3d4AmzSignatureSecret',
  amzCredential: 'AKIAEXAMPLESECRET',
  share: 'ShareTokenSecretValue0123456789',
  status: 'StatusTokenSecretValue012345678',
  invite: 'InviteTokenSecretValue01234567',
  token: 'QueryTokenSecretValue012345678',
  bearer: 'eyJhbGciOiJIUzI1NiJ9.BearerSecret.Value',
  cookie: 'session=CookieSecretValue',
};

describe('logs', () => {
  let app: FastifyInstance;
  let dataDir: string;
  const lines: string[] = [];
  const close: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'candid-logs-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-123456',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    });
    const database = await createTestDatabase('pglite');
    app = await buildApp(config, {
      database,
      logger: { level: 'info', stream: { write: (line) => void lines.push(line) } },
    });
    app.get('/api/test/echo-headers', async (request) => {
      request.log.info({ headers: request.headers }, 'headers seen');
      return { ok: true };
    });
    app.get('/api/test/fail', async () => {
      throw new Error(
        `object store refused https://bucket.example/k?X-Amz-Credential=${SECRETS.amzCredential}&X-Amz-Signature=${SECRETS.amzSignature}`,
      );
    });
    await app.ready();
    close.push(
      () => app.close(),
      () => rm(dataDir, { recursive: true, force: true }),
    );
  });
  afterAll(async () => {
    for (const step of close) await step();
  });

  it('carry no signature, token or credential from URLs, headers or errors', async () => {
    const headers = { authorization: `Bearer ${SECRETS.bearer}`, cookie: SECRETS.cookie };
    const urls = [
      `/api/storage/object/job/a.webm?exp=9999999999&sig=${SECRETS.sig}`,
      `/api/share/${SECRETS.share}/applicant-1`,
      `/share/${SECRETS.share}`,
      `/application/${SECRETS.status}`,
      `/interview/job-1?invite=${SECRETS.invite}`,
      `/api/invitation/stop?token=${SECRETS.token}`,
      `/api/nowhere?X-Amz-Credential=${SECRETS.amzCredential}&X-Amz-Signature=${SECRETS.amzSignature}`,
      '/api/test/echo-headers',
      '/api/test/fail',
    ];
    for (const url of urls) await app.inject({ method: 'GET', url, headers });

    const output = lines.join('');
    // The requests were logged at all (otherwise the test would prove nothing).
    expect(output).toContain('/api/storage/object/job/a.webm?exp=9999999999&sig=[redacted]');
    expect(output).toContain('/api/share/[redacted]/applicant-1');
    expect(output).toContain('/application/[redacted]');
    expect(output).toContain('invite=[redacted]');
    expect(output).toContain('headers seen');
    expect(output).toContain('object store refused');
    for (const [name, secret] of Object.entries(SECRETS)) {
      expect(output.includes(secret.split('=').pop()!), name).toBe(false);
    }
  });
});

describe('redactUrl', () => {
  it('keeps what is not a credential', () => {
    expect(redactUrl('/api/job?page=2&q=share')).toBe('/api/job?page=2&q=share');
    expect(redactUrl('/api/application-status?token=abc')).toBe(
      '/api/application-status?token=[redacted]',
    );
    expect(redactUrl('/x?X-Amz-Date=20260101T000000Z&x-amz-signature=f00')).toBe(
      '/x?X-Amz-Date=20260101T000000Z&x-amz-signature=[redacted]',
    );
  });
});
