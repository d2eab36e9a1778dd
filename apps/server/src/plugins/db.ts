import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: DatabaseHandle;
  }
}

/** Exposes the already-migrated database to every module; closes it with the app. */
export const dbPlugin = fp(async (app: FastifyInstance, opts: { database: DatabaseHandle }) => {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.addHook('onClose', async () => {
    await opts.database.close();
  });
});
