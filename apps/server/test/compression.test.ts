import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../src/plugins/compression';
import { createTestApp, type TestApp } from './test-app';

/** A built web app as `vite build` leaves it: a hashed script with its .br and .gz beside it. */
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
/** Stand-in for a recorded answer: bytes that must reach the player exactly as stored. */
const VIDEO = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7) % 256));
const BIG_JSON = { items: Array.from({ length: 200 }, (_, index) => ({ index, name: 'same' })) };

describe('compression (PGlite)', () => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'candid-web-'));
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const script = path.join(webDir, 'assets', 'index-abc123.js');
    await writeFile(script, SCRIPT);
    await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
    await writeFile(`${script}.gz`, gzipSync(SCRIPT));
    t = await createTestApp('pglite', { WEB_DIST_DIR: webDir }, (app) => {
      app.get('/api/__test/big', async () => BIG_JSON);
      app.get('/api/__test/small', async () => ({ ok: true }));
    });
    await t.app.storage.putObject('org/job/answer.webm', VIDEO, { contentType: 'video/webm' });
  });
  afterAll(async () => {
    await t?.close();
    if (webDir) await rm(webDir, { recursive: true, force: true });
  });

  it('serves the brotli file the build made when the browser accepts br, else gzip, else the file', async () => {
    const url = '/assets/index-abc123.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('keeps index.html uncached so a new build is picked up at once', async () => {
    const page = await t.app.inject({
      url: '/interview/some-job',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('compresses JSON answers above the threshold and leaves small ones alone', async () => {
    expect(JSON.stringify(BIG_JSON).length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const big = await t.app.inject({
      url: '/api/__test/big',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toEqual(BIG_JSON);

    const gz = await t.app.inject({
      url: '/api/__test/big',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(BIG_JSON);

    const small = await t.app.inject({
      url: '/api/__test/small',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it('answers a video Range request 206 with the exact bytes, never compressed', async () => {
    const url = await t.app.storage.signGetUrl('org/job/answer.webm', { expiresInSec: 60 });
    const { pathname, search } = new URL(url, 'http://localhost');
    const ranged = await t.app.inject({
      url: `${pathname}${search}`,
      headers: { range: 'bytes=1000-1999', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-encoding']).toBeUndefined();
    expect(ranged.headers['content-range']).toBe(`bytes 1000-1999/${VIDEO.length}`);
    expect(ranged.headers['content-type']).toBe('video/webm');
    expect(Buffer.compare(ranged.rawPayload, VIDEO.subarray(1000, 2000))).toBe(0);

    const whole = await t.app.inject({
      url: `${pathname}${search}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(Buffer.compare(whole.rawPayload, VIDEO)).toBe(0);
  });
});
