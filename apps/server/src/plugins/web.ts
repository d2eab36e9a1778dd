import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { notFoundBody } from './errors';

interface WebPluginOptions {
  config: AppConfig;
  renderPage?: (url: string, indexHtml: string) => Promise<string | null>;
}

/** The TinyFaceDetector files the candidate's media check loads (spec §7 "Face models"). */
const FACE_MODEL_FILE = /^tiny_face_detector_model(\.bin|-weights_manifest\.json)$/;

/**
 * Serves the built web app with an SPA fallback (any non-API GET that wants HTML gets
 * index.html), long-lived caching for hashed assets, the brotli or gzip file the build made
 * beside each text asset when the browser accepts it (`preCompressed`, with
 * `Vary: Accept-Encoding`), and the face-detection models at
 * /face-models. API paths that match nothing answer the JSON NOT_FOUND_ERR body.
 *
 * `renderPage` may answer a path with its own version of index.html (an invitation link gets
 * the job and its first screen in it: modules/jobs/invitation-page.ts); null keeps the file.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: WebPluginOptions) => {
  const { webDistDir, faceModelsDir } = opts.config;

  await app.register(fastifyStatic, {
    root: faceModelsDir,
    prefix: '/face-models/',
    decorateReply: false,
    allowedPath: (pathName) => FACE_MODEL_FILE.test(path.basename(pathName)),
    maxAge: '7d',
  });

  let indexHtml: string | null = null;
  if (webDistDir) {
    indexHtml = await readFile(path.join(webDistDir, 'index.html'), 'utf8');
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(
      'web app not built (apps/web/dist missing): serving the API only; run `npm run build`',
    );
  }

  // The limiter does not see the not-found handler unless asked: probing unknown API paths counts.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (
      !isApi &&
      indexHtml &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      wantsHtml
    ) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send((await opts.renderPage?.(request.url, indexHtml)) ?? indexHtml);
    }
    return reply.status(404).send(notFoundBody(request.id));
  });
});
