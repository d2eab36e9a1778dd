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
  findReminderStop,
  sendInvitations,
  stopReminders,
} from './invitations.service';

const TAGS = ['invitations'];
const BEARER = [{ bearerAuth: [] }];
/** Opening invitation links per minute and IP: a person opens theirs a few times at most. */
const OPENS_PER_MINUTE = 30;
/** How often due reminders are looked for. */
const REMINDER_SWEEP_MS = 5 * 60_000;

const STOP_PAGE = {
  en: {
    askTitle: 'Stop reminders?',
    ask: 'We will send no more reminders about this interview. Your personal link keeps working.',
    button: 'Stop reminders',
    title: 'Reminders stopped',
    text: 'You will get no more reminders about this interview. Your personal link still works.',
    unknownTitle: 'Link not valid',
    unknown: 'This link is not valid any more.',
  },
  he: {
    askTitle: 'לבטל את התזכורות?',
    ask: 'לא נשלח עוד תזכורות על הראיון הזה. הקישור האישי שלך ימשיך לעבוד.',
    button: 'ביטול התזכורות',
    title: 'התזכורות בוטלו',
    text: 'לא יישלחו אליך עוד תזכורות על הראיון הזה. הקישור האישי שלך עדיין פעיל.',
    unknownTitle: 'הקישור אינו בתוקף',
    unknown: 'הקישור הזה כבר אינו בתוקף.',
  },
} as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** The stop link's small page, in the invitation's language. */
function stopPage(lang: 'en' | 'he', title: string, body: string): string {
  const dir = lang === 'he' ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

/**
 * Invitations by e-mail: a recruiter invites people to a job, each with a personal
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

  // The stop link: GET asks, POST stops. Mail scanners (e.g. a "safe links" service) open every
  // link of a message; a GET that stopped reminders would stop them for everyone invited.
  api.get(
    '/invitation/stop',
    {
      config: { rateLimit: { max: OPENS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary:
          'Public: the link in an invitation or reminder e-mail: a short HTML page in the invitation language asking to stop further reminders (a button POSTs to the same address); changes nothing',
        querystring: invitationQuerySchema,
      },
    },
    async (request, reply) => {
      const { found, lang } = await findReminderStop(app.db, request.query.token);
      const page = STOP_PAGE[lang];
      const action = `/api/invitation/stop?token=${encodeURIComponent(request.query.token)}`;
      return reply
        .code(found ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(
          found
            ? stopPage(
                lang,
                page.askTitle,
                `<p>${page.ask}</p><form method="post" action="${escapeHtml(action)}"><button type="submit">${page.button}</button></form>`,
              )
            : stopPage(lang, page.unknownTitle, `<p>${page.unknown}</p>`),
        );
    },
  );

  // The page's form (and a mail client's one-click unsubscribe, RFC 8058) posts a form body,
  // which nothing here reads: it is taken as text, in this plugin only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );
  api.post(
    '/invitation/stop',
    {
      config: { rateLimit: { max: OPENS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary:
          "Public: stops further reminders of the invitation whose token is in the query; answers a short HTML page in the invitation language (the stop page's button)",
        querystring: invitationQuerySchema,
      },
    },
    async (request, reply) => {
      const { stopped, lang } = await stopReminders(app.db, request.query.token, app.now());
      const page = STOP_PAGE[lang];
      return reply
        .code(stopped ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(
          stopped
            ? stopPage(lang, page.title, `<p>${page.text}</p>`)
            : stopPage(lang, page.unknownTitle, `<p>${page.unknown}</p>`),
        );
    },
  );
}
