import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailQueue, type MailQueue } from './mail-queue';

declare module 'fastify' {
  interface FastifyInstance {
    mailQueue: MailQueue;
  }
}

/** How often the sender looks for due mail besides the kick after each enqueue (retries). */
export const MAIL_QUEUE_POLL_MS = 15_000;

/**
 * The durable mail queue's sender in this process: started when the server is ready (mail left
 * by a previous run goes out first), polled for retries, kicked after each enqueue, stopped on
 * close (a mail in flight then is tried again after its lease).
 */
export const outboxPlugin = fp(async (app: FastifyInstance) => {
  const queue = createMailQueue({
    db: app.db,
    mailer: app.mailer,
    now: () => app.now(),
    log: app.log,
  });
  app.decorate('mailQueue', queue);
  let timer: ReturnType<typeof setInterval> | null = null;
  app.addHook('onReady', async () => {
    void queue.kick();
    timer = setInterval(() => void queue.kick(), MAIL_QUEUE_POLL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await queue.idle();
  });
});
