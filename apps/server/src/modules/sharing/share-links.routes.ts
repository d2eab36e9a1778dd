import {
  applicantDetailsParamsSchema,
  createShareLinkBodySchema,
  createShareLinkResponseSchema,
  guestRateBodySchema,
  guestRateResponseSchema,
  revokeShareLinkQuerySchema,
  revokeShareLinkResponseSchema,
  sharedApplicantParamsSchema,
  sharedApplicantResponseSchema,
  sharedLinkResponseSchema,
  shareLinkIdParamsSchema,
  shareLinksResponseSchema,
  shareTokenParamsSchema,
  viewAsQuerySchema,
} from '@candid/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authorize, staffOf, type GuestActor } from '../../policies';
import { AppError } from '../../lib/app-error';
import {
  createShareLink,
  getSharedLink,
  listApplicantShareLinks,
  openSharedApplicant,
  rateSharedApplicant,
  revokeShareLink,
} from './share-links.service';

const TAGS = ['sharing'];
const BEARER = [{ bearerAuth: [] }];
const SHARE_LINK = [{ shareLinkAuth: [] }];
/** A guest's calls per minute and IP: a page, its applicants and their ratings. */
const GUEST_CALLS_PER_MINUTE = 120;

/**
 * Share links. The recruiter's calls (`job/share-link…`, an access token) make, list
 * and revoke links; the guest's calls (`share/{shareToken}…`, the token in the path, no
 * account) read the link's applicants and rate them. Not API-key routes.
 */
export async function shareLinksRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The guest actor of the request, or the policies' 401 for anyone else. */
  function guestOf(request: FastifyRequest): GuestActor {
    const actor = request.actor;
    authorize(actor, 'shareLink.open', { now: app.now() });
    if (actor.kind !== 'guest') throw new AppError('INVALID_TOKEN_ERR');
    return actor;
  }

  /** Refuses anyone but a guest of an open link before the input is read. */
  async function requireGuest(request: FastifyRequest) {
    guestOf(request);
  }

  api.post(
    '/job/share-link',
    {
      schema: {
        tags: TAGS,
        summary:
          "Share applicants with a hiring manager `{applicantIds, guestName, guestEmail?, expiresInDays: 3|7|30 (default 7), viewAsId}`: an expiring, revocable link (needs SHARE_LINKS; each applicant one the caller may open, 404 for another organisation's). The token is in this answer only",
        body: createShareLinkBodySchema,
        response: { 201: createShareLinkResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const actor = staffOf(request);
      const created = await createShareLink({ db: app.db, now: app.now() }, actor, request.body);
      return reply.code(201).send(created);
    },
  );

  api.get(
    '/job/:jobId/:applicantId/share-link',
    {
      schema: {
        tags: TAGS,
        summary:
          "The applicant's share links that still open (not revoked, not expired): guest, who made it, expiry, views",
        params: applicantDetailsParamsSchema,
        querystring: viewAsQuerySchema,
        response: { 200: shareLinksResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const actor = staffOf(request);
      const links = await listApplicantShareLinks(
        { db: app.db, now: app.now() },
        actor,
        request.params,
      );
      return { links };
    },
  );

  api.delete(
    '/job/share-link/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          "Revoke one of the organisation's share links at once (the guest's next call answers 410 SHARE_LINK_REVOKED_ERR)",
        params: shareLinkIdParamsSchema,
        querystring: revokeShareLinkQuerySchema,
        response: { 200: revokeShareLinkResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const actor = staffOf(request);
      const link = await revokeShareLink({ db: app.db, now: app.now() }, actor, request.params.id);
      return { link };
    },
  );

  api.get(
    '/share/:shareToken',
    {
      config: { rateLimit: { max: GUEST_CALLS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary:
          'Guest (share link): who the link is for, its expiry and the applicants it opens (names and job titles only). 410 SHARE_LINK_REVOKED_ERR / SHARE_LINK_EXPIRED_ERR once closed',
        params: shareTokenParamsSchema,
        response: { 200: sharedLinkResponseSchema },
        security: SHARE_LINK,
      },
      onRequest: requireGuest,
    },
    async (request) => getSharedLink({ db: app.db, now: app.now() }, guestOf(request)),
  );

  api.get(
    '/share/:shareToken/:applicantId',
    {
      config: { rateLimit: { max: GUEST_CALLS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary:
          "Guest (share link): one applicant of the link with CV and answers (short-lived signed URLs), the job's questions and scorecard, and the guest's own ratings; never notes, status or others' ratings. Records a guest view (timeline, activity). 404 for an applicant the link does not name",
        params: sharedApplicantParamsSchema,
        response: { 200: sharedApplicantResponseSchema },
        security: SHARE_LINK,
      },
      onRequest: requireGuest,
    },
    async (request) => {
      const guest = guestOf(request);
      const applicant = await openSharedApplicant(
        { db: app.db, storage: app.storage, now: app.now() },
        guest,
        request.params.applicantId,
      );
      return { applicant };
    },
  );

  api.put(
    '/share/:shareToken/:applicantId/rating',
    {
      config: { rateLimit: { max: GUEST_CALLS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary:
          "Guest (share link): set, change or clear (score null) the guest's 1–5 rating of a scorecard criterion or an answer `{targetType, targetId, score}`; counts in the applicant's average like a reviewer's, on the timeline as the guest's, recorded as a guest activity",
        params: sharedApplicantParamsSchema,
        body: guestRateBodySchema,
        response: { 200: guestRateResponseSchema },
        security: SHARE_LINK,
      },
      onRequest: requireGuest,
    },
    async (request) => {
      const guest = guestOf(request);
      const myRatings = await rateSharedApplicant(
        { db: app.db, now: app.now() },
        guest,
        request.params.applicantId,
        request.body,
      );
      return { myRatings };
    },
  );
}
