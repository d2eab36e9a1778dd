import type { Job, Template } from '@candid/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUp } from './factories';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import {
  isPublic,
  routeMatrixSuite,
  routesOf,
  SECRET,
  viewAsPlaceOf,
  type Route,
} from './route-matrix-suite';

describe.each(testDbKinds())('route matrix (%s): members, admins, guests and API keys', (kind) => {
  const suite = routeMatrixSuite(kind);
  const { tokens, shareTokens, urlFor, bodyFor, queryFor, call } = suite;
  let t: TestApp;
  let ownerA: SignedUp;
  let memberA: SignedUp;
  let departmentA: string;
  let recruiterB: SignedUp;
  let adminB: SignedUp;
  let jobA: Job;
  let templateA: Template;
  let applicantA: string;
  beforeAll(() => {
    ({ t, ownerA, memberA, departmentA, recruiterB, adminB, jobA, templateA, applicantA } =
      suite.state);
  });

  it("lets A's member work on A's jobs, templates and applicants, but not manage A's members or departments", async () => {
    const reads = [
      `/api/job/${jobA._id}`,
      `/api/job/${jobA._id}/${applicantA}`,
      `/api/template/${templateA._id}`,
      `/api/job/applicant?jobId=${jobA._id}`,
      '/api/team',
      '/api/department',
    ];
    for (const url of reads) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: bearer(memberA.accessToken),
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    // Both rate A's applicant: the rating route aims at a real resource.
    for (const who of [memberA, ownerA]) {
      const rated = await t.app.inject({
        method: 'PUT',
        url: `/api/job/${jobA._id}/${applicantA}/rating`,
        headers: bearer(who.accessToken),
        payload: { targetType: 'criterion', targetId: 'overall', score: 4 },
      });
      expect(rated.statusCode, rated.body).toBe(200);
    }
    const manage = [
      {
        method: 'POST' as const,
        url: '/api/team/member',
        payload: bodyFor({ method: 'POST', path: '/api/team/member', operation: {} }),
      },
      {
        method: 'PUT' as const,
        url: `/api/team/member/${ownerA.user._id}`,
        payload: { fName: 'x', email: ownerA.email },
      },
      { method: 'DELETE' as const, url: `/api/team/member/${ownerA.user._id}` },
      { method: 'POST' as const, url: `/api/team/member/${ownerA.user._id}/invitation` },
      {
        method: 'PUT' as const,
        url: `/api/user/password/${ownerA.user._id}`,
        payload: { newPassword: 'Another123' },
      },
      { method: 'POST' as const, url: '/api/department', payload: { name: 'Mine' } },
      { method: 'PUT' as const, url: `/api/department/${departmentA}`, payload: { name: 'Mine' } },
      { method: 'DELETE' as const, url: `/api/department/${departmentA}` },
    ];
    for (const request of manage) {
      const response = await t.app.inject({ ...request, headers: bearer(memberA.accessToken) });
      expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(403);
    }
    // A's owner manages them.
    const owner = await t.app.inject({
      method: 'PUT',
      url: `/api/team/member/${memberA.user._id}`,
      headers: bearer(ownerA.accessToken),
      payload: { fName: `${SECRET}Member`, email: memberA.email },
    });
    expect(owner.statusCode, owner.body).toBe(200);
  }, 300_000);

  it("keeps data retention and the brand to A's owner and lets A's member export an applicant", async () => {
    const as = (account: SignedUp) => (method: 'GET' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(account.accessToken), payload });
    for (const [method, url, payload] of [
      ['GET', '/api/org/retention', undefined],
      ['GET', '/api/org/retention/preview?months=6', undefined],
      ['PUT', '/api/org/retention', { retentionMonths: 6 }],
    ] as const) {
      const refused = await as(memberA)(method, url, payload);
      expect(refused.statusCode, `member ${method} ${url}: ${refused.body}`).toBe(403);
    }
    // The brand: A's member reads it; setting it is the owner's.
    const brand = await as(memberA)('GET', '/api/org/brand');
    expect(brand.statusCode, brand.body).toBe(200);
    const rebrand = await as(memberA)('PUT', '/api/org/brand', {
      logoUrl: '',
      accentColor: '#1d4ed8',
      showVendorMark: false,
    });
    expect(rebrand.statusCode, rebrand.body).toBe(403);
    const read = await as(ownerA)('GET', '/api/org/retention/preview?months=24');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ months: 24, count: 0, applicants: [] });
    const exported = await as(memberA)('GET', `/api/job/${jobA._id}/${applicantA}/export`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    expect(exported.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  }, 300_000);

  it('lets an admin act for A only through view-as, and logs it as theirs', async () => {
    const direct = await t.app.inject({
      method: 'GET',
      url: `/api/job/${jobA._id}`,
      headers: bearer(adminB.accessToken),
    });
    expect(direct.statusCode).toBe(404);
    const viewAs = await t.app.inject({
      method: 'GET',
      url: `/api/job/${jobA._id}?viewAsId=${ownerA.user._id}`,
      headers: bearer(adminB.accessToken),
    });
    expect(viewAs.statusCode).toBe(200);
    // A recruiter naming someone to view as is refused by name, not answered for themselves.
    const notAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/job/${jobA._id}?viewAsId=${ownerA.user._id}`,
      headers: bearer(recruiterB.accessToken),
    });
    expect(notAdmin.json()).toMatchObject({ status: 403, key: 'VIEW_AS_FORBIDDEN_ERR' });
  }, 300_000);

  it('refuses a view-as of anyone else from all but an admin, on every route that takes one, and changes nothing', async () => {
    const routes = routesOf(t.app.swagger() as Parameters<typeof routesOf>[0]).filter(
      (route) => viewAsPlaceOf(route) !== null,
    );
    expect(routes.length).toBeGreaterThan(10);
    const reads = [
      ['ownerA', `/api/job/${jobA._id}`],
      ['ownerA', '/api/job'],
      ['ownerA', '/api/template'],
      ['ownerA', '/api/team'],
      ['ownerA', `/api/job/applicant?jobId=${jobA._id}`],
      ['recruiterB', '/api/job'],
      ['recruiterB', '/api/template'],
      ['recruiterB', '/api/team'],
    ] as const;
    const snapshot = async () =>
      Promise.all(
        reads.map(async ([who, url]) => {
          const response = await t.app.inject({
            method: 'GET',
            url,
            headers: bearer(tokens[who]!),
          });
          expect(response.statusCode, `${who} ${url}: ${response.body}`).toBe(200);
          return response.body;
        }),
      );
    const before = await snapshot();

    // B's recruiter and B's key name A's owner (another organisation), A's member names A's
    // owner (a colleague): none of them is an admin.
    for (const who of ['recruiterB', 'memberA', 'apiKeyB'] as const) {
      for (const route of routes) {
        const place = viewAsPlaceOf(route);
        const query = [
          queryFor(route).slice(1),
          place === 'query' ? `viewAsId=${ownerA.user._id}` : '',
        ]
          .filter(Boolean)
          .join('&');
        const body = bodyFor(route);
        const response = await t.app.inject({
          method: route.method,
          url: `${urlFor(route, who)}${query ? `?${query}` : ''}`,
          headers: bearer(tokens[who]!),
          ...(place === 'body'
            ? { payload: { ...body, viewAsId: ownerA.user._id } }
            : body === undefined
              ? {}
              : { payload: body }),
        });
        const what = `${who} ${route.method} ${route.path} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, what).toBe(403);
        // A key is refused a route outside its reach before its view-as is even read.
        if (who !== 'apiKeyB')
          expect(response.json(), what).toMatchObject({ key: 'VIEW_AS_FORBIDDEN_ERR' });
      }
    }
    expect(await snapshot()).toEqual(before);

    // Naming oneself is no view-as at all.
    const self = await t.app.inject({
      method: 'GET',
      url: `/api/job?viewAsId=${recruiterB.user._id}`,
      headers: bearer(recruiterB.accessToken),
    });
    expect(self.statusCode).toBe(200);
  }, 300_000);

  it("lets a guest of A's share link read and rate A's shared applicant, and nothing else", async () => {
    const routes = routesOf(t.app.swagger() as Parameters<typeof routesOf>[0]);
    const shareRoutes = routes.filter((route) => route.path.startsWith('/api/share/'));
    expect(shareRoutes.length).toBe(3);
    for (const route of shareRoutes) {
      const response = await call(route, 'guestA');
      expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(200);
      // The link's own page: no note, no other reviewer's rating, no owner.
      expect(response.body).not.toContain(ownerA.user._id);
      expect(response.body).not.toContain(memberA.user._id);
    }
    // Everywhere else the guest is nobody (no header: the token lives in the share path only).
    const others = routes.filter(
      (route) =>
        !isPublic(route) &&
        !route.path.startsWith('/api/share/') &&
        (route.operation.security as object[]).every((req) => Object.keys(req).length > 0),
    );
    for (const route of others) {
      const response = await call(route, 'guestA');
      expect(response.statusCode, `${route.method} ${route.path}: ${response.body}`).toBe(401);
    }
    // The token as a bearer header opens no back-office call either.
    const asBearer = await t.app.inject({
      method: 'GET',
      url: `/api/job/${jobA._id}/${applicantA}`,
      headers: bearer(shareTokens.guestA),
    });
    expect(asBearer.statusCode).toBe(401);
  }, 300_000);

  /** Whether the OpenAPI document says an organisation API key may call the route. */
  const takesApiKey = (route: Route) =>
    (route.operation.security ?? []).some(
      (requirement) =>
        typeof requirement === 'object' && requirement !== null && 'apiKeyAuth' in requirement,
    );

  it("lets A's read key only read: every other method is refused before anything happens", async () => {
    const routes = routesOf(t.app.swagger() as Parameters<typeof routesOf>[0]);
    const writes = routes.filter((route) => route.method !== 'GET');
    expect(writes.length).toBeGreaterThan(30);
    for (const route of writes) {
      const response = await call(route, 'readKeyA');
      const what = `${route.method} ${route.path} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, what).toBe(403);
    }
  }, 300_000);

  it("keeps A's write key to jobs, templates and applicants: accounts, team, admin screens and integrations refuse it", async () => {
    const routes = routesOf(t.app.swagger() as Parameters<typeof routesOf>[0]);
    const closed = routes.filter((route) => !isPublic(route) && !takesApiKey(route));
    expect(closed.some((route) => route.path.startsWith('/api/integrations'))).toBe(true);
    for (const route of closed) {
      const response = await call(route, 'writeKeyA');
      const what = `${route.method} ${route.path} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      // The candidate's side takes a candidate token only (401); the rest is forbidden (403).
      expect([401, 403], what).toContain(response.statusCode);
    }
    // The documented ones answer it, on A's resources.
    const reads = [`/api/job/${jobA._id}`, `/api/job/applicant?jobId=${jobA._id}`];
    for (const url of reads) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: bearer(tokens.writeKeyA!),
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
  }, 300_000);
});
