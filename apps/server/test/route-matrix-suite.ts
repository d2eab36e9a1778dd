import type { Job, Template } from '@candid/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, type SignedUp } from './factories';
import { accountWith, createInterviewJob, startInterview } from './interview-helpers';
import { questionPayload } from './jobs-helpers';
import { createTestApp, type TestApp } from './test-app';
import type { TestDbKind } from './test-db';

/**
 * The route matrix: every route of the OpenAPI document, called as each kind of actor, aimed at
 * organisation A's resources (its job, applicant, template and owner in the path, the query and
 * the body). Nobody from organisation B (recruiter, admin not viewing as, or candidate of a B
 * job) and no anonymous caller may get A's data or change it: they get 401, 403, 404 or a 400
 * for the body, never a 2xx, and no answer contains A's ids or marked texts. A's owner gets the
 * same calls answered, so the matrix does aim at real resources.
 */

export const SECRET = 'MATRIXSECRET';

interface Operation {
  security?: unknown[];
  parameters?: { name: string; in: 'path' | 'query' }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

/** Where a route takes `viewAsId`, if it does: its path, its query or its body. */
export function viewAsPlaceOf(route: Route): 'path' | 'query' | 'body' | null {
  const parameter = route.operation.parameters?.find((p) => p.name === 'viewAsId');
  if (parameter) return parameter.in;
  const bodies = Object.values(route.operation.requestBody?.content ?? {});
  return bodies.some((body) => body.schema?.properties && 'viewAsId' in body.schema.properties)
    ? 'body'
    : null;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  operation: Operation;
}

export type Who =
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
export const isCandidateRoute = (route: Route) =>
  /^\/api\/applicant\/?/.test(route.path) || /^\/api\/upload\/(?!image)/.test(route.path);

/** Routes anyone may call (public pages, login, files by key): `security: []` in the document. */
export const isPublic = (route: Route) => (route.operation.security ?? []).length === 0;

export function routesOf(document: { paths?: Record<string, Record<string, Operation>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'DELETE'].includes(upper)) continue;
      // Logout ends the session of the token it is sent with, so the matrix's callers would be
      // logged out midway (session-revocation.test.ts covers it).
      if (upper === 'POST' && path === '/api/auth/logout') continue;
      routes.push({ method: upper as Route['method'], path, operation });
    }
  }
  return routes;
}

/**
 * The set-up the route matrix files share (route-matrix.test.ts, route-matrix-roles.test.ts):
 * organisations A and B with their accounts, job, applicant, template, department, share links,
 * API keys and webhook, and how a route is called as each kind of actor aimed at A's resources.
 * Call it inside the file's describe; `state` is filled before the file's own beforeAll hooks run.
 */
export function routeMatrixSuite(kind: TestDbKind) {
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
  /** Share link tokens: a guest's calls carry theirs in the path, no header. */
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
    // Share links: A's owner shares A's applicant, B's recruiter shares B's.
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
    // Organisation API keys: A's read and write keys, and one of B's.
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

  return {
    state: {
      get t() {
        return t;
      },
      get ownerA() {
        return ownerA;
      },
      get memberA() {
        return memberA;
      },
      get departmentA() {
        return departmentA;
      },
      get recruiterB() {
        return recruiterB;
      },
      get adminB() {
        return adminB;
      },
      get jobA() {
        return jobA;
      },
      get templateA() {
        return templateA;
      },
      get applicantA() {
        return applicantA;
      },
      get candidateB() {
        return candidateB;
      },
      get apiKeyA() {
        return apiKeyA;
      },
      get webhookA() {
        return webhookA;
      },
      get webhookSecretA() {
        return webhookSecretA;
      },
      get deliveryA() {
        return deliveryA;
      },
      get shareLinkA() {
        return shareLinkA;
      },
    },
    tokens,
    shareTokens,
    secretsOf,
    urlFor,
    bodyFor,
    queryFor,
    call,
    namesAResource,
  };
}
