import type { Job, Template } from '@candid/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUp } from './factories';
import { accountWith, createInterviewJob, startInterview } from './interview-helpers';
import { questionPayload } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

/**
 * The route matrix: every route of the OpenAPI document, called as each kind of actor, aimed at
 * organisation A's resources (its job, applicant, template and owner in the path, the query and
 * the body). Nobody from organisation B (recruiter, admin not viewing as, or candidate of a B
 * job) and no anonymous caller may get A's data or change it: they get 401, 403, 404 or a 400
 * for the body, never a 2xx, and no answer contains A's ids or marked texts. A's owner gets the
 * same calls answered, so the matrix does aim at real resources.
 */

const SECRET = 'MATRIXSECRET';

interface Operation {
  security?: unknown[];
  parameters?: { name: string; in: 'path' | 'query' }[];
}

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  operation: Operation;
}

type Who =
  | 'anonymous'
  | 'candidateB'
  | 'recruiterB'
  | 'adminB'
  | 'ownerA'
  | 'memberA'
  | 'apiKeyB'
  | 'readKeyA'
  | 'writeKeyA'
  | 'guestA'
  | 'guestB';

/**
 * Calls that create something in the caller's own organisation (a member, a department):
 * their body names nothing of A's, so B's owner is answered for B.
 */
const CREATES_IN_OWN_ORG = new Set([
  'POST /api/team/member',
  'POST /api/department',
  'POST /api/integrations/api-key',
  'POST /api/integrations/webhook',
]);

/** The candidate's side: they take a candidate token, never a recruiter's. */
const isCandidateRoute = (route: Route) =>
  /^\/api\/applicant\/?/.test(route.path) || /^\/api\/upload\/(?!image)/.test(route.path);

/** Routes anyone may call (public pages, login, files by key). */
const isPublic = (route: Route) => !route.operation.security;

function routesOf(document: { paths?: Record<string, Record<string, Operation>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'DELETE'].includes(upper)) continue;
      routes.push({ method: upper as Route['method'], path, operation });
    }
  }
  return routes;
}

describe.each(testDbKinds())('route matrix (%s)', (kind) => {
  let t: TestApp;
  let ownerA: SignedUp;
  let memberA: SignedUp;
  let departmentA: string;
  let recruiterB: SignedUp;
  let adminB: SignedUp;
  let jobA: Job;
  let templateA: Template;
  let applicantA: string;
  let candidateB: string;
  let apiKeyA: string;
  let webhookA: string;
  let webhookSecretA: string;
  let deliveryA: string;
  const tokens = {} as Record<Who, string | null>;
  /** Share link tokens (issue 15): a guest's calls carry theirs in the path, no header. */
  const shareTokens = {} as Record<'guestA' | 'guestB', string>;
  let shareLinkA: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_PER_MINUTE: '100000' });
    ownerA = await accountWith(t.app, { fName: `${SECRET}Owner` });
    memberA = await accountWith(t.app, {
      fName: `${SECRET}Member`,
      orgId: ownerA.user.companyId!,
    });
    const department = await t.app.inject({
      method: 'POST',
      url: '/api/department',
      headers: bearer(ownerA.accessToken),
      payload: { name: `${SECRET} department` },
    });
    expect(department.statusCode).toBe(201);
    departmentA = (department.json() as { _id: string })._id;
    recruiterB = await accountWith(t.app, { fName: 'Bob' });
    adminB = await accountWith(t.app, { role: 'admin', orgId: recruiterB.user.companyId! });
    jobA = await createInterviewJob(t.app, ownerA, ['text']);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/job',
      headers: bearer(ownerA.accessToken),
      payload: { jobs: [{ ...jobA, info: { ...jobA.info, title: `${SECRET} job` } }] },
    });
    expect(renamed.statusCode).toBe(200);
    jobA = (renamed.json() as { jobs: Job[] }).jobs[0]!;
    const template = await t.app.inject({
      method: 'POST',
      url: '/api/template',
      headers: bearer(ownerA.accessToken),
      payload: {
        title: `${SECRET} template`,
        coverUrl: '/api/covers/city-skyline.svg',
        quests: [questionPayload('text')],
      },
    });
    expect(template.statusCode).toBe(201);
    templateA = template.json() as Template;
    const started = await startInterview(t.app, jobA._id, {
      fName: `${SECRET}Applicant`,
      lName: 'A',
      email: 'matrix@example.com',
      phone: '050-1234567',
      hometown: 'Haifa',
    });
    applicantA = started.applicant.id;
    const jobB = await createInterviewJob(t.app, recruiterB, ['text']);
    const startedB = await startInterview(t.app, jobB._id);
    candidateB = startedB.candidateToken;
    // Share links (issue 15): A's owner shares A's applicant, B's recruiter shares B's.
    const shareLink = async (account: SignedUp, applicantId: string, guestName: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/job/share-link',
        headers: bearer(account.accessToken),
        payload: { applicantIds: [applicantId], guestName },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { token: string; link: { _id: string } };
    };
    const sharedA = await shareLink(ownerA, applicantA, `${SECRET} guest`);
    shareLinkA = sharedA.link._id;
    shareTokens.guestA = sharedA.token;
    shareTokens.guestB = (await shareLink(recruiterB, startedB.applicant.id, 'B guest')).token;
    // Organisation API keys (issue 15): A's read and write keys, and one of B's.
    const makeKey = async (account: SignedUp, scope: 'read' | 'write') => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/integrations/api-key',
        headers: bearer(account.accessToken),
        payload: { name: account === recruiterB ? 'B key' : `${SECRET} key`, scope },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { key: string; apiKey: { _id: string } };
    };
    const writeKeyA = await makeKey(ownerA, 'write');
    apiKeyA = writeKeyA.apiKey._id;
    const readKeyA = await makeKey(ownerA, 'read');
    const apiKeyB = await makeKey(recruiterB, 'write');
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/webhook',
      headers: bearer(ownerA.accessToken),
      // Nothing listens there: deliveries stay pending, which the matrix does not mind.
      payload: { url: 'https://127.0.0.1:9/matrix', events: ['applicant.status_changed'] },
    });
    expect(webhook.statusCode, webhook.body).toBe(201);
    webhookA = (webhook.json() as { _id: string })._id;
    const secret = await t.app.inject({
      method: 'GET',
      url: `/api/integrations/webhook/${webhookA}/secret`,
      headers: bearer(ownerA.accessToken),
    });
    webhookSecretA = (secret.json() as { secret: string }).secret;
    const test = await t.app.inject({
      method: 'POST',
      url: `/api/integrations/webhook/${webhookA}/test`,
      headers: bearer(ownerA.accessToken),
    });
    expect(test.statusCode, test.body).toBe(201);
    deliveryA = (test.json() as { delivery: { _id: string } }).delivery._id;
    Object.assign(tokens, {
      apiKeyB: apiKeyB.key,
      readKeyA: readKeyA.key,
      writeKeyA: writeKeyA.key,
      anonymous: null,
      candidateB,
      guestA: null,
      guestB: null,
      recruiterB: recruiterB.accessToken,
      adminB: adminB.accessToken,
      ownerA: ownerA.accessToken,
      memberA: memberA.accessToken,
    });
  }, 180_000);
  afterAll(async () => t?.close());

  /** What identifies organisation A in an answer. */
  const secretsOf = () => [
    SECRET,
    jobA._id,
    applicantA,
    templateA._id,
    ownerA.user._id,
    memberA.user._id,
    departmentA,
    apiKeyA,
    webhookA,
    webhookSecretA,
    shareLinkA,
    shareTokens.guestA,
  ];

  /** The path with A's resources in its parameters. */
  function urlFor(route: Route, who?: Who): string {
    return route.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
      if (name === 'shareToken') {
        return who === 'guestA' || who === 'guestB' ? shareTokens[who] : 'x';
      }
      if (name === 'jobId') return jobA._id;
      if (name === 'applicantId') return applicantA;
      if (name === 'viewAsId') return ownerA.user._id;
      if (name === 'deliveryId') return deliveryA;
      if (name !== 'id') return 'x';
      if (route.path.startsWith('/api/template')) return templateA._id;
      if (route.path.startsWith('/api/team')) return memberA.user._id;
      if (route.path.startsWith('/api/department')) return departmentA;
      if (route.path.startsWith('/api/integrations/api-key')) return apiKeyA;
      if (route.path.startsWith('/api/integrations/webhook')) return webhookA;
      if (route.path.startsWith('/api/user')) return ownerA.user._id;
      if (route.path.startsWith('/api/applicant')) return applicantA;
      if (route.path.startsWith('/api/job/share-link')) return shareLinkA;
      return jobA._id;
    });
  }

  /** A body naming A's resources, for the calls that take one. */
  function bodyFor(route: Route): Record<string, unknown> | undefined {
    if (route.method === 'GET' || route.method === 'DELETE') return undefined;
    const key = `${route.method} ${route.path}`;
    const bodies: Record<string, Record<string, unknown>> = {
      'PUT /api/job/applicant': { applicants: [{ id: applicantA, isRead: true }] },
      'PUT /api/job/applicantDelete': { applicants: [{ id: applicantA }] },
      'PUT /api/job/{jobId}/{applicantId}/rating': {
        targetType: 'criterion',
        targetId: 'overall',
        score: 5,
      },
      'PUT /api/share/{shareToken}/{applicantId}/rating': {
        targetType: 'criterion',
        targetId: 'overall',
        score: 5,
      },
      'POST /api/job/share-link': { applicantIds: [applicantA], guestName: 'taken over' },
      'PUT /api/template': { ...templateA, title: 'taken over' },
      'PUT /api/user': { user: { _id: ownerA.user._id, fName: 'taken over' } },
      'POST /api/user/verify-email': { user: { _id: ownerA.user._id } },
      'POST /api/user/verify-email-code': { user: { _id: ownerA.user._id } },
      'POST /api/user/verify-applicant': { userId: ownerA.user._id, code: '123456' },
      'PUT /api/user/password/{id}': { newPassword: 'Another123' },
      'POST /api/job/{id}/clone': {},
      'POST /api/team/member': { fName: 'New', email: `new-${Math.random()}@example.com` },
      'PUT /api/team/member/{id}': { fName: 'taken over', email: memberA.email },
      'POST /api/department': { name: `Department ${Math.random()}` },
      'PUT /api/department/{id}': { name: 'taken over' },
      'PUT /api/job': { jobs: [{ ...jobA, departmentId: departmentA }] },
      'PUT /api/applicant/{id}/accommodation': { extraTimePct: 50, reason: 'taken over' },
      'PUT /api/job/{jobId}/{applicantId}/accommodation': { decision: 'approved' },
      'POST /api/integrations/api-key': { name: 'Mine', scope: 'write' },
      'POST /api/integrations/webhook': {
        url: 'https://ats.example.com/hook',
        events: ['applicant.created'],
      },
      'PUT /api/integrations/webhook/{id}': {
        url: 'https://ats.example.com/taken-over',
        events: ['applicant.created'],
      },
    };
    return bodies[key] ?? {};
  }

  /** Query strings that point a list at A's job. */
  function queryFor(route: Route): string {
    const names = (route.operation.parameters ?? []).filter((p) => p.in === 'query');
    return names.some((p) => p.name === 'jobId') ? `?jobId=${jobA._id}` : '';
  }

  function call(route: Route, who: Who): Promise<LightMyRequestResponse> {
    const token = tokens[who];
    const body = bodyFor(route);
    return t.app.inject({
      method: route.method,
      url: `${urlFor(route, who)}${queryFor(route)}`,
      headers: token ? bearer(token) : {},
      ...(body === undefined ? {} : { payload: body }),
    });
  }

  /** Routes that name one of A's resources in the path or the body. */
  const namesAResource = (route: Route) =>
    /\{(id|jobId|applicantId|deliveryId)\}/.test(route.path) ||
    (Object.keys(bodyFor(route) ?? {}).length > 0 &&
      !CREATES_IN_OWN_ORG.has(`${route.method} ${route.path}`)) ||
    queryFor(route) !== '';

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
        expect(response.statusCode, `${who} ${route.method} ${route.path}: ${response.body}`).toBe(
          401,
        );
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
      { token: recruiterB.accessToken, method: 'PUT' as const, url: '/api/applicant', ...invalid },
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
        expect(response.statusCode, `${who} ${route.method} ${route.path}: ${response.body}`).toBe(
          401,
        );
      }
    }
  }, 300_000);

  it("never answers organisation B (or B's candidate) with A's data, nor lets them change it", async () => {
    const routes = routesOf(t.app.swagger() as Parameters<typeof routesOf>[0]);
    for (const route of routes) {
      // Admins see every account, error record and activity by design (spec §2 account list,
      // record and activity overviews, §6); those routes are theirs.
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
    // Both rate A's applicant (issue 15): the rating route aims at a real resource.
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

  it("keeps data retention to A's owner and lets A's member export an applicant (issue 15)", async () => {
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
    // A recruiter naming someone to view as is ignored: they stay in their own organisation.
    const notAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/job/${jobA._id}?viewAsId=${ownerA.user._id}`,
      headers: bearer(recruiterB.accessToken),
    });
    expect(notAdmin.statusCode).toBe(404);
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
