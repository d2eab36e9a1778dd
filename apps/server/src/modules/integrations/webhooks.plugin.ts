import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { createWebhookSender, type WebhookSender } from './webhook-sender';
import { pruneDeliveries, takeQueuedSignal } from './webhooks.service';

declare module 'fastify' {
  interface FastifyInstance {
    webhookSender: WebhookSender;
  }
}

/** How often the sender looks for due deliveries (retries, and events another process queued). */
export const WEBHOOK_POLL_MS = 5_000;
/** How often finished deliveries older than the retention are deleted. */
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * The durable webhook queue's sender in this process (the outbox plugin's pattern): started
 * when the server is ready (deliveries left by a previous run go first), polled for retries,
 * kicked after a request that queued an event has answered (its transaction has committed),
 * stopped on close (a delivery in flight then is tried again after its lease). Once an hour,
 * deliveries finished more than 30 days ago leave the log.
 */
export const webhooksPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const sender = createWebhookSender({
    db: app.db,
    now: () => app.now(),
    log: app.log,
    allowPrivateAddresses: opts.config.webhookAllowPrivateAddresses,
    publicUrl: opts.config.publicUrl,
    onEndpointDisabled: () => void app.mailQueue.kick(),
  });
  app.decorate('webhookSender', sender);
  app.addHook('onResponse', async () => {
    if (takeQueuedSignal()) void sender.kick();
  });
  let timer: ReturnType<typeof setInterval> | null = null;
  let pruner: ReturnType<typeof setInterval> | null = null;
  const prune = () =>
    pruneDeliveries(app.db, app.now()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'webhook deliveries not pruned'),
    );
  app.addHook('onReady', async () => {
    void sender.kick();
    timer = setInterval(() => void sender.kick(), WEBHOOK_POLL_MS);
    timer.unref();
    pruner = setInterval(() => void prune(), PRUNE_EVERY_MS);
    pruner.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    if (pruner) clearInterval(pruner);
    await sender.idle();
  });
});
