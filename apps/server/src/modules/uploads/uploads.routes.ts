import {
  IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MIME_TYPES,
  profileImageQuerySchema,
  uploadedImageResponseSchema,
  validateImageFile,
} from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { authorize, staffOf } from '../../policies';
import { fileUrl } from '../../storage/file-url';
import { imageKey, isPublicUpload, recordImageUpload, sniffImageType } from './uploads.service';

/** Lifetime of the signed URL `/api/files/…` redirects to. */
const FILE_URL_TTL_SEC = 10 * 60;

/**
 * Profile images (avatar, company logo) uploaded through the API, and the stable
 * `/api/files/<key>` URLs that serve public objects by redirecting to a signed URL.
 */
export async function uploadsRoutes(app: FastifyInstance) {
  // The image upload takes the raw bytes as its body: in this scope every content type is
  // read as a buffer (JSON and text keep their parsers and are refused by the handler).
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/upload/image',
      {
        schema: {
          tags: ['uploads'],
          summary: `Upload a profile image or company logo (raw PNG, JPEG, WebP or GIF body, at most ${IMAGE_MAX_BYTES / 1024} KB)`,
          querystring: profileImageQuerySchema,
          response: { 201: uploadedImageResponseSchema },
          security: [{ bearerAuth: [] }],
        },
        // Larger bodies are refused with 413 before they are read.
        bodyLimit: IMAGE_MAX_BYTES,
        // A reviewer may call it (see docs/features.md, "Team and roles").
        config: { openToReviewers: true },
        onRequest: scope.requireUser,
      },
      async (request, reply) => {
        const declared = (request.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        const body = request.body;
        if (
          !Buffer.isBuffer(body) ||
          !(PROFILE_IMAGE_MIME_TYPES as readonly string[]).includes(declared)
        ) {
          throw new AppError('VALIDATION_ERR');
        }
        const check = validateImageFile({ type: declared, size: body.length });
        if (!check.ok) {
          throw new AppError(
            check.key === 'validation.FILE_TOO_LARGE' ? 'PAYLOAD_TOO_LARGE_ERR' : 'VALIDATION_ERR',
          );
        }
        const actual = sniffImageType(body);
        if (actual !== declared) throw new AppError('VALIDATION_ERR');

        const actor = staffOf(request);
        authorize(actor, 'upload.image');
        // Stored under the logged-in user's own organisation, whoever an admin views as.
        const user = actor.user;
        const key = imageKey(user.orgId, actual);
        await app.storage.putObject(key, body, { contentType: actual });
        await recordImageUpload(app.db, {
          orgId: user.orgId,
          kind: request.query.kind,
          key,
          contentType: actual,
          sizeBytes: body.length,
          now: app.now(),
        });
        return reply.status(201).send({ url: fileUrl(key), key });
      },
    );
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/files/*',
    {
      schema: {
        tags: ['uploads'],
        summary: 'A public object (avatar, logo, cover): redirects to a short-lived signed URL',
        params: z.object({ '*': z.string() }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!key || !(await isPublicUpload(app.db, key))) throw new AppError('NOT_FOUND_ERR');
      const url = await app.storage.signGetUrl(key, { expiresInSec: FILE_URL_TTL_SEC });
      // Cached briefly, well within the signed URL's life.
      return reply.header('cache-control', 'public, max-age=60').redirect(url, 302);
    },
  );
}
