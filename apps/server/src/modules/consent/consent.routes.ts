import { consentNoticeSettingsSchema, updateConsentNoticeBodySchema } from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOf } from '../../policies';
import { getConsentNoticeSettings, saveConsentNotice } from './consent.service';

const TAGS = ['retention'];
const BEARER = [{ bearerAuth: [] }];

/**
 * The organisation's consent notice for candidates, beside its data retention: the owner reads
 * and saves it (the `retention.manage` policy refuses members, other organisations and API keys).
 */
export async function consentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/org/consent-notice',
    {
      schema: {
        tags: TAGS,
        summary:
          "The candidates' consent notice: its current version (0: the standard notice), the organisation's own texts per interview language (empty: standard) and the standard texts (owner only)",
        response: { 200: consentNoticeSettingsSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => getConsentNoticeSettings(app.db, staffOf(request)),
  );

  api.put(
    '/org/consent-notice',
    {
      schema: {
        tags: TAGS,
        summary:
          'Save the consent notice `{texts: {en, he}}` (owner only; each up to 5,000 characters, empty: the standard text): a change becomes the next version, applicants keep the text they accepted',
        body: updateConsentNoticeBodySchema,
        response: { 200: consentNoticeSettingsSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => saveConsentNotice(app.db, staffOf(request), request.body.texts, app.now()),
  );
}
