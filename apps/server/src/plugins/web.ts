import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { PublicJob } from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { notFoundBody } from './errors';
import {
  CANDIDATE_PAGE_SOURCES,
  chunkPreloads,
  matchCandidatePage,
  renderFirstScreen,
  type CandidatePageKind,
  type ViteManifest,
} from './first-screen';

/** Reads the build manifest if the build wrote one (it names each page's chunks). */
async function readManifest(webDistDir: string): Promise<ViteManifest> {
  try {
    return JSON.parse(
      await readFile(path.join(webDistDir, '.vite', 'manifest.json'), 'utf8'),
    ) as ViteManifest;
  } catch {
    return {};
  }
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
 * An invitation link (`/interview/{jobId}`, `/embed/{jobId}`) of an active job gets index.html
 * with the job and its first screen in it (first-screen.ts), given `loadPublicJob`.
 */
export const webPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { config: AppConfig; loadPublicJob?: (jobId: string) => Promise<PublicJob> },
  ) => {
    const { webDistDir, faceModelsDir } = opts.config;

    await app.register(fastifyStatic, {
      root: faceModelsDir,
      prefix: '/face-models/',
      decorateReply: false,
      allowedPath: (pathName) => FACE_MODEL_FILE.test(path.basename(pathName)),
      maxAge: '7d',
    });

    let indexHtml: string | null = null;
    const pagePreloads: Record<CandidatePageKind, string[]> = { interview: [], embed: [] };
    if (webDistDir) {
      indexHtml = await readFile(path.join(webDistDir, 'index.html'), 'utf8');
      const manifest = await readManifest(webDistDir);
      for (const kind of ['interview', 'embed'] as const)
        pagePreloads[kind] = chunkPreloads(manifest, CANDIDATE_PAGE_SOURCES[kind], indexHtml);
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

    /** index.html, with the job's first screen in it for an active job's invitation link. */
    async function pageFor(url: string, html: string): Promise<string> {
      const page = opts.loadPublicJob ? matchCandidatePage(url) : null;
      if (!page || !opts.loadPublicJob) return html;
      const job = await opts.loadPublicJob(page.jobId).catch(() => null);
      return job ? renderFirstScreen(html, job, page.kind, pagePreloads[page.kind]) : html;
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
          .send(await pageFor(request.url, indexHtml));
      }
      return reply.status(404).send(notFoundBody(request.id));
    });
  },
);
