import { coverSearchQuerySchema, coverSearchResponseSchema } from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { AppError } from '../../lib/app-error';
import { findGalleryCover } from './covers.gallery';
import { createCoverSearch } from './covers.service';

const TAGS = ['covers'];
const BEARER = [{ bearerAuth: [] }];

/**
 * Job cover images (stock-photo search): the search the job editor calls (Unsplash
 * when UNSPLASH_ACCESS_KEY is set, else the built-in gallery), and the gallery's own images,
 * public because they show on the candidate's invitation page.
 */
export async function coversRoutes(app: FastifyInstance, opts: { config: AppConfig }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const searchCovers = createCoverSearch({
    unsplashAccessKey: opts.config.unsplashAccessKey,
    unsplashApiUrl: opts.config.unsplashApiUrl,
    now: () => app.now(),
  });

  api.get(
    '/covers/search',
    {
      schema: {
        tags: TAGS,
        summary:
          'Search cover photos, 20 per page: Unsplash when configured, else the built-in gallery (an empty query lists the gallery)',
        querystring: coverSearchQuerySchema,
        response: { 200: coverSearchResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => searchCovers(request.query.query, request.query.page),
  );

  api.get(
    '/covers/:file',
    {
      schema: {
        tags: TAGS,
        summary: 'A built-in cover image (`{id}.svg`)',
        params: z.object({ file: z.string() }),
      },
    },
    async (request, reply) => {
      const cover = findGalleryCover(request.params.file);
      if (!cover) throw new AppError('NOT_FOUND_ERR');
      void reply
        .header('etag', cover.etag)
        .header('cache-control', 'public, max-age=86400')
        // The image is ours, but an SVG opened on its own must still never run anything.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === cover.etag) return reply.status(304).send();
      return reply.type('image/svg+xml').send(cover.svg);
    },
  );
}
