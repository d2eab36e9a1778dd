import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { createMailer, type Mailer } from '../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Outgoing mail: SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox plus a log line. */
export const mailPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const mailer = createMailer({
    smtpUrl: opts.config.mail.smtpUrl,
    from: opts.config.mail.from,
    outboxDir: opts.config.mail.outboxDir,
    logger: app.log,
  });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    await mailer.close();
  });
});
