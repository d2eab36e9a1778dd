import { createHmac } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@candid/domain';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { coalescedRun } from '../../lib/coalesced-run';
import type { Db } from '../../db/types';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { refusedTarget } from './webhook-address';

/** Tries of one delivery before it is marked failed (about a day of backoff in all). */
export const MAX_WEBHOOK_ATTEMPTS = 8;
/** How long a claimed delivery waits before another sender may try it (a sender died). */
export const WEBHOOK_LEASE_MS = 2 * 60_000;
/** A receiver has this long to answer; then the try counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer the delivery log keeps. */
export const RESPONSE_EXCERPT_CHARS = 500;
const WEBHOOK_BATCH = 10;

/**
 * The wait after failed try n, the schedule of Standard Webhooks' reference implementation:
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
 */
const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000];
export function webhookRetryDelayMs(attempt: number): number {
  const index = Math.min(Math.max(0, attempt - 1), RETRY_DELAYS_MS.length - 1);
  return RETRY_DELAYS_MS[index]!;
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
  log: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  timeoutMs?: number;
}

export interface WebhookRunResult {
  delivered: number;
  retried: number;
  failed: number;
}

/**
 * The webhook queue's sender (the mail queue's pattern): claims due deliveries of enabled
 * endpoints (pushing their next try a lease ahead, under `FOR UPDATE SKIP LOCKED`, so two
 * processes never send one twice at once), POSTs each signed, then marks it delivered, or
 * reschedules it with backoff, or after {@link MAX_WEBHOOK_ATTEMPTS} marks it failed. Every
 * try's answer (status, excerpt, duration) is kept for the delivery log.
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
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
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
      .select({
        id: webhookEndpoints.id,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
      })
      .from(webhookEndpoints)
      .where(
        inArray(
          webhookEndpoints.id,
          claimed.map((row) => row.endpointId),
        ),
      );
    const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
    return claimed.flatMap((row) => {
      const endpoint = byId.get(row.endpointId);
      return endpoint ? [{ row, endpoint }] : [];
    });
  }

  /** Sends every delivery due now; resolves with what happened to them. */
  async function runOnce(): Promise<WebhookRunResult> {
    const result: WebhookRunResult = { delivered: 0, retried: 0, failed: 0 };
    for (;;) {
      const batch = await claim(deps.now());
      if (batch.length === 0) return result;
      for (const { row, endpoint } of batch) {
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
                'webhook-signature': signWebhook(
                  endpoint.secret,
                  row.eventId,
                  timestampSec,
                  row.payload,
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
          await deps.db
            .update(webhookDeliveries)
            .set({ ...answer, status: 'succeeded', deliveredAt: deps.now() })
            .where(eq(webhookDeliveries.id, row.id));
          result.delivered += 1;
          continue;
        }
        const failed = row.attempts >= MAX_WEBHOOK_ATTEMPTS;
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
        deps.log.warn(
          { deliveryId: row.id, attempt: row.attempts, err: attempt.error },
          'webhook not delivered',
        );
        if (failed) result.failed += 1;
        else result.retried += 1;
      }
    }
  }

  /** Runs the sender now, or once more after the run in progress. */
  const runner = coalescedRun(runOnce, {
    empty: { delivered: 0, retried: 0, failed: 0 },
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
