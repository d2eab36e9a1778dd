import { UPLINK_PROBE_BYTES } from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const componentSchema = z.object({
  ok: z.boolean(),
  driver: z.string(),
  detail: z.string().optional(),
});
const uplinkReplySchema = z.object({ bytes: z.number().int().min(0) });
/** Probes a candidate may send in a minute: a media check sends one per run. */
const UPLINK_PROBES_PER_MINUTE = 20;

const healthReplySchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: componentSchema,
  storage: componentSchema,
  uptimeSec: z.number(),
});

/** GET /api/health: database and storage reachability; 503 when either fails. */
export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and dependency health',
        response: { 200: healthReplySchema, 503: healthReplySchema },
      },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const database = await app.database
        .ping()
        .then(() => ({ ok: true, driver: app.database.driver }))
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'database health check failed');
          return { ok: false, driver: app.database.driver, detail: 'unreachable' };
        });
      const storage = await app.storage.checkHealth().catch((error: unknown) => {
        request.log.error({ err: error }, 'storage health check failed');
        return { ok: false, driver: app.storageDriver, detail: 'unreachable' };
      });
      const ok = database.ok && storage.ok;
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        database,
        storage: {
          ok: storage.ok,
          driver: storage.driver,
          ...(storage.detail ? { detail: storage.detail } : {}),
        },
        uptimeSec: Math.round(process.uptime()),
      });
    },
  );

  // The media check's uplink probe: the candidate's browser times sending
  // UPLINK_PROBE_BYTES here to pick the recorder's bitrate. The body is read and dropped.
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/health/uplink',
      {
        schema: {
          tags: ['health'],
          summary: `Uplink probe: any body of at most ${UPLINK_PROBE_BYTES} bytes, answered with its size (nothing is kept)`,
          response: { 200: uplinkReplySchema },
        },
        bodyLimit: UPLINK_PROBE_BYTES,
        config: { rateLimit: { max: UPLINK_PROBES_PER_MINUTE, timeWindow: '1 minute' } },
      },
      async (request) => ({
        bytes: Buffer.isBuffer(request.body) ? request.body.length : 0,
      }),
    );
  });
}
