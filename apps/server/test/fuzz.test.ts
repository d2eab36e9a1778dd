import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiErrorSchema } from '@candid/domain';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUp } from './factories';
import { accountWith, createInterviewJob, startInterview } from './interview-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

/**
 * Property-based fuzzing of every route in the OpenAPI document (which is generated from the
 * routes' own zod schemas): whatever a client sends — a wrong type, a NUL character, a huge
 * string, an id of nothing — the answer is never a 5xx, and every error is the standard
 * `{ status, key, message }` body. Bounded: a fixed number of cases per route.
 */

const CASES_PER_ROUTE = 12;

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  operation: Operation;
}

/** Strings that broke or could break a store, a parser or a path. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'דנה 👋',
  'x'.repeat(5000),
  '-1',
  '1e309',
  'null',
  '{}',
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

const hostileScalar = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileScalar) },
);

/** The document's named schemas (`components.schemas`), which bodies refer to by `$ref`. */
let namedSchemas: Record<string, JsonSchema> = {};

/** A value shaped like `schema` most of the time, or anything at all. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  if (schema.$ref) return valueFor(namedSchemas[schema.$ref.split('/').pop()!], depth + 1);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => valueFor(variant, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let shaped: fc.Arbitrary<unknown> = hostileValue;
  if (schema.enum?.length) shaped = fc.constantFrom(...schema.enum);
  else if (type === 'string' && schema.format === 'date-time')
    shaped = fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  else if (type === 'string') shaped = hostileString;
  else if (type === 'integer' || type === 'number')
    shaped = fc.oneof(fc.integer({ min: -2, max: 1000 }), fc.double());
  else if (type === 'boolean') shaped = fc.boolean();
  else if (type === 'array') shaped = fc.array(valueFor(schema.items, depth + 1), { maxLength: 3 });
  else if (type === 'object' || schema.properties) {
    const properties = Object.entries(schema.properties ?? {});
    shaped = fc.record(
      Object.fromEntries(properties.map(([key, child]) => [key, valueFor(child, depth + 1)])),
      { requiredKeys: [] },
    );
  }
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

function routesOf(document: { paths?: Record<string, Record<string, Operation>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(upper)) continue;
      routes.push({ method: upper as Route['method'], path, operation });
    }
  }
  return routes;
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

/** Every error answer: JSON in the standard body, its status matching the HTTP status. */
function expectStandardAnswer(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${what} → ${response.statusCode} ${response.body}`).toBeLessThan(
    500,
  );
  if (response.statusCode < 400) return;
  const body: unknown = response.json();
  const parsed = apiErrorSchema.safeParse(body);
  expect(parsed.success, `${what} → ${response.statusCode} ${response.body}`).toBe(true);
  expect(parsed.data?.status).toBe(response.statusCode);
}

describe.each(testDbKinds())('every route, fuzzed (%s)', (kind) => {
  let t: TestApp;
  let recruiter: SignedUp;
  let candidateToken: string;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    recruiter = await accountWith(t.app, { role: 'admin' });
    const job = await createInterviewJob(t.app, recruiter, ['video', 'text']);
    const started = await startInterview(t.app, job._id);
    candidateToken = started.candidateToken;
    ids.push(job._id, started.applicant.id, recruiter.user._id, job.quests[0]!.id);
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers every fuzzed request below 500, with the standard error body', async () => {
    // Logout ends the session of the token it is sent with: fuzzed last, so every other route
    // is fuzzed with a live recruiter token.
    const isLogout = (route: { path: string }) => route.path === '/api/auth/logout';
    const document = t.app.swagger() as { components?: { schemas?: Record<string, JsonSchema> } };
    namedSchemas = document.components?.schemas ?? {};
    expect(Object.keys(namedSchemas).length).toBeGreaterThan(0);
    const routes = routesOf(document as Parameters<typeof routesOf>[0]).sort(
      (a, b) => Number(isLogout(a)) - Number(isLogout(b)),
    );
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const pathParams = (route.operation.parameters ?? []).filter((p) => p.in === 'path');
      const queryParams = (route.operation.parameters ?? []).filter((p) => p.in === 'query');
      const bodySchema = route.operation.requestBody?.content?.['application/json']?.schema;
      const caseArbitrary = fc.record({
        who: fc.constantFrom('recruiter', 'candidate', 'nobody'),
        path: fc.tuple(
          ...pathParams.map(() => fc.oneof(fc.constantFrom(...ids), hostileString)),
          fc.constant(''),
        ),
        query: fc.record(
          Object.fromEntries(queryParams.map((param) => [param.name, valueFor(param.schema)])),
          { requiredKeys: [] },
        ),
        body: bodySchema ? valueFor(bodySchema) : fc.option(hostileValue),
      });
      await fc.assert(
        fc.asyncProperty(caseArbitrary, async ({ who, path, query, body }) => {
          let url = route.path;
          pathParams.forEach((param, index) => {
            // An empty segment routes elsewhere; a NUL is sent percent-encoded as a browser would.
            const value = asText(path[index]) || 'x';
            url = url.replace(`{${param.name}}`, encodeURIComponent(value));
          });
          const search = new URLSearchParams(
            Object.entries(query).map(([key, value]): [string, string] => [key, asText(value)]),
          ).toString();
          const token =
            who === 'recruiter'
              ? recruiter.accessToken
              : who === 'candidate'
                ? candidateToken
                : null;
          const response = await t.app.inject({
            method: route.method,
            url: search ? `${url}?${search}` : url,
            headers: token ? bearer(token) : {},
            ...(route.method === 'GET' || route.method === 'DELETE' || body === null
              ? {}
              : { payload: body as Record<string, unknown> }),
          });
          expectStandardAnswer(response, `${route.method} ${url}?${search}`);
        }),
        { numRuns: CASES_PER_ROUTE, seed: 20261125 },
      );
    }
  }, 240_000);
});

describe.each(testDbKinds())('input the stores cannot hold is refused (%s)', (kind) => {
  let t: TestApp;
  let recruiter: SignedUp;
  let candidateToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    recruiter = await accountWith(t.app);
    const job = await createInterviewJob(t.app, recruiter, ['video']);
    candidateToken = (await startInterview(t.app, job._id)).candidateToken;
  });

  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['a query', 'GET', '/api/job/applicant?txt=%00', undefined, 'querystring'],
    ['a path parameter', 'GET', '/api/job/a%00b', undefined, 'params.id'],
    [
      'a file key',
      'GET',
      '/api/upload/sign?fileKey=a%00b&fileType=video/webm',
      undefined,
      'fileKey',
    ],
    ['a body field', 'POST', '/api/job', { job: { title: 'Dev\u0000ops' } }, 'job.title'],
  ])('NUL in %s → 400 VALIDATION_ERR naming the field', async (_, method, url, payload, field) => {
    // A recording's key is the candidate's; the rest are the recruiter's calls.
    const token = url.startsWith('/api/upload/') ? candidateToken : recruiter.accessToken;
    const response = await t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ key: string; issues: { path: string; message: string }[] }>();
    expect(body.key).toBe('VALIDATION_ERR');
    expect(body.issues[0]!.message).toBe('validation.UNSTORABLE_TEXT_VALIDATE');
    expect(`${body.issues[0]!.path}`).toContain(
      field.split('.').at(-1)!.replace('querystring', 'txt'),
    );
  });

  it('changes nothing when a body holds NUL', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/job/jobCount',
      headers: bearer(recruiter.accessToken),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/job',
      headers: bearer(recruiter.accessToken),
      payload: { job: { title: 'Dev\u0000ops', companyName: 'Acme' } },
    });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/job/jobCount',
      headers: bearer(recruiter.accessToken),
    });
    expect(after.json()).toEqual(before.json());
  });
});

describe('errors of the HTTP layer answer in the standard body', () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await t.close();
  });

  /** A raw request, so Node's own parser sees it (inject bypasses it). */
  function raw(
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${origin}${path}`, {
        method: init.method ?? 'GET',
        headers: init.headers,
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end(init.body);
    });
  }

  const cases: {
    what: string;
    path: string;
    init: { method?: string; headers?: Record<string, string>; body?: string };
    status: number;
    key: string;
  }[] = [
    {
      what: 'headers over the limit',
      path: '/api/health',
      init: { headers: { 'x-big': 'a'.repeat(20_000) } },
      status: 431,
      key: 'HEADERS_TOO_LARGE_ERR',
    },
    {
      what: 'a path parameter over the limit',
      path: `/api/job/${'a'.repeat(200)}`,
      init: {},
      status: 414,
      key: 'URI_TOO_LONG_ERR',
    },
    {
      what: 'a malformed URL',
      path: '/api/job/%E0%A4%A',
      init: {},
      status: 400,
      key: 'VALIDATION_ERR',
    },
    {
      what: 'an unknown content type',
      path: '/api/auth/login',
      init: { method: 'POST', headers: { 'content-type': 'application/x-unknown' }, body: 'x' },
      status: 415,
      key: 'UNSUPPORTED_MEDIA_TYPE_ERR',
    },
    {
      what: 'JSON that does not parse',
      path: '/api/auth/login',
      init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' },
      status: 400,
      key: 'VALIDATION_ERR',
    },
    {
      what: 'a body over the limit',
      path: '/api/auth/login',
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
      },
      status: 413,
      key: 'PAYLOAD_TOO_LARGE_ERR',
    },
  ];

  it.each(cases)('$what → $status $key', async ({ path, init, status, key }) => {
    const response = await raw(path, init);
    expect(response.status, response.body).toBe(status);
    const body = apiErrorSchema.parse(JSON.parse(response.body));
    expect(body).toMatchObject({ status, key });
  });
});
