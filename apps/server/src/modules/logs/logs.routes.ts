import {
  logBatchInputSchema,
  logBatchResponseSchema,
  recordFilterSchema,
  recordListResponseSchema,
} from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { redactUrl } from '../../lib/log-redaction';
import { authorize } from '../../policies';
import { listRecords, saveClientRecords, saveServerRecord } from './logs.service';

const TAGS = ['records'];
const BEARER = [{ bearerAuth: [] }];

/** A batch is at most 50 entries of bounded text (see the domain's schema); this is its room. */
export const RECORD_BODY_LIMIT_BYTES = 256 * 1024;
/** Batches per minute and IP: the web app sends one after 500 ms of quiet or 10 entries. */
export const RECORD_BATCHES_PER_MINUTE = 30;

/**
 * Records: the web app's log batches (`POST record`, open to anyone the app runs for:
 * recruiters, candidates, and visitors before they have a token) and the admin record
 * overview (`GET record`). The server's own 5xx answers are stored here too, as backend records
 * with the request's trace id.
 */
export async function logsRoutes(
  app: FastifyInstance,
  opts: { config: Pick<AppConfig, 'environment'> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  app.onServerError((error, request, body) => {
    saveServerRecord(app.db, {
      error,
      traceId: request.id,
      statusCode: body.status,
      method: request.method,
      url: redactUrl(request.url),
      actor: request.actor,
      now: app.now(),
      environment: opts.config.environment,
    }).catch((recordError: unknown) => {
      request.log.warn({ err: recordError }, 'could not store the server error record');
    });
  });

  api.post(
    '/record',
    {
      bodyLimit: RECORD_BODY_LIMIT_BYTES,
      config: { rateLimit: { max: RECORD_BATCHES_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary:
          "The web app's log batch (1–50 entries): stored as frontend records with who was using the product; tokens and passwords are redacted",
        body: logBatchInputSchema,
        response: { 200: logBatchResponseSchema },
      },
    },
    async (request) => {
      const referrer = request.headers.referer;
      const saved = await saveClientRecords(app.db, request.actor, request.body, {
        now: app.now(),
        environment: opts.config.environment,
        ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
        ...(typeof referrer === 'string' ? { referrer } : {}),
      });
      return { saved };
    },
  );

  api.get(
    '/record',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: TAGS,
        summary:
          'The record overview (admin): filtered by source, trace id, dates, user, status code, text and levels; newest first, 50 per page',
        querystring: recordFilterSchema,
        response: { 200: recordListResponseSchema },
        security: BEARER,
      },
    },
    async (request) => {
      authorize(request.actor, 'admin.use');
      return listRecords(app.db, request.query);
    },
  );
}
