import { applicationStatusQuerySchema, applicationStatusResponseSchema } from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getApplicationStatus } from './application-status.service';

/** Status page loads per minute and IP: a candidate looks now and then, nobody needs more. */
const LOOKS_PER_MINUTE = 30;

/** The candidate status page's one call: public, the private token is the key. */
export async function applicationStatusRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/application-status',
    {
      config: { rateLimit: { max: LOOKS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['applicants'],
        summary:
          "Public: the stage of the application a private status link names (received, under review, decision), mapped from the applicant's status by the job's rules; the job and company. Never notes, ratings or a hidden status. NOT_FOUND_ERR for an unknown token",
        querystring: applicationStatusQuerySchema,
        response: { 200: applicationStatusResponseSchema },
      },
    },
    async (request) => getApplicationStatus(app.db, request.query.token),
  );
}
