import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';

/** OpenAPI document built from the routes' zod schemas, browsable at /api/docs. */
export const swaggerPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Candid API',
        description:
          'Video-interview hiring platform: recruiter back office and candidate interview app.',
        version: '0.1.0',
      },
      servers: [{ url: opts.config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
