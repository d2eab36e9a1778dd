import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { notFoundBody } from './errors';

/** A page the server draws into index.html, and the hashes of the inline scripts it carries. */
export interface RenderedPage {
  html: string;
  /** CSP sources (`'sha256-…'`) for the page's inline scripts; only this answer allows them. */
  inlineScriptHashes: readonly string[];
}

/** Draws a path's own index.html, or answers null to keep the file. */
type RenderPage = (
  url: string,
  indexHtml: string,
  headers: { acceptLanguage?: string },
) => Promise<RenderedPage | null>;

interface WebPluginOptions {
  config: AppConfig;
  renderPage?: RenderPage;
}

/** The first page that one of `renderers` draws for a path (each answers null for paths not its own). */
export function firstPage(renderers: readonly RenderPage[]): RenderPage {
  return async (url, indexHtml, headers) => {
    for (const render of renderers) {
      const page = await render(url, indexHtml, headers);
      if (page) return page;
    }
    return null;
  };
}

/** The CSP of one answer with the given inline script hashes added to its `script-src`. */
export function allowInlineScripts(csp: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return csp;
  return csp.replace(
    /(^|;)(\s*script-src)(?=[\s;]|$)/,
    (_m, start: string, directive: string) => `${start}${directive} ${hashes.join(' ')}`,
  );
}

/** The TinyFaceDetector files the candidate's media check loads ("Face models"). */
/** The built app's scripts and stylesheets (hashed names under assets/). */
const SCRIPT_OR_STYLE = /\.(js|css)$/;
/**
 * Security headers that only a document (or a worker, which the app never starts from assets/)
 * obeys: on a script or a stylesheet they do nothing, and at about 600 bytes they weighed more
 * than many of the invitation's small chunks (about 40 of them on a first load, over HTTP/1.1
 * without header compression). Content type sniffing, the cross-origin resource policy and the
 * referrer policy (which a stylesheet's own fetches follow) stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
const FACE_MODEL_FILE = /^tiny_face_detector_model(\.bin|-weights_manifest\.json)$/;

/**
 * Serves the built web app with an SPA fallback (any non-API GET that wants HTML gets
 * index.html), long-lived caching for hashed assets, the brotli or gzip file the build made
 * beside each text asset when the browser accepts it (`preCompressed`, with
 * `Vary: Accept-Encoding`), and the face-detection models at
 * /face-models. API paths that match nothing answer the JSON NOT_FOUND_ERR body.
 *
 * `renderPage` may answer a path with its own version of index.html (an invitation link gets
 * the job and its first screen in it: modules/jobs/invitation-page.ts), whose inline scripts
 * that answer's CSP then allows by hash; null keeps the file.
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
        if (isHashedAsset && SCRIPT_OR_STYLE.test(filePath)) {
          for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
        }
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
      const page = await opts.renderPage?.(request.url, indexHtml, {
        acceptLanguage: request.headers['accept-language'],
      });
      const csp = reply.getHeader('content-security-policy');
      if (page && typeof csp === 'string') {
        reply.header('content-security-policy', allowInlineScripts(csp, page.inlineScriptHashes));
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(page?.html ?? indexHtml);
    }
    return reply.status(404).send(notFoundBody(request.id));
  });
});
