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
  sendDueDeadlineReminders,
  sendDueReminders,
  sendInvitations,
  stopReminders,
} from './invitations.service';

const TAGS = ['invitations'];
const BEARER = [{ bearerAuth: [] }];
/** Opening invitation links per minute and IP: a person opens theirs a few times at most. */
const OPENS_PER_MINUTE = 30;
/** How often due reminders are looked for. */
const REMINDER_SWEEP_MS = 5 * 60_000;

const STOPPED_PAGE = {
  en: {
    title: 'Reminders stopped',
    text: 'You will get no more reminders about this interview. Your personal link still works.',
    unknown: 'This link is not valid any more.',
  },
  he: {
    title: 'התזכורות בוטלו',
    text: 'לא יישלחו אליך עוד תזכורות על הראיון הזה. הקישור האישי שלך עדיין פעיל.',
    unknown: 'הקישור הזה כבר אינו בתוקף.',
  },
} as const;

/**
 * Invitations by e-mail (issue 14): a recruiter invites people to a job, each with a personal
 * link; the e-mails go out from the durable mail queue; the link pre-fills the candidate's
 * details and marks the applicant opened.
 */
export async function invitationsRoutes(
  app: FastifyInstance,
  opts: { config: Pick<AppConfig, 'publicUrl' | 'jwtSecret'> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.mailQueue.onSent(INVITATION_PURPOSE, markInvitationSent);
  const deps = () => ({
    db: app.db,
    now: app.now(),
    publicUrl: opts.config.publicUrl,
    secret: opts.config.jwtSecret,
    queue: app.mailQueue,
  });

  // Reminders: looked for at start and every few minutes (a restart loses none: the due time
  // is a column, and a reminder is queued in the transaction that clears it).
  let timer: ReturnType<typeof setInterval> | null = null;
  const remind = () =>
    void sendDueReminders(deps())
      .then(() => sendDueDeadlineReminders(deps()))
      .catch((error: unknown) => app.log.warn({ err: error }, 'reminder sweep failed'));
  app.addHook('onReady', async () => {
    remind();
    timer = setInterval(remind, REMINDER_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });

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
        deps(),
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

  api.get(
    '/invitation/stop',
    {
      config: { rateLimit: { max: OPENS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary:
          'Public: the link in an invitation or reminder e-mail that stops further reminders; answers a short HTML page in the invitation language',
        querystring: invitationQuerySchema,
      },
    },
    async (request, reply) => {
      const { stopped, lang } = await stopReminders(app.db, request.query.token, app.now());
      const page = STOPPED_PAGE[lang];
      const dir = lang === 'he' ? 'rtl' : 'ltr';
      const text = stopped ? page.text : page.unknown;
      return reply
        .code(stopped ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${page.title}</title></head><body><main><h1>${page.title}</h1><p>${text}</p></main></body></html>`,
        );
    },
  );
}
