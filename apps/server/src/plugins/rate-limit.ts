import rateLimit from '@fastify/rate-limit';
import { API_KEY_PREFIX, ERROR_MESSAGES_EN } from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The rate limits' Redis connection when REDIS_URL is set (null otherwise), for counters
     * that must be shared by every API process (the login limits).
     */
    rateLimitRedis: Redis | null;
  }
}

/** The window of every limit here (routes that tighten it count per minute too). */
const RATE_WINDOW_SEC = 60;

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
  app.decorate('rateLimitRedis', redis ?? null);
  // A script on an API key gets the IETF RateLimit fields (the httpapi draft's structured form)
  // beside the plugin's x-ratelimit-* ones, from the same counts: quota and window of the
  // policy, and what is left of it and when it resets (also on the 429 itself).
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.headers.authorization?.startsWith(`Bearer ${API_KEY_PREFIX}`)) return payload;
    const limit = reply.getHeader('x-ratelimit-limit');
    if (limit === undefined) return payload;
    const remaining = reply.getHeader('x-ratelimit-remaining') ?? 0;
    const reset = reply.getHeader('x-ratelimit-reset') ?? RATE_WINDOW_SEC;
    reply.header('ratelimit-policy', `"default";q=${String(limit)};w=${RATE_WINDOW_SEC}`);
    reply.header('ratelimit', `"default";r=${String(remaining)};t=${String(reset)}`);
    return payload;
  });
  await app.register(rateLimit, {
    global: true,
    max: opts.config.rateLimitPerMinute,
    timeWindow: RATE_WINDOW_SEC * 1000,
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
