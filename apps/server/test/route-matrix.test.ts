import type { Job, Template } from '@candid/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUp } from './factories';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import {
  isCandidateRoute,
  isPublic,
  routeMatrixSuite,
  routesOf,
  SECRET,
  type Who,
} from './route-matrix-suite';

describe.each(testDbKinds())(
  'route matrix (%s): who is let in, and what organisation B never gets',
  (kind) => {
    const suite = routeMatrixSuite(kind);
    const { secretsOf, urlFor, bodyFor, call, namesAResource } = suite;
    let t: TestApp;
    let ownerA: SignedUp;
    let recruiterB: SignedUp;
    let jobA: Job;
    let templateA: Template;
    let applicantA: string;
    let candidateB: string;
    beforeAll(() => {
      ({ t, ownerA, recruiterB, jobA, templateA, applicantA, candidateB } = suite.state);
    });

    it('lets no anonymous caller or candidate into the back office (401)', async () => {
      const routes = routesOf(t.app.swagger() as Parameters<typeof routesOf>[0]);
      expect(routes.length).toBeGreaterThan(40);
      const staffRoutes = routes.filter(
        (route) =>
          !isPublic(route) && !isCandidateRoute(route) && !route.path.startsWith('/api/auth'),
      );
      expect(staffRoutes.length).toBeGreaterThan(25);
      for (const route of staffRoutes) {
        for (const who of ['anonymous', 'candidateB'] as const) {
          const response = await call(route, who);
          // Both are refused before validation (auth plugin and the route's onRequest hook):
          // a token of the wrong kind learns nothing of what a valid body looks like.
          expect(
            response.statusCode,
            `${who} ${route.method} ${route.path}: ${response.body}`,
          ).toBe(401);
        }
      }
    }, 300_000);

    it('refuses an anonymous caller with 401 before it reads an invalid body, query or path', async () => {
      const routes = routesOf(t.app.swagger() as Parameters<typeof routesOf>[0]);
      // An empty requirement makes the login optional (the reset code of verify-code).
      const secured = routes.filter(
        (route) =>
          !isPublic(route) &&
          (route.operation.security as object[]).every((req) => Object.keys(req).length > 0),
      );
      expect(secured.length).toBeGreaterThan(35);
      for (const route of secured) {
        const hasQuery = (route.operation.parameters ?? []).some((p) => p.in === 'query');
        const response = await t.app.inject({
          method: route.method,
          // Path parameters that are no ids, and a query no list accepts.
          url: `${route.path.replace(/\{[^}]+\}/g, 'not-an-id')}${hasQuery ? '?currPage=-1&itemsPerPage=x&sort=nope' : ''}`,
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : { payload: [{ invalid: '\u0000' }] }),
        });
        const what = `${route.method} ${route.path}: ${response.body}`;
        expect(response.statusCode, what).toBe(401);
        expect(response.json(), what).toMatchObject({
          status: 401,
          key: 'LOGIN_REQUIRED_ERR',
          message: expect.any(String),
        });
      }
      // A token that is no token says so, still before any validation.
      const [first] = secured.filter((route) => route.method === 'PUT');
      const refused = await t.app.inject({
        method: 'PUT',
        url: first!.path.replace(/\{[^}]+\}/g, 'not-an-id'),
        headers: bearer('not-a-token'),
        payload: [],
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ status: 401, key: 'INVALID_TOKEN_ERR' });
    }, 300_000);

    it('refuses a logged-in caller of the wrong kind before it reads an invalid body or query', async () => {
      const invalid = { payload: [{ invalid: '\u0000' }] };
      const adminOnly = [
        { method: 'GET' as const, url: '/api/user/query?currPage=-1&sort=nope' },
        { method: 'POST' as const, url: '/api/user', ...invalid },
        { method: 'DELETE' as const, url: '/api/user/not-an-id' },
        { method: 'GET' as const, url: '/api/record?limit=x&levels=nope' },
      ];
      for (const call of adminOnly) {
        const response = await t.app.inject({ ...call, headers: bearer(recruiterB.accessToken) });
        const what = `recruiter ${call.method} ${call.url}: ${response.body}`;
        expect(response.statusCode, what).toBe(403);
        expect(response.json(), what).toMatchObject({ status: 403, key: 'FORBIDDEN_ERR' });
      }
      const sides = [
        { token: candidateB, method: 'PUT' as const, url: '/api/job', ...invalid },
        { token: candidateB, method: 'PUT' as const, url: '/api/user', ...invalid },
        {
          token: recruiterB.accessToken,
          method: 'PUT' as const,
          url: '/api/applicant',
          ...invalid,
        },
      ];
      for (const { token, ...call } of sides) {
        const response = await t.app.inject({ ...call, headers: bearer(token) });
        expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBe(401);
      }
    }, 300_000);

    it('lets no anonymous caller or recruiter into the candidate side (401)', async () => {
      const routes = routesOf(t.app.swagger() as Parameters<typeof routesOf>[0]);
      const candidateRoutes = routes.filter((route) => !isPublic(route) && isCandidateRoute(route));
      expect(candidateRoutes.length).toBeGreaterThan(5);
      for (const route of candidateRoutes) {
        for (const who of ['anonymous', 'recruiterB', 'ownerA'] as const) {
          const response = await call(route, who);
          // Both are refused before validation (auth plugin and the route's onRequest hook):
          // a token of the wrong kind learns nothing of what a valid body looks like.
          expect(
            response.statusCode,
            `${who} ${route.method} ${route.path}: ${response.body}`,
          ).toBe(401);
        }
      }
    }, 300_000);

    it("never answers organisation B (or B's candidate) with A's data, nor lets them change it", async () => {
      const routes = routesOf(t.app.swagger() as Parameters<typeof routesOf>[0]);
      for (const route of routes) {
        // Admins see every account, error record and activity by design (account list,
        // record and activity overviews); those routes are theirs.
        const actors: Who[] = /^\/api\/(user|record|activity)\b/.test(route.path)
          ? ['recruiterB', 'candidateB', 'anonymous', 'apiKeyB', 'guestB']
          : ['recruiterB', 'adminB', 'candidateB', 'anonymous', 'apiKeyB', 'guestB'];
        for (const who of actors) {
          const response = await call(route, who);
          const what = `${who} ${route.method} ${route.path} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, what).toBeLessThan(500);
          // Public pages (the invitation's job) show what anyone may see by design.
          if (isPublic(route)) continue;
          // An id the caller sent may come back in "Applicant {id} not found": that tells nothing.
          const sent = `${urlFor(route, who)}${JSON.stringify(bodyFor(route) ?? {})}`;
          for (const secret of secretsOf().filter((s) => !sent.includes(s))) {
            expect(response.body, what).not.toContain(secret);
          }
          if (namesAResource(route) && !(isPublic(route) && route.path.endsWith('/public'))) {
            expect([400, 401, 403, 404], what).toContain(response.statusCode);
          }
        }
      }
    }, 300_000);

    it("answers A's owner on the same calls, so the matrix aims at real resources", async () => {
      const reads = [
        `/api/job/${jobA._id}`,
        `/api/job/${jobA._id}/${applicantA}`,
        `/api/job/applicantVideos/${applicantA}/${jobA._id}`,
        `/api/template/${templateA._id}`,
        `/api/user/${ownerA.user._id}`,
        `/api/job/applicant?jobId=${jobA._id}`,
      ];
      for (const url of reads) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: bearer(ownerA.accessToken),
        });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        // The answers list of a text-only interview not yet answered names nothing else.
        if (!url.includes('applicantVideos')) {
          expect(response.body).toMatch(new RegExp(`${SECRET}|${applicantA}|${ownerA.user._id}`));
        }
      }
    }, 300_000);
  },
);
