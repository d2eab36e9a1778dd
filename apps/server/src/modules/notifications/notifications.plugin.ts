import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import { sendDueDigests } from './notifications.service';

/** How often due digests are looked for (a digest is due once a day per recruiter). */
const DIGEST_SWEEP_MS = 10 * 60_000;

/**
 * Submitted-interview e-mails: the e-mail per interview is queued by the submit
 * itself; this sends the daily digests, looked for at start and every few minutes (a restart
 * loses none: each recruiter's period start is a column, moved in the transaction that queues
 * the digest).
 */
export async function notificationsPlugin(
  app: FastifyInstance,
  opts: { config: Pick<AppConfig, 'publicUrl'> },
) {
  let timer: ReturnType<typeof setInterval> | null = null;
  // One sweep at a time: a tick that finds one still running is skipped (the next takes over).
  let running = false;
  const sweep = () => {
    if (running) return;
    running = true;
    void sendDueDigests({
      db: app.db,
      now: app.now(),
      publicUrl: opts.config.publicUrl,
      queue: app.mailQueue,
    })
      .catch((error: unknown) => app.log.warn({ err: error }, 'digest sweep failed'))
      .finally(() => {
        running = false;
      });
  };
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, DIGEST_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
