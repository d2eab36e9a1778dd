import { findUnstorableText, VALIDATION_KEYS } from '@candid/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/**
 * Refuses, before any route sees it, input no store can hold (U+0000: PostgreSQL refuses it
 * and answered 500): in the path parameters, the query and the body, whatever the route's
 * schema says, so a route without one (uploads, file keys) is covered too. One place instead
 * of a refinement on each of the domain's strings.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const sources = { params: request.params, querystring: request.query, body: request.body };
    for (const [source, value] of Object.entries(sources)) {
      const path = findUnstorableText(value);
      if (path === null) continue;
      throw new AppError('VALIDATION_ERR', {
        issues: [
          { path: path === '' ? source : path, message: VALIDATION_KEYS.UNSTORABLE_TEXT_VALIDATE },
        ],
      });
    }
  });
});
