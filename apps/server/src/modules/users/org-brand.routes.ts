import { orgBrandSchema, updateOrgBrandBodySchema } from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOf } from '../../policies';
import { getBrandSettings, updateBrandSettings } from './org-brand';

const TAGS = ['organisation'];
const BEARER = [{ bearerAuth: [] }];

/**
 * The organisation's brand on the candidate side: anyone of it reads it, its owner sets it
 * (the `brand.read` and `brand.manage` policies refuse other organisations and API keys).
 */
export async function orgBrandRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/org/brand',
    {
      schema: {
        tags: TAGS,
        summary:
          "The organisation's brand on the candidate pages: its logo URL (empty: none), accent colour (null: Candid's) and whether Candid's mark shows (anyone of the organisation)",
        response: { 200: orgBrandSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => getBrandSettings(app.db, staffOf(request)),
  );

  api.put(
    '/org/brand',
    {
      schema: {
        tags: TAGS,
        summary:
          "Set the brand `{logoUrl, accentColor, showVendorMark}` (owner only): the logo is an image uploaded to the organisation (`POST upload/image?kind=logo`; another organisation's is 404), the accent `#rrggbb` with a contrast of at least 4.5:1 against white (else 400 `validation.ACCENT_CONTRAST_VALIDATE`) or null for Candid's own",
        body: updateOrgBrandBodySchema,
        response: { 200: orgBrandSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => updateBrandSettings(app.db, staffOf(request), request.body, app.now()),
  );
}
