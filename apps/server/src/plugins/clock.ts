import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The current time. Injectable (BuildAppOptions.now) so tests expire codes and tokens without sleeping. */
    now(): Date;
  }
}

/** The app's one clock: every expiry (tokens, codes, links) is computed from it. */
export const clockPlugin = fp(async (app: FastifyInstance, opts: { now?: () => Date }) => {
  const now = opts.now ?? (() => new Date());
  app.decorate('now', () => now());
});
