import {
  idSchema,
  invitationQuerySchema,
  invitationResponseSchema,
  sendInvitationsBodySchema,
  sendInvitationsResponseSchema,
  viewAsQuerySchema,
} from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { staffOf } from '../../policies';
import {
  INVITATION_PURPOSE,
  markInvitationSent,
  openInvitation,
  sendInvitations,
} from './invitations.service';

const TAGS = ['invitations'];
const BEARER = [{ bearerAuth: [] }];
/** Opening invitation links per minute and IP: a person opens theirs a few times at most. */
const OPENS_PER_MINUTE = 30;

/**
 * Invitations by e-mail (issue 14): a recruiter invites people to a job, each with a personal
 * link; the e-mails go out from the durable mail queue; the link pre-fills the candidate's
 * details and marks the applicant opened.
 */
export async function invitationsRoutes(
  app: FastifyInstance,
  opts: { config: Pick<AppConfig, 'publicUrl'> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.mailQueue.onSent(INVITATION_PURPOSE, markInvitationSent);

  api.post(
    '/job/:id/invitations',
    {
      schema: {
        tags: TAGS,
        summary:
          'Invite people to a job by e-mail `{rows: [{fName, lName, email, phone}], subject, message, language}`: one applicant and one personal link each, all or nothing (a malformed row, an address twice in the list or already an applicant of the job is a 400 naming the row); the e-mails are queued and sent in the background',
        params: z.object({ id: idSchema }),
        querystring: viewAsQuerySchema,
        body: sendInvitationsBodySchema,
        response: { 201: sendInvitationsResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const result = await sendInvitations(
        { db: app.db, now: app.now(), publicUrl: opts.config.publicUrl, queue: app.mailQueue },
        staffOf(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(result);
    },
  );

  api.get(
    '/invitation',
    {
      config: { rateLimit: { max: OPENS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary:
          'Public: who a personal invitation link invited to which job (to pre-fill the details form); the first call marks the applicant opened. NOT_FOUND_ERR for an unknown token or a finished interview',
        querystring: invitationQuerySchema,
        response: { 200: invitationResponseSchema },
      },
    },
    async (request) => openInvitation(app.db, request.query.token, app.now()),
  );
}
