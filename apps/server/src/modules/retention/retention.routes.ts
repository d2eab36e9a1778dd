import {
  retentionPreviewQuerySchema,
  retentionPreviewSchema,
  retentionSettingsSchema,
  updateRetentionBodySchema,
} from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOf } from '../../policies';
import {
  getRetentionPreview,
  getRetentionSettings,
  updateRetentionSettings,
} from './retention.service';

const TAGS = ['retention'];
const BEARER = [{ bearerAuth: [] }];

/**
 * The organisation's data retention: its owner reads and sets the period and sees
 * first which applicants a period would delete now. Members, other organisations and API keys
 * are refused by the `retention.manage` policy.
 */
export async function retentionRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/org/retention',
    {
      schema: {
        tags: TAGS,
        summary:
          "The organisation's data retention period in months (3, 6, 12 or 24), or null when off (owner only)",
        response: { 200: retentionSettingsSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => getRetentionSettings(app.db, staffOf(request)),
  );

  api.get(
    '/org/retention/preview',
    {
      schema: {
        tags: TAGS,
        summary:
          'Dry run of a period `?months=`: how many archived or rejected applicants it would delete now, and the first 200 of them oldest first (owner only; nothing is deleted)',
        querystring: retentionPreviewQuerySchema,
        response: { 200: retentionPreviewSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) =>
      getRetentionPreview(app.db, staffOf(request), request.query.months, app.now()),
  );

  api.put(
    '/org/retention',
    {
      schema: {
        tags: TAGS,
        summary:
          'Set the data retention period `{retentionMonths: 3|6|12|24|null}` (owner only): from the next daily sweep, archived applicants are deleted that many months after they were archived, and rejected ones after their last change, with their files',
        body: updateRetentionBodySchema,
        response: { 200: retentionSettingsSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) =>
      updateRetentionSettings(app.db, staffOf(request), request.body.retentionMonths, app.now()),
  );
}
