import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';
import { isApiKeyRoute } from './api-key-routes';
import { completeDocument, type OpenApiDocument } from './openapi/complete-document';
import { namedSchemas, transformRoute } from './openapi/named-schemas';

const API_KEY_DESCRIPTION = [
  'An organisation API key (`cnd_…`), made by the organisation owner in the back office',
  '(Integrations) and sent as `Authorization: Bearer cnd_…`. It acts as the owner on the',
  "organisation's jobs, templates and applicants: a **read** key may only GET; a **write** key",
  'may do what the owner may on them. Keys never reach accounts, the team, admin screens, or',
  'keys and webhooks themselves (403). A revoked key gets 401 at once.',
].join(' ');

interface OpenApiOperation {
  tags?: string[];
  security?: Record<string, string[]>[];
}

/**
 * Marks the operations an API key may call with the `apiKeyAuth` scheme beside `bearerAuth`,
 * so the document says which calls take a key (the candidate's own calls never do).
 */
function documentApiKeys<T extends { paths?: Record<string, Record<string, unknown>> }>(
  document: T,
): T {
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const operation of Object.values(operations) as OpenApiOperation[]) {
      if (!operation || typeof operation !== 'object' || !Array.isArray(operation.security))
        continue;
      const taken = operation.security.some((requirement) => 'bearerAuth' in requirement);
      if (!taken || !isApiKeyRoute(path, operation.tags)) continue;
      operation.security = [...operation.security, { apiKeyAuth: [] }];
    }
  }
  return document;
}

const transformDocument = createJsonSchemaTransformObject({ schemaRegistry: namedSchemas });

/**
 * OpenAPI document built from the routes' zod schemas, browsable at /api/docs (docs/api.md).
 * OpenAPI 3.1, whose schemas are JSON Schema: a nullable field is `type: [X, 'null']`.
 */
export const swaggerPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Candid API',
        description:
          'Video-interview hiring platform: recruiter back office and candidate interview app.',
        version: '0.1.0',
      },
      servers: [{ url: opts.config.publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKeyAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'cnd_…',
            description: API_KEY_DESCRIPTION,
          },
          shareLinkAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'shr_…',
            description:
              "A hiring manager's share link token (`shr_…`), sent as the `shareToken` path parameter of the `/api/share/…` calls (the link is the page `/share/{token}`); no header. A revoked link answers 410 SHARE_LINK_REVOKED_ERR, an expired one 410 SHARE_LINK_EXPIRED_ERR, an unknown one 401 INVALID_TOKEN_ERR.",
          },
        },
      },
    },
    transform: transformRoute,
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? completeDocument(documentApiKeys(transformDocument(documentObject) as OpenApiDocument))
        : documentObject.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
