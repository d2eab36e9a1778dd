import { operationIdOf } from './operation-ids';

/**
 * What the route schemas leave out of the document, added to every operation by one rule each
 * (docs/api.md): its `operationId`, its `security` (`[]` when it takes no credentials), and the
 * error answers it can give, each the shared `ApiError` body.
 */

interface Parameter {
  name: string;
  in: string;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

export interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, unknown>;
    responses?: Record<string, unknown>;
    [other: string]: unknown;
  };
  [other: string]: unknown;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The error answers the document can name, as shared responses (`components.responses`). */
const ERROR_RESPONSES: Record<string, { name: string; description: string }> = {
  '400': {
    name: 'BadRequest',
    description:
      'The input is invalid (`VALIDATION_ERR`, with `issues` per field) or a rule refuses it (its own key)',
  },
  '401': {
    name: 'Unauthorized',
    description:
      'No credentials, or they are invalid, expired or revoked (`LOGIN_REQUIRED_ERR`, `INVALID_TOKEN_ERR`)',
  },
  '403': {
    name: 'Forbidden',
    description:
      'The caller may not do this (`FORBIDDEN_ERR`, or the plan or role rule that refuses it)',
  },
  '404': {
    name: 'NotFound',
    description:
      "Nothing the caller may see is there (`NOT_FOUND_ERR`; another organisation's data answers the same)",
  },
  '409': { name: 'Conflict', description: 'The resource is in a state that refuses this call' },
  '410': { name: 'Gone', description: 'The link or resource existed and is no longer usable' },
  '413': {
    name: 'PayloadTooLarge',
    description: 'The request body is too large (`PAYLOAD_TOO_LARGE_ERR`)',
  },
  '429': {
    name: 'TooManyRequests',
    description:
      'Too many requests from this client (`RATE_LIMITED_ERR`); wait `Retry-After` seconds',
  },
};

/** The statuses an operation can answer with, by the rules of docs/api.md. */
function errorStatusesOf(operation: Operation): string[] {
  const statuses = new Set<string>(['429']);
  const parameters = operation.parameters ?? [];
  const secured = (operation.security ?? []).some((requirement) => Object.keys(requirement).length);
  if (secured) statuses.add('401').add('403');
  if (parameters.some((parameter) => parameter.in === 'path')) statuses.add('404');
  if (parameters.length > 0 || operation.requestBody) statuses.add('400');
  if (operation.requestBody) statuses.add('413');
  // A route's summary names the answers particular to it ("409 once decided", "410 when revoked").
  const words = `${operation.summary ?? ''} ${operation.description ?? ''}`;
  for (const [, status] of words.matchAll(/\b(4\d\d)\b/g)) statuses.add(status!);
  return [...statuses].filter((status) => status in ERROR_RESPONSES).sort();
}

/** Fastify's wildcard (`/files/*`) as an OpenAPI path parameter: `{path}`, slashes allowed. */
function renameWildcard(path: string, operations: Record<string, Operation>): string {
  if (!path.includes('{*}')) return path;
  for (const operation of Object.values(operations)) {
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in === 'path' && parameter.name === '*') {
        parameter.name = 'path';
        Object.assign(parameter, { description: 'The rest of the path; it may contain `/`' });
      }
    }
  }
  return path.replace('{*}', '{path}');
}

/** `$ref`s reachable from the paths, components included through other components. */
function usedReferences(document: OpenApiDocument): Set<string> {
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && !used.has(child)) {
        used.add(child);
        const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(child) ?? [];
        if (kind && name) visit((document.components?.[kind] as Record<string, unknown>)?.[name]);
      } else visit(child);
    }
  };
  visit(document.paths);
  return used;
}

/** Completes the document in place (see above) and drops the components nothing uses. */
export function completeDocument<T extends OpenApiDocument>(document: T): T {
  const components = (document.components ??= {});
  components.responses = {
    ...components.responses,
    ...Object.fromEntries(
      Object.values(ERROR_RESPONSES).map(({ name, description }) => [
        name,
        {
          description,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
        },
      ]),
    ),
  };
  const paths: Record<string, Record<string, Operation>> = {};
  const ids = new Map<string, string>();
  for (const [rawPath, operations] of Object.entries(document.paths ?? {})) {
    const path = renameWildcard(rawPath, operations);
    paths[path] = operations;
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.has(method) || !operation || typeof operation !== 'object') continue;
      const id = operationIdOf(method, path);
      const other = ids.get(id);
      if (other) throw new Error(`operationId ${id} of ${method} ${path} is also ${other}'s`);
      ids.set(id, `${method} ${path}`);
      operation.operationId = id;
      operation.security ??= [];
      const responses = (operation.responses ??= {});
      for (const status of errorStatusesOf(operation)) {
        responses[status] ??= { $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}` };
      }
    }
  }
  document.paths = paths;
  const used = usedReferences(document);
  for (const kind of ['schemas', 'responses'] as const) {
    const named = components[kind];
    if (!named) continue;
    for (const name of Object.keys(named)) {
      if (!used.has(`#/components/${kind}/${name}`)) delete named[name];
    }
  }
  return document;
}
