import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { localStorageRoutes } from '../storage/local-storage-routes';
import type { LocalStorage } from '../storage/local-storage';
import { createStorage, type ObjectStorage } from '../storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: ObjectStorage;
    storageDriver: 'local' | 's3';
  }
}

/** Largest object a browser may PUT to local storage in one request (a long screen recording). */
const LOCAL_MAX_OBJECT_BYTES = 2 * 1024 ** 3;

/** How often abandoned local uploads are looked for, and how old one must be to go. */
export const STALE_UPLOAD_SWEEP_INTERVAL_MS = 60 * 60_000;
export const STALE_UPLOAD_MAX_AGE_MS = 24 * 60 * 60_000;

/**
 * Removes abandoned multipart uploads and temp files from local storage at start and then
 * every hour (what a lifecycle rule does on an S3 bucket). A failed sweep is logged and tried
 * again at the next tick; it never stops the server.
 */
function scheduleStaleUploadSweep(app: FastifyInstance, storage: LocalStorage): void {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= storage
      .removeStaleUploads({ olderThanMs: STALE_UPLOAD_MAX_AGE_MS })
      .then((removed) => {
        if (removed > 0) app.log.info({ removed }, 'removed abandoned uploads');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'stale-upload sweep failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), STALE_UPLOAD_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

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
      signingSecret,
      now: () => app.now().getTime(),
    });
    app.decorate('storage', storage);
    app.decorate('storageDriver', 'local' as const);
    scheduleStaleUploadSweep(app, storage);
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
