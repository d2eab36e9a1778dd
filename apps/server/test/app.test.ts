import { UPLINK_PROBE_BYTES } from '@candid/domain';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../src/lib/app-error';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

describe.each(testDbKinds('both'))('app on %s', (kind) => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'candid-web-'));
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>Candid</title><div id="root"></div>',
    );
    await writeFile(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(path.join(webDir, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
    t = await createTestApp(kind, { WEB_DIST_DIR: webDir, RATE_LIMIT_PER_MINUTE: '40' }, (app) => {
      const typed = app.withTypeProvider<ZodTypeProvider>();
      typed.post(
        '/api/__test/echo',
        { schema: { body: z.object({ email: z.string().email(), age: z.number().int().min(0) }) } },
        async (request) => request.body,
      );
      typed.get('/api/__test/conflict', async () => {
        throw new AppError('EMAIL_TAKEN_ERR');
      });
      typed.get('/api/__test/crash', async () => {
        throw new Error('database password is hunter2');
      });
    });
  });
  afterAll(async () => t?.close());

  it('applies every migration, creating each entity table', async () => {
    const result = (await t.app.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )) as unknown as { rows: { table_name: string }[] };
    const tables = result.rows.map((row) => row.table_name);
    for (const table of [
      'organizations',
      'users',
      'refresh_tokens',
      'one_time_codes',
      'jobs',
      'templates',
      'applicants',
      'notes',
      'timeline_events',
      'uploads',
      'log_records',
      'activities',
    ]) {
      expect(tables).toContain(table);
    }
  });

  it('reports database and storage health', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { ok: true, driver: kind },
      storage: { ok: true, driver: 'local' },
    });
  });

  it('answers the uplink probe with the size it received, and refuses a larger body', async () => {
    const probe = await t.app.inject({
      method: 'POST',
      url: '/api/health/uplink',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(UPLINK_PROBE_BYTES, 7),
    });
    expect(probe.statusCode, probe.body).toBe(200);
    expect(probe.json()).toEqual({ bytes: UPLINK_PROBE_BYTES });
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/health/uplink',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(UPLINK_PROBE_BYTES + 1),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ status: 413, key: expect.any(String) });
  });

  it('answers unknown API paths with the NOT_FOUND_ERR body and a trace id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    const body = response.json();
    expect(body).toMatchObject({
      status: 404,
      key: 'NOT_FOUND_ERR',
      message: 'Resource not found',
    });
    expect(body.traceId).toBe(response.headers['x-request-id']);
  });

  it('keeps an incoming request id as the trace id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': 'proxy-id-12345' },
    });
    expect(response.headers['x-request-id']).toBe('proxy-id-12345');
    expect(response.json().traceId).toBe('proxy-id-12345');
  });

  it('rejects bad input with VALIDATION_ERR and the fields at fault', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/__test/echo',
      payload: { email: 'not-an-email', age: -1 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: 400, key: 'VALIDATION_ERR' });
    expect(body.issues.map((issue: { path: string }) => issue.path).sort()).toEqual([
      'age',
      'email',
    ]);
  });

  it('turns an AppError into its spec key and status', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/__test/conflict' });
    expect(response.json()).toMatchObject({
      key: 'EMAIL_TAKEN_ERR',
      message: 'Email address is already taken',
    });
    expect(response.statusCode).toBe(response.json().status);
  });

  it('hides the details of a server failure', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/__test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ status: 500, key: 'INTERNAL_ERR' });
    expect(response.body).not.toContain('hunter2');
  });

  it('serves the web app with an SPA fallback and cache headers', async () => {
    const deep = await t.app.inject({
      method: 'GET',
      url: '/backoffice/job',
      headers: { accept: 'text/html' },
    });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toContain('text/html');
    expect(deep.body).toContain('<div id="root">');
    expect(deep.headers['cache-control']).toBe('no-cache');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // A script carries what a script obeys, not the document-only headers (bytes on every chunk).
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['cross-origin-opener-policy']).toBeUndefined();
    // The document keeps them all.
    expect(deep.headers['content-security-policy']).toContain("default-src 'self'");
    expect(deep.headers['x-frame-options']).toBe('SAMEORIGIN');

    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.ico?t=123' });
    expect(favicon.statusCode).toBe(200);

    const missingAsset = await t.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(missingAsset.statusCode).toBe(404);
  });

  it('serves the TinyFaceDetector model files and nothing else from the model folder', async () => {
    const manifest = await t.app.inject({
      method: 'GET',
      url: '/face-models/tiny_face_detector_model-weights_manifest.json',
    });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()[0].weights.length).toBeGreaterThan(0);
    const weights = await t.app.inject({
      method: 'GET',
      url: '/face-models/tiny_face_detector_model.bin',
    });
    expect(weights.statusCode).toBe(200);
    expect(weights.rawPayload.byteLength).toBeGreaterThan(100_000);
    const other = await t.app.inject({ method: 'GET', url: '/face-models/age_gender_model.bin' });
    expect(other.statusCode).toBe(404);
  });

  it('sets security headers, and lets other sites frame only the embed page', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/backoffice',
      headers: { accept: 'text/html' },
    });
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const embed = await t.app.inject({
      method: 'GET',
      url: '/embed/abc?lng=he',
      headers: { accept: 'text/html' },
    });
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toMatchObject({
      openapi: expect.stringMatching(/^3\./),
      info: { title: 'Candid API' },
    });
    expect(Object.keys(doc.json().paths)).toContain('/api/health');
  });

  it('rate limits the API per client with RATE_LIMITED_ERR, not the web app', async () => {
    const statuses: number[] = [];
    let limited: { statusCode: number; json(): unknown } | undefined;
    for (let i = 0; i < 45; i++) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/nope',
        remoteAddress: '10.9.8.7',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        limited = response;
        break;
      }
    }
    expect(limited, `statuses: ${statuses.join(',')}`).toBeDefined();
    expect(limited!.json()).toMatchObject({ status: 429, key: 'RATE_LIMITED_ERR' });
    expect(
      Number((limited as unknown as { headers: Record<string, string> }).headers['retry-after']),
    ).toBeGreaterThan(0);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      remoteAddress: '10.9.8.8',
    });
    expect(other.statusCode).toBe(404);
    const page = await t.app.inject({
      method: 'GET',
      url: '/backoffice',
      remoteAddress: '10.9.8.7',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
  });
});

describe('content security policy with Google sign-in', () => {
  it('allows Google Identity Services only when a client id is configured', async () => {
    const withGoogle = await createTestApp('pglite', { GOOGLE_CLIENT_ID: 'client.apps.example' });
    const without = await createTestApp('pglite');
    try {
      const on = await withGoogle.app.inject({ method: 'GET', url: '/api/health' });
      const csp = String(on.headers['content-security-policy']);
      expect(csp).toMatch(/script-src[^;]*https:\/\/accounts\.google\.com\/gsi\//);
      expect(csp).toMatch(/frame-src[^;]*https:\/\/accounts\.google\.com\/gsi\//);
      const off = await without.app.inject({ method: 'GET', url: '/api/health' });
      expect(String(off.headers['content-security-policy'])).not.toContain('accounts.google.com');
    } finally {
      await withGoogle.close();
      await without.close();
    }
  });
});

describe('https redirect', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      PUBLIC_URL: 'https://hire.example.com',
      TRUST_PROXY: '1',
    });
  });
  afterAll(async () => t?.close());

  it('redirects a request that reached the proxy over http to the https address', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/backoffice/job?x=1',
      headers: { 'x-forwarded-proto': 'http', host: 'hire.example.com' },
    });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('https://hire.example.com/backoffice/job?x=1');
  });

  it('serves a request that reached the proxy over https, with HSTS', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-forwarded-proto': 'https', host: 'hire.example.com' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });

  it('keeps the health check reachable over http for load balancers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});
