import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * Behind nginx (`proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`) the header
 * reaches the server as "<whatever the client sent>, <the client's real address>". With
 * TRUST_PROXY=1 only the entry the proxy appended counts; by default no entry does.
 */
const NGINX = '10.0.0.2';
const REAL_CLIENT = '203.0.113.7';

function whoAmI(app: TestApp['app']) {
  app.get('/api/test/ip', async (request) => ({ ip: request.ip, protocol: request.protocol }));
}

describe('TRUST_PROXY=1 (one reverse proxy)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '3' }, whoAmI);
  });
  afterAll(async () => t?.close());

  const viaProxy = (spoofed: string, client = REAL_CLIENT) =>
    t.app.inject({
      method: 'GET',
      url: '/api/test/ip',
      remoteAddress: NGINX,
      headers: { 'x-forwarded-for': `${spoofed}, ${client}`, 'x-forwarded-proto': 'https' },
    });

  it('takes the address the proxy appended, not one the client wrote', async () => {
    const response = await viaProxy('198.51.100.1');
    expect(response.json()).toEqual({ ip: REAL_CLIENT, protocol: 'https' });
  });

  it('counts requests with changing spoofed addresses under the proxy-appended one', async () => {
    // The first test spent one of the three requests of REAL_CLIENT's minute.
    expect((await viaProxy('198.51.100.2')).statusCode).toBe(200);
    expect((await viaProxy('198.51.100.3')).statusCode).toBe(200);
    const limited = await viaProxy('198.51.100.4');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ key: 'RATE_LIMITED_ERR' });
    // Another real client behind the same proxy keeps its own budget.
    expect((await viaProxy('198.51.100.4', '203.0.113.8')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY unset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, whoAmI);
  });
  afterAll(async () => t?.close());

  it('ignores X-Forwarded-For and X-Forwarded-Proto: the address is the peer', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/ip',
      remoteAddress: NGINX,
      headers: { 'x-forwarded-for': `198.51.100.1, ${REAL_CLIENT}`, 'x-forwarded-proto': 'https' },
    });
    expect(response.json()).toEqual({ ip: NGINX, protocol: 'http' });
  });
});

describe('TRUST_PROXY as a list of addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { TRUST_PROXY: '10.0.0.0/24' }, whoAmI);
  });
  afterAll(async () => t?.close());

  it('believes the header from a listed proxy only', async () => {
    const headers = { 'x-forwarded-for': `198.51.100.1, ${REAL_CLIENT}` };
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/test/ip',
      remoteAddress: NGINX,
      headers,
    });
    expect(listed.json()).toMatchObject({ ip: REAL_CLIENT });
    const unlisted = await t.app.inject({
      method: 'GET',
      url: '/api/test/ip',
      remoteAddress: '192.0.2.9',
      headers,
    });
    expect(unlisted.json()).toMatchObject({ ip: '192.0.2.9' });
  });
});

describe('an https PUBLIC_URL with no trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PUBLIC_URL: 'https://hire.example.com' }, whoAmI);
  });
  afterAll(async () => t?.close());

  it('serves rather than redirect: it cannot tell how the request reached the proxy', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/ip',
      headers: { 'x-forwarded-proto': 'http', host: 'hire.example.com' },
    });
    // A redirect here would loop: every request reaches the server over plain http.
    expect(response.statusCode).toBe(200);
  });
});
