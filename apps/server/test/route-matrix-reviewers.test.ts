import type { Job } from '@candid/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUp } from './factories';
import { accountWith, createInterviewJob } from './interview-helpers';
import type { TestApp } from './test-app';
import { testDbKinds } from './test-db';
import {
  isCandidateRoute,
  isPublic,
  routeMatrixSuite,
  routesOf,
  SECRET,
  type Route,
} from './route-matrix-suite';

/**
 * The route matrix for reviewers (docs/features.md, "Team and roles"): organisation A's reviewer
 * on another job of A calls every route aimed at A's job and applicant and learns nothing of
 * them; every change but the few open to reviewers is refused before its body is read; the
 * reviewer on A's job reads, rates and writes notes there and changes nothing else.
 */

/** The changes a reviewer may make: their own account, logging out, ratings and notes. */
const OPEN_TO_REVIEWERS = new Set([
  'PUT /api/user',
  'POST /api/user/verify-email',
  'POST /api/user/verify-email-code',
  'POST /api/user/verify-applicant',
  'PUT /api/user/password/{id}',
  'PUT /api/auth/verify-code',
  'POST /api/auth/send-verify-email',
  'PUT /api/job/applicant',
  'PUT /api/job/{jobId}/{applicantId}/rating',
  'POST /api/upload/image',
]);

const keyOf = (route: Route) => `${route.method} ${route.path}`;

const RANGE = 'from=2026-01-01&to=2026-01-31&interval=week';

/** A route that names A's job or applicant (in its path or its query). */
const namesAJob = (route: Route, query: string) =>
  /\{(jobId|applicantId)\}/.test(route.path) ||
  (route.path.startsWith('/api/job/') && route.path.includes('{id}')) ||
  query !== '';

describe.each(testDbKinds())('route matrix (%s): reviewers', (kind) => {
  const suite = routeMatrixSuite(kind);
  const { tokens, urlFor, bodyFor, queryFor } = suite;
  let t: TestApp;
  let ownerA: SignedUp;
  let jobA: Job;
  let applicantA: string;
  let otherJobA: Job;
  let reviewerOn: SignedUp;
  let reviewerOff: SignedUp;

  /** A member of A made reviewer by A's owner, and assigned to `job`. */
  async function reviewerOf(job: Job, fName: string): Promise<SignedUp> {
    const account = await accountWith(t.app, { fName, orgId: ownerA.user.companyId! });
    const made = await t.app.inject({
      method: 'PUT',
      url: `/api/team/member/${account.user._id}`,
      headers: bearer(ownerA.accessToken),
      payload: { fName, email: account.email, orgRole: 'reviewer' },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ orgRole: 'reviewer' });
    const assigned = await t.app.inject({
      method: 'PUT',
      url: `/api/job/${job._id}/access`,
      headers: bearer(ownerA.accessToken),
      payload: { reviewerIds: [account.user._id] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    return account;
  }

  beforeAll(async () => {
    ({ t, ownerA, jobA, applicantA } = suite.state);
    otherJobA = await createInterviewJob(t.app, ownerA, ['text']);
    reviewerOn = await reviewerOf(jobA, 'Rita');
    reviewerOff = await reviewerOf(otherJobA, 'Ron');
  }, 180_000);

  /** Calls `route` aimed at A's resources as `account`, with `body` instead of the usual one. */
  function callAs(account: SignedUp, route: Route, body = bodyFor(route)) {
    return t.app.inject({
      method: route.method,
      url: `${urlFor(route)}${queryFor(route)}`,
      headers: bearer(account.accessToken),
      ...(body === undefined ? {} : { payload: body }),
    });
  }

  it("keeps A's job and applicant from a reviewer on another job, on every route, and changes nothing", async () => {
    // Public routes (the invitation page's job) answer anyone alike.
    const routes = routesOf(t.app.swagger() as Parameters<typeof routesOf>[0]).filter(
      (route) => !isPublic(route),
    );
    const snapshot = () =>
      Promise.all(
        [`/api/job/${jobA._id}`, `/api/job/${jobA._id}/${applicantA}`].map(async (url) => {
          const response = await t.app.inject({
            method: 'GET',
            url,
            headers: bearer(tokens.ownerA!),
          });
          expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
          return response.body;
        }),
      );
    const before = await snapshot();
    const secrets = [jobA._id, applicantA, `${SECRET} job`, `${SECRET}Applicant`];
    for (const route of routes) {
      const response = await callAs(reviewerOff, route);
      const what = `${keyOf(route)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      for (const secret of secrets) expect(response.body, what).not.toContain(secret);
      if (route.method === 'GET' && namesAJob(route, queryFor(route))) {
        expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await snapshot()).toEqual(before);
    // Their own job is there: the list is narrowed, not empty.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/job',
      headers: bearer(reviewerOff.accessToken),
    });
    expect(list.json()).toMatchObject({ jobs: [{ _id: otherJobA._id }], totalJobCount: 1 });
  }, 300_000);

  it('refuses every change not open to reviewers before reading its body, on every route', async () => {
    const routes = routesOf(t.app.swagger() as Parameters<typeof routesOf>[0]).filter(
      (route) =>
        route.method !== 'GET' &&
        // The candidate's side and the share links take other tokens (candidate, guest).
        !isCandidateRoute(route) &&
        !route.path.startsWith('/api/share/') &&
        (route.operation.security ?? []).length > 0,
    );
    expect(routes.length).toBeGreaterThan(40);
    const open = routes.filter((route) => OPEN_TO_REVIEWERS.has(keyOf(route)));
    expect(open.map(keyOf).sort()).toEqual([...OPEN_TO_REVIEWERS].sort());
    for (const route of routes.filter((candidate) => !OPEN_TO_REVIEWERS.has(keyOf(candidate)))) {
      // A body no route accepts: a 403 rather than a 400 says the role was judged first.
      const response = await callAs(reviewerOn, route, { unexpected: true });
      const what = `${keyOf(route)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, what).toBe(403);
      expect(response.json(), what).toMatchObject({ key: 'FORBIDDEN_ERR' });
    }
  }, 300_000);

  it("lets the reviewer on A's job watch, rate and write notes there, and change nothing else", async () => {
    const as = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(reviewerOn.accessToken), payload });
    for (const url of [
      `/api/job/${jobA._id}`,
      `/api/job/${jobA._id}/${applicantA}`,
      `/api/job/applicantVideos/${applicantA}/${jobA._id}`,
      `/api/job/applicant?jobId=${jobA._id}`,
      `/api/job/applicantCount?jobId=${jobA._id}`,
      `/api/insights/funnel?jobId=${jobA._id}&${RANGE}`,
      `/api/job/${jobA._id}/access`,
      '/api/team',
    ]) {
      const response = await as('GET', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    const rated = await as('PUT', `/api/job/${jobA._id}/${applicantA}/rating`, {
      targetType: 'criterion',
      targetId: 'overall',
      score: 4,
    });
    expect(rated.statusCode, rated.body).toBe(200);
    const noted = await as('PUT', '/api/job/applicant', {
      applicants: [{ id: applicantA, isRead: true, newNote: { txt: `${SECRET} reviewer note` } }],
    });
    expect(noted.statusCode, noted.body).toBe(200);
    // Nothing else: not the status, the archive, the applicant's details, an export, a link,
    // the organisation's funnel, who sees the job, templates.
    const refused = [
      as('PUT', '/api/job/applicant', { applicants: [{ id: applicantA, status: 2 }] }),
      as('PUT', '/api/job/applicant', {
        applicants: [{ id: applicantA, archivedAt: new Date().toISOString() }],
      }),
      as('PUT', '/api/job/applicant', { applicants: [{ id: applicantA, info: { fName: 'X' } }] }),
      as('GET', `/api/job/${jobA._id}/${applicantA}/export`),
      as('GET', `/api/job/${jobA._id}/${applicantA}/share-link`),
      as('GET', `/api/insights/funnel?${RANGE}`),
      as('PUT', `/api/job/${jobA._id}/access`, { reviewerIds: [] }),
      as('GET', '/api/template'),
      as('GET', '/api/question-library'),
    ];
    for (const response of await Promise.all(refused)) {
      expect(response.statusCode, response.body).toBe(403);
    }
    // A colleague's note stays theirs.
    const ownerNote = await t.app.inject({
      method: 'PUT',
      url: '/api/job/applicant',
      headers: bearer(ownerA.accessToken),
      payload: { applicants: [{ id: applicantA, newNote: { txt: 'owner note' } }] },
    });
    expect(ownerNote.statusCode, ownerNote.body).toBe(200);
    const details = await as('GET', `/api/job/${jobA._id}/${applicantA}`);
    const notes = (
      details.json() as {
        applicant: { notes: { id: string; txt: string }[] };
      }
    ).applicant.notes;
    const theirs = notes.find((note) => note.txt === `${SECRET} reviewer note`)!;
    const owners = notes.find((note) => note.txt === 'owner note')!;
    const removeOwners = await as('PUT', '/api/job/applicant', {
      applicants: [{ id: applicantA, removeNoteId: owners.id }],
    });
    expect(removeOwners.statusCode, removeOwners.body).toBe(403);
    const removeTheirs = await as('PUT', '/api/job/applicant', {
      applicants: [{ id: applicantA, removeNoteId: theirs.id }],
    });
    expect(removeTheirs.statusCode, removeTheirs.body).toBe(200);
  }, 300_000);
});
