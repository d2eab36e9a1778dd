import rateLimit from '@fastify/rate-limit';
import { ERROR_MESSAGES_EN } from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config';

/**
 * A global per-IP limit on /api, kept in Redis when REDIS_URL is set so that several API
 * processes share one budget. Routes tighten it with `config.rateLimit` (e.g. login).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const redis = opts.config.redisUrl
    ? new Redis(opts.config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) {
    // ioredis reconnects by itself; without a listener each failed attempt is an unhandled error.
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit redis error'));
    app.addHook('onClose', async () => void (await redis.quit()));
  }
  await app.register(rateLimit, {
    global: true,
    max: opts.config.rateLimitPerMinute,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'candid-rl:' } : {}),
    // Static files and the SPA are not rate limited; only the API is.
    allowList: (request) => !request.url.startsWith('/api/'),
    // The plugin throws what this returns; the global error handler turns it into the wire body
    // (statusCode + key), and the plugin itself sets the Retry-After header.
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      key: 'RATE_LIMITED_ERR',
      message: ERROR_MESSAGES_EN.RATE_LIMITED_ERR,
    }),
  });
});
