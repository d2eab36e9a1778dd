import { createHmac } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@candid/domain';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { coalescedRun } from '../../lib/coalesced-run';
import type { Db } from '../../db/types';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { refusedTarget } from './webhook-address';
import { disableWebhookEndpoint } from './webhook-disabling';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Tries of one delivery before it is marked failed (11 to 22 h of backoff in all). */
export const MAX_WEBHOOK_ATTEMPTS = 8;
/** A receiver has this long to answer; then the try counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Deliveries claimed at once by one sender. */
const WEBHOOK_BATCH = 50;
/**
 * How long a claimed delivery waits before another sender may try it (a sender died): longer
 * than a whole batch takes even if every receiver timed out one after another.
 */
export const WEBHOOK_LEASE_MS = WEBHOOK_BATCH * WEBHOOK_TIMEOUT_MS + 2 * 60_000;
/** How much of a receiver's answer the delivery log keeps. */
export const RESPONSE_EXCERPT_CHARS = 500;
/** Endpoints one sender serves at once. */
const WEBHOOK_CONCURRENCY = 4;

/** The first retry waits about this long; each next one about {@link RETRY_GROWTH} times more. */
const FIRST_RETRY_MS = 5_000;
const RETRY_GROWTH = 6;
/** No wait is longer than this (the last tries are 10 h apart). */
const MAX_RETRY_MS = 10 * 60 * 60_000;

/**
 * The wait after failed try n: exponential (5 s, 30 s, 3 min, 18 min, 1.8 h, then 10 h) with
 * equal jitter, a random point between half the step and the whole step, so receivers that
 * came back after an outage are not hit by every sender at the same second. At most about 22 h
 * from the first try to the last.
 */
export function webhookRetryDelayMs(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * RETRY_GROWTH ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + (step / 2) * Math.min(1, Math.max(0, random())));
}

/**
 * The Standard Webhooks signature of a message: `v1,` + base64 of the HMAC-SHA256 of
 * `{id}.{timestamp}.{body}` under the secret's bytes (the base64 after `whsec_`).
 */
export function signWebhook(secret: string, id: string, timestampSec: number, body: string) {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSec}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * The `webhook-signature` header: the current secret's signature, and during a rotation's
 * overlap the old one's too, space-separated (a receiver accepts the message if any matches).
 */
export function signatureHeader(
  endpoint: { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null },
  id: string,
  timestampSec: number,
  body: string,
  now: Date,
): string {
  const secrets = [endpoint.secret];
  if (
    endpoint.previousSecret &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt > now
  ) {
    secrets.push(endpoint.previousSecret);
  }
  return secrets.map((secret) => signWebhook(secret, id, timestampSec, body)).join(' ');
}

/** The first characters of an answer's body; reading stops there (a receiver may send a lot). */
async function readExcerpt(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < RESPONSE_EXCERPT_CHARS) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text.slice(0, RESPONSE_EXCERPT_CHARS);
}

interface Attempt {
  ok: boolean;
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
}

/** One POST: no redirects followed (a 3xx is a failure), a time limit, the answer kept short. */
async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<Attempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const excerpt = await readExcerpt(response).catch(() => '');
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      status: response.status,
      body: excerpt,
      error: ok ? null : `HTTP ${response.status}`,
      durationMs: elapsed(),
    };
  } catch (error) {
    const message =
      error instanceof Error && error.name === 'TimeoutError'
        ? `No answer within ${timeoutMs / 1000} s`
        : error instanceof Error
          ? ((error.cause as Error | undefined)?.message ?? error.message)
          : String(error);
    return { ok: false, status: null, body: null, error: message, durationMs: elapsed() };
  }
}

export interface WebhookSenderDeps {
  db: Db;
  now: () => Date;
  /** Whether loopback and private-network addresses may be sent to (WEBHOOK_ALLOW_PRIVATE_ADDRESSES). */
  allowPrivateAddresses: boolean;
  /** The e-mail telling the owner an endpoint was turned off links here. */
  publicUrl: string;
  log: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  timeoutMs?: number;
  /** Called after an endpoint was turned off (its owner's e-mail is queued). */
  onEndpointDisabled?: () => void;
}

export interface WebhookRunResult {
  delivered: number;
  retried: number;
  failed: number;
  /** Endpoints this run turned off (a 410, or a delivery that gave up). */
  disabled: number;
}

/** Runs `work` on each group, at most `limit` at once. */
async function inLanes<T>(groups: T[], limit: number, work: (group: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < groups.length) {
      const group = groups[next]!;
      next += 1;
      await work(group);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, groups.length) }, lane));
}

/**
 * The webhook queue's sender (the mail queue's pattern): claims due deliveries of enabled
 * endpoints (pushing their next try a lease ahead, under `FOR UPDATE SKIP LOCKED`, so two
 * processes never send one twice at once), POSTs each signed, then marks it delivered, or
 * reschedules it with jittered backoff, or after {@link MAX_WEBHOOK_ATTEMPTS} marks it failed.
 * Endpoints are served side by side ({@link WEBHOOK_CONCURRENCY} at once), each one's
 * deliveries one after another in the order they were queued, so a slow receiver delays only
 * itself. A 410 turns the endpoint off at once; so does a delivery that gave up with nothing
 * delivered to the endpoint since it was queued (docs/integrations.md). Every try's answer
 * (status, excerpt, duration) is kept for the delivery log.
 */
export function createWebhookSender(deps: WebhookSenderDeps) {
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;

  async function claim(now: Date) {
    const due = deps.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          eq(webhookEndpoints.enabled, true),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.createdAt))
      .limit(WEBHOOK_BATCH)
      .for('update', { of: webhookDeliveries, skipLocked: true });
    const claimed = await deps.db
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + WEBHOOK_LEASE_MS),
      })
      .where(inArray(webhookDeliveries.id, due))
      .returning();
    if (claimed.length === 0) return [];
    const endpoints = await deps.db
      .select()
      .from(webhookEndpoints)
      .where(
        inArray(
          webhookEndpoints.id,
          claimed.map((row) => row.endpointId),
        ),
      );
    // One lane per endpoint, its deliveries in the order they were queued.
    const lanes = new Map<string, { endpoint: EndpointRow; rows: DeliveryRow[] }>();
    for (const endpoint of endpoints) lanes.set(endpoint.id, { endpoint, rows: [] });
    for (const row of claimed) lanes.get(row.endpointId)?.rows.push(row);
    for (const lane of lanes.values()) {
      lane.rows.sort(
        (a, b) =>
          a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() ||
          a.createdAt.getTime() - b.createdAt.getTime() ||
          a.attempts - b.attempts,
      );
    }
    return [...lanes.values()];
  }

  /** One try of one delivery: the POST, then the row updated with what came of it. */
  async function deliver(endpoint: EndpointRow, row: DeliveryRow, result: WebhookRunResult) {
    const sentAt = deps.now();
    const timestampSec = Math.floor(sentAt.getTime() / 1000);
    const refused = await refusedTarget(endpoint.url, deps.allowPrivateAddresses);
    const attempt: Attempt = refused
      ? { ok: false, status: null, body: null, error: refused, durationMs: 0 }
      : await post(
          endpoint.url,
          {
            'content-type': 'application/json',
            'user-agent': 'Candid-Webhooks/1',
            'webhook-id': row.eventId,
            'webhook-timestamp': String(timestampSec),
            'webhook-signature': signatureHeader(
              endpoint,
              row.eventId,
              timestampSec,
              row.payload,
              sentAt,
            ),
          },
          row.payload,
          timeoutMs,
        );
    const answer = {
      lastAttemptAt: sentAt,
      responseStatus: attempt.status,
      responseBody: attempt.body,
      durationMs: attempt.durationMs,
      lastError: attempt.error?.slice(0, 500) ?? null,
    };
    if (attempt.ok) {
      const deliveredAt = deps.now();
      await deps.db
        .update(webhookDeliveries)
        .set({ ...answer, status: 'succeeded', deliveredAt })
        .where(eq(webhookDeliveries.id, row.id));
      await deps.db
        .update(webhookEndpoints)
        .set({ lastSuccessAt: deliveredAt })
        .where(eq(webhookEndpoints.id, endpoint.id));
      result.delivered += 1;
      return 'delivered' as const;
    }
    // 410 Gone: the receiver says the address is gone for good; trying again would not help.
    const gone = attempt.status === 410;
    const failed = gone || row.attempts >= MAX_WEBHOOK_ATTEMPTS;
    await deps.db
      .update(webhookDeliveries)
      .set({
        ...answer,
        ...(failed
          ? { status: 'failed' as const }
          : {
              nextAttemptAt: new Date(sentAt.getTime() + webhookRetryDelayMs(row.attempts)),
            }),
      })
      .where(eq(webhookDeliveries.id, row.id));
    // `error`, not `err`: pino's error serializer expects an Error, and this is the answer's text.
    deps.log.warn(
      { deliveryId: row.id, attempt: row.attempts, error: attempt.error },
      'webhook not delivered',
    );
    if (!failed) {
      result.retried += 1;
      return 'retried' as const;
    }
    result.failed += 1;
    const disabled = await disableWebhookEndpoint(deps.db, {
      endpointId: endpoint.id,
      reason: gone ? 'gone' : 'failing',
      error: answer.lastError,
      now: deps.now(),
      publicUrl: deps.publicUrl,
      ...(gone ? {} : { unlessDeliveredSince: row.createdAt }),
    });
    if (!disabled) return 'failed' as const;
    result.disabled += 1;
    deps.log.warn({ endpointId: endpoint.id, gone }, 'webhook endpoint turned off');
    deps.onEndpointDisabled?.();
    return 'disabled' as const;
  }

  /**
   * An endpoint's claimed deliveries in order; once it is turned off the rest are handed back
   * untried (due again when it is turned on).
   */
  async function runLane(
    lane: { endpoint: EndpointRow; rows: DeliveryRow[] },
    result: WebhookRunResult,
  ) {
    for (const [index, row] of lane.rows.entries()) {
      if ((await deliver(lane.endpoint, row, result)) !== 'disabled') continue;
      const rest = lane.rows.slice(index + 1).map((left) => left.id);
      if (rest.length > 0) {
        await deps.db
          .update(webhookDeliveries)
          .set({ attempts: sql`${webhookDeliveries.attempts} - 1`, nextAttemptAt: deps.now() })
          .where(inArray(webhookDeliveries.id, rest));
      }
      return;
    }
  }

  /** Sends every delivery due now; resolves with what happened to them. */
  async function runOnce(): Promise<WebhookRunResult> {
    const result: WebhookRunResult = { delivered: 0, retried: 0, failed: 0, disabled: 0 };
    for (;;) {
      const lanes = await claim(deps.now());
      if (lanes.length === 0) return result;
      await inLanes(lanes, WEBHOOK_CONCURRENCY, (lane) => runLane(lane, result));
    }
  }

  /** Runs the sender now, or once more after the run in progress. */
  const runner = coalescedRun(runOnce, {
    empty: { delivered: 0, retried: 0, failed: 0, disabled: 0 },
    onError: (error) => deps.log.error({ err: error }, 'webhook run failed'),
  });

  return {
    runOnce,
    kick: runner.kick,
    /** Resolves when the run in progress (if any) ends. */
    idle: runner.idle,
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
