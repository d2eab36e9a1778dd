import {
  activityFilterFieldsSchema,
  activityFilterSchema,
  activityListResponseSchema,
} from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { authorize } from '../../policies';
import { exportActivitiesCsv, listActivities } from './activities.service';

const TAGS = ['activities'];
const BEARER = [{ bearerAuth: [] }];

/**
 * Activities: the admin activity overview (`GET activity`) and its CSV export.
 * Activities are written by the services that make the changes (`recordActivity`), never by a
 * client, so the log cannot be forged: the product's `POST activity` is not served.
 */
export async function activitiesRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/activity',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: TAGS,
        summary:
          'The activity overview (admin): filtered by user and dates; oldest first, 50 per page',
        querystring: activityFilterSchema,
        response: { 200: activityListResponseSchema },
        security: BEARER,
      },
    },
    async (request) => {
      authorize(request.actor, 'admin.use');
      return listActivities(app.db, request.query);
    },
  );

  api.get(
    '/activity/export',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: TAGS,
        summary:
          'The filtered activity list as a CSV file (admin), oldest first, streamed in batches',
        querystring: activityFilterFieldsSchema,
        produces: ['text/csv'],
        security: BEARER,
      },
    },
    async (request, reply) => {
      authorize(request.actor, 'admin.use');
      const day = app.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="activity-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportActivitiesCsv(app.db, request.query)));
    },
  );
}
