import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { localStorageRoutes } from '../storage/local-storage-routes';
import { createStorage, type ObjectStorage } from '../storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: ObjectStorage;
    storageDriver: 'local' | 's3';
  }
}

/** Largest object a browser may PUT to local storage in one request (a long screen recording). */
const LOCAL_MAX_OBJECT_BYTES = 2 * 1024 ** 3;

/**
 * The object store behind signed URLs: local disk under DATA_DIR (with its own signed
 * PUT/GET routes) or an S3-compatible bucket that browsers upload to directly.
 */
export const storagePlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const { config } = opts;
  if (config.storage.driver === 'local') {
    // A key of its own, derived from the JWT secret, so the two uses never share a MAC key.
    const signingSecret = createHmac('sha256', config.jwtSecret)
      .update('candid/storage-urls')
      .digest('base64url');
    const storage = createStorage({
      driver: 'local',
      rootDir: config.storage.rootDir,
      publicBaseUrl: config.publicUrl,
      signingSecret,
    });
    app.decorate('storage', storage);
    app.decorate('storageDriver', 'local' as const);
    await app.register(localStorageRoutes, { storage, maxObjectBytes: LOCAL_MAX_OBJECT_BYTES });
    return;
  }
  const storage = createStorage({
    driver: 's3',
    bucket: config.storage.bucket,
    region: config.storage.region,
    endpoint: config.storage.endpoint,
    accessKeyId: config.storage.accessKeyId,
    secretAccessKey: config.storage.secretAccessKey,
    forcePathStyle: config.storage.forcePathStyle,
  });
  app.decorate('storage', storage);
  app.decorate('storageDriver', 's3' as const);
});
