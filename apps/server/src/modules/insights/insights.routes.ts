import { insightsFunnelQuerySchema, insightsFunnelSchema } from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOf } from '../../policies';
import { getInsightsFunnel } from './insights.service';

const TAGS = ['insights'];
const BEARER = [{ bearerAuth: [] }];

/**
 * Hiring insights: the funnel of the organisation, one department or one job over a date range.
 * Anyone of the organisation reads it (an admin viewing as them too), and an API key, read or
 * write, of an owner whose plan includes INTEGRATIONS (plugins/api-key-routes.ts).
 */
export async function insightsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/insights/funnel',
    {
      schema: {
        tags: TAGS,
        summary:
          'The hiring funnel (invited → opened → started → submitted → reviewed → decided) with conversions, completion, time to complete and to first review, drop-off by question and device and browser mix, for the organisation, `departmentId` or `jobId`, from `from` to `to` (UTC days) by day or week',
        description:
          "Counts each step on the day it happened. Archived applicants count; deleted ones (by a recruiter, the candidate or data retention) no longer do; recruiters' previews never do. Durations are estimated from buckets (minutes).",
        querystring: insightsFunnelQuerySchema,
        response: { 200: insightsFunnelSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => getInsightsFunnel(app.db, staffOf(request), request.query),
  );
}
