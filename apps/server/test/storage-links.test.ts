import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * Links to stored objects must load under the app's Content-Security-Policy whatever host name
 * the app was opened with: the local driver's links are same-origin paths, and the S3 driver's
 * bucket origin is listed where browsers fetch media, images and uploads.
 */
describe('local storage links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PUBLIC_URL: 'http://localhost:3000' });
  });
  afterAll(async () => t?.close());

  it('are same-origin paths, served to a request for any host name', async () => {
    await t.app.storage.putObject('job/clip.webm', Buffer.from('webm bytes'), {
      contentType: 'video/webm',
    });
    const get = await t.app.storage.signGetUrl('job/clip.webm', { expiresInSec: 60 });
    const put = await t.app.storage.signPutUrl('job/other.webm', {
      expiresInSec: 60,
      contentType: 'video/webm',
    });
    expect(get).toMatch(/^\/api\/storage\/object\/job\/clip\.webm\?/);
    expect(put).toMatch(/^\/api\/storage\/object\/job\/other\.webm\?/);

    // Opened through 127.0.0.1 while PUBLIC_URL names localhost.
    const response = await t.app.inject({
      method: 'GET',
      url: get,
      headers: { host: '127.0.0.1:3000' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('webm bytes');
  });
});

/** Whether a CSP directive's sources allow `origin` (scheme + host, `*.` as a subdomain). */
function allows(sources: string[], origin: string): boolean {
  const { protocol, host } = new URL(origin);
  return sources.some((source) => {
    if (!source.includes('//')) return source === protocol;
    const allowed = new URL(source.replace('*.', 'wildcard.'));
    if (allowed.protocol !== protocol) return false;
    if (source.includes('//*.')) {
      return host.endsWith(allowed.host.slice('wildcard'.length));
    }
    return allowed.host === host;
  });
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe.each([
  ['AWS', { S3_REGION: 'eu-west-1' }],
  ['a path-style endpoint', { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }],
  ['a virtual-hosted endpoint', { S3_ENDPOINT: 'http://storage.internal:9000' }],
])('S3 storage on %s', (_name, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'candid-media',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      ...env,
    });
  });
  afterAll(async () => t?.close());

  it('signs URLs whose origin the CSP allows for media, images and uploads', async () => {
    const get = new URL(await t.app.storage.signGetUrl('job/clip.webm', { expiresInSec: 60 }));
    const put = new URL(
      await t.app.storage.signPutUrl('job/clip.webm', {
        expiresInSec: 60,
        contentType: 'video/webm',
      }),
    );
    const response = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    const csp = directives(String(response.headers['content-security-policy']));
    expect(allows(csp.get('media-src')!, get.origin), get.origin).toBe(true);
    expect(allows(csp.get('img-src')!, get.origin), get.origin).toBe(true);
    expect(allows(csp.get('connect-src')!, put.origin), put.origin).toBe(true);
  });
});
