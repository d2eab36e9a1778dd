import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../src/plugins/openapi/operation-ids';
import { createTestApp, type TestApp } from './test-app';

/**
 * The OpenAPI document as an integrator reads it (docs/api.md): every operation named by the
 * one rule, its credentials declared, its error answers documented with the shared error body,
 * and bodies and answers referring to named schemas. `npm test` also lints it with Redocly
 * (redocly.yaml); packages/api-client is generated from it.
 */

interface Reference {
  $ref?: string;
}

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses?: Record<string, Reference>;
}

interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, { content: Record<string, { schema: Reference }> }>;
  };
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let document: Document;
  let operations: { method: string; path: string; operation: Operation }[];

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
    );
    // Building the app migrates a fresh database: slow on a busy two-core machine.
  }, 240_000);

  afterAll(async () => {
    await t?.close();
  });

  it('names every operation by the one rule, each name once', () => {
    expect(operations.length).toBeGreaterThan(100);
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const { method, path, operation } of operations) {
      expect(operation.operationId, `${method} ${path}`).toBe(operationIdOf(method, path));
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['getJobById', 'createApplicant', 'getJob']));
  });

  it('declares the credentials of every operation, none on the public ones', () => {
    for (const { method, path, operation } of operations) {
      expect(Array.isArray(operation.security), `${method} ${path}`).toBe(true);
    }
    const security = (method: string, path: string) => document.paths[path]?.[method]?.security;
    expect(security('get', '/api/health')).toEqual([]);
    expect(security('post', '/api/auth/login')).toEqual([]);
    expect(security('get', '/api/job/{id}')).toEqual([{ bearerAuth: [] }, { apiKeyAuth: [] }]);
  });

  it('documents the error answers with the shared error body', () => {
    const { responses, schemas } = document.components;
    expect(schemas.ApiError).toMatchObject({
      required: expect.arrayContaining(['status', 'key', 'message']),
    });
    for (const response of Object.values(responses)) {
      expect(response.content['application/json']!.schema.$ref).toBe(
        '#/components/schemas/ApiError',
      );
    }
    const errorsOf = ({ operation }: (typeof operations)[number]) =>
      Object.entries(operation.responses ?? {}).filter(([status]) => /^4\d\d$/.test(status));
    for (const entry of operations) {
      const { method, path, operation } = entry;
      const what = `${method} ${path}`;
      const errors = Object.fromEntries(errorsOf(entry));
      // Every API call is rate limited per client.
      expect(Object.keys(errors), what).toContain('429');
      for (const [, answer] of Object.entries(errors)) {
        expect(answer.$ref, what).toMatch(/^#\/components\/responses\/\w+$/);
        expect(responses[answer.$ref!.split('/').pop()!], what).toBeDefined();
      }
      if ((operation.security ?? []).some((requirement) => Object.keys(requirement).length)) {
        expect(Object.keys(errors), what).toEqual(expect.arrayContaining(['401', '403']));
      }
      if (path.includes('{')) expect(Object.keys(errors), what).toContain('404');
      if (operation.requestBody) {
        expect(Object.keys(errors), what).toEqual(expect.arrayContaining(['400', '413']));
      }
    }
    // An answer a route's summary names is documented too.
    const decision = document.paths['/api/job/{jobId}/{applicantId}/accommodation']!.put!;
    expect(decision.summary).toMatch(/409/);
    expect(decision.responses?.['409']).toEqual({ $ref: '#/components/responses/Conflict' });
  });

  it('refers bodies and answers to named schemas made from the domain, all of them used', () => {
    const { schemas } = document.components;
    expect(Object.keys(schemas).length).toBeGreaterThan(50);
    const text = JSON.stringify(document);
    for (const name of Object.keys(schemas)) {
      expect(text, name).toContain(`"#/components/schemas/${name}"`);
    }
    const getJob = document.paths['/api/job/{id}']!.get!;
    expect(getJob.responses?.['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } },
    });
    expect(document.paths['/api/job']!.post!.requestBody).toMatchObject({
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/CreateJobBodyInput' } },
      },
    });
  });

  it('is OpenAPI 3.1 (null as a type, not `nullable`), every path parameter declared, no two paths alike', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(JSON.stringify(document)).not.toContain('"nullable"');
    const shapes = new Map<string, string>();
    for (const [path, methods] of Object.entries(document.paths)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);
      for (const [method, operation] of Object.entries(methods)) {
        const declared = (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => parameter.name);
        expect(declared.sort(), `${method} ${path}`).toEqual([...names].sort());
      }
      const shape = path.replace(/\{[^}]+\}/g, '{}');
      expect(shapes.get(shape), `${path} is the same path as ${shapes.get(shape)}`).toBeUndefined();
      shapes.set(shape, path);
    }
  });

  it('is the document the reference pages at /api/docs show', async () => {
    expect(document).toEqual(JSON.parse(JSON.stringify(t.app.swagger())));
    const initializer = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain("resolveUrl('./json')");
  });
});
