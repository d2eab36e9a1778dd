import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CoverSearchResponse } from '@candid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_COVERS } from '../src/modules/covers/covers.gallery';
import type { SignedUp } from './factories';
import { createTestClock } from './helpers';
import { accountWith, callAs } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

/** A stand-in for Unsplash's search API that records what it was asked. */
async function startFakeUnsplash() {
  const requests: { url: URL; headers: IncomingMessage['headers'] }[] = [];
  let status = 200;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push({ url, headers: request.headers });
    if (status !== 200 || url.pathname !== '/search/photos') {
      response.writeHead(status === 200 ? 404 : status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ errors: ['nope'] }));
      return;
    }
    const page = Number(url.searchParams.get('page'));
    const query = url.searchParams.get('query') ?? '';
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        total: 45,
        total_pages: 3,
        results: Array.from({ length: page === 3 ? 5 : 20 }, (_, index) => ({
          id: `p${page}-${index}`,
          alt_description: index === 0 ? null : `${query} photo ${index}`,
          description: index === 0 ? `Described ${query}` : null,
          urls: {
            raw: `https://images.example/raw/${page}-${index}`,
            regular: `https://images.example/regular/${page}-${index}`,
            small: `https://images.example/small/${page}-${index}`,
          },
          user: {
            name: `Photographer ${index}`,
            links: { html: `https://unsplash.com/@p${index}` },
          },
        })),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failWith(code: number) {
      status = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDbKinds())('cover search on %s', (kind) => {
  describe('without an Unsplash key: the built-in gallery', () => {
    let t: TestApp;
    let user: SignedUp;

    beforeAll(async () => {
      t = await createTestApp(kind);
      user = await accountWith(t.app);
    });
    afterAll(async () => t?.close());

    const search = async (query: string) => {
      const response = await callAs(t.app, user)(
        'GET',
        `/api/covers/search?query=${encodeURIComponent(query)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as CoverSearchResponse;
    };

    it('requires a login', async () => {
      expect((await callAs(t.app, null)('GET', '/api/covers/search?query=sea')).statusCode).toBe(
        401,
      );
    });

    it('lists the whole gallery for an empty query, one page', async () => {
      const all = await search('  ');
      expect(all.totalPages).toBe(1);
      expect(all.results).toHaveLength(GALLERY_COVERS.length);
      expect(GALLERY_COVERS.length).toBeGreaterThanOrEqual(12);
      for (const cover of all.results) {
        expect(cover.regular).toMatch(/^\/api\/covers\/[a-z-]+\.svg$/);
        expect(cover.small).toBe(cover.regular);
        expect(cover.alt).toBeTruthy();
      }
    });

    it('searches the English and Hebrew tags', async () => {
      expect((await search('Ocean')).results.map((cover) => cover.regular)).toEqual([
        '/api/covers/ocean-waves.svg',
      ]);
      expect((await search('הרים')).results.map((cover) => cover.regular)).toContain(
        '/api/covers/snowy-mountains.svg',
      );
      // A Hebrew prefix ("the sea") still finds the sea.
      expect((await search('הים')).results.map((cover) => cover.regular)).toContain(
        '/api/covers/ocean-waves.svg',
      );
      expect((await search('city office')).results.map((cover) => cover.regular)).toEqual([
        '/api/covers/city-skyline.svg',
      ]);
      expect(await search('zebra')).toEqual({ results: [], totalPages: 0 });
      const beyond = await callAs(t.app, user)('GET', '/api/covers/search?query=&page=2');
      expect(beyond.json()).toEqual({ results: [], totalPages: 1 });
    });

    it('serves each cover as a small, cacheable SVG image', async () => {
      for (const cover of GALLERY_COVERS) {
        const response = await callAs(t.app, null)('GET', `/api/covers/${cover.id}.svg`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('image/svg+xml');
        expect(response.body.startsWith('<svg')).toBe(true);
        expect(response.body).not.toMatch(/<script|on\w+=/i);
        expect(response.rawPayload.length).toBeLessThan(8 * 1024);
        const again = await t.app.inject({
          method: 'GET',
          url: `/api/covers/${cover.id}.svg`,
          headers: { 'if-none-match': String(response.headers.etag) },
        });
        expect(again.statusCode).toBe(304);
      }
      expect((await callAs(t.app, null)('GET', '/api/covers/nope.svg')).statusCode).toBe(404);
      expect((await callAs(t.app, null)('GET', '/api/covers/..%2Fsecrets.json')).statusCode).toBe(
        404,
      );
    });
  });

  describe('with an Unsplash key: the stock-photo search', () => {
    let t: TestApp;
    let user: SignedUp;
    let unsplash: Awaited<ReturnType<typeof startFakeUnsplash>>;
    const clock = createTestClock();

    beforeAll(async () => {
      unsplash = await startFakeUnsplash();
      t = await createTestApp(
        kind,
        { UNSPLASH_ACCESS_KEY: 'test-access-key', UNSPLASH_API_URL: `${unsplash.url}/` },
        undefined,
        { now: clock.now },
      );
      user = await accountWith(t.app);
    });
    afterAll(async () => {
      await t?.close();
      await unsplash?.close();
    });

    it('proxies the search, 20 per page, with credits and alt texts', async () => {
      const response = await callAs(t.app, user)(
        'GET',
        '/api/covers/search?query=%20office%20&page=2',
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as CoverSearchResponse;
      expect(body.totalPages).toBe(3);
      expect(body.results).toHaveLength(20);
      expect(body.results[0]).toEqual({
        regular: 'https://images.example/regular/2-0',
        small: 'https://images.example/small/2-0',
        alt: 'Described office',
        credit: {
          name: 'Photographer 0',
          url: 'https://unsplash.com/@p0?utm_source=candid&utm_medium=referral',
        },
      });
      expect(body.results[1]!.alt).toBe('office photo 1');

      const [request] = unsplash.requests;
      expect(request!.url.pathname).toBe('/search/photos');
      expect(Object.fromEntries(request!.url.searchParams)).toMatchObject({
        query: 'office',
        page: '2',
        per_page: '20',
      });
      expect(request!.headers.authorization).toBe('Client-ID test-access-key');
      expect(request!.headers['accept-version']).toBe('v1');
    });

    it('reuses a recent answer instead of asking again', async () => {
      const before = unsplash.requests.length;
      await callAs(t.app, user)('GET', '/api/covers/search?query=beach');
      await callAs(t.app, user)('GET', '/api/covers/search?query=Beach');
      expect(unsplash.requests.length).toBe(before + 1);
      clock.advance(11 * 60 * 1000);
      await callAs(t.app, user)('GET', '/api/covers/search?query=beach');
      expect(unsplash.requests.length).toBe(before + 2);
    });

    it('still lists the built-in gallery for an empty query, without asking Unsplash', async () => {
      const before = unsplash.requests.length;
      const response = await callAs(t.app, user)('GET', '/api/covers/search?query=');
      expect((response.json() as CoverSearchResponse).results).toHaveLength(GALLERY_COVERS.length);
      expect(unsplash.requests.length).toBe(before);
    });

    it('answers 502 when Unsplash fails, without leaking its answer', async () => {
      unsplash.failWith(403);
      const response = await callAs(t.app, user)('GET', '/api/covers/search?query=forest');
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ status: 502, key: 'INTERNAL_ERR' });
      expect(response.body).not.toContain('test-access-key');
      unsplash.failWith(200);
    });
  });
});
