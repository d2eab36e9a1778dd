import { randomBytes, randomUUID } from 'node:crypto';
import {
  hasPermission,
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_DELIVERY_LOG_SIZE,
  WEBHOOK_SECRET_OVERLAP_MS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  type WebhookEndpointInput,
  type WebhookEventType,
  type WebhookPayload,
} from '@candid/domain';
import { and, asc, count, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/types';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ApplicantSubject } from '../../lib/domain-events';
import { isUuid } from '../../lib/ids';
import { findOrgOwner } from '../users/users.service';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * Set when an event was queued, so the sender is kicked once the request that queued it has
 * answered (its transaction committed by then). The poll catches anything it misses.
 */
let queuedSinceKick = false;

/** Whether events were queued since the last call (and forgets it). */
export function takeQueuedSignal(): boolean {
  const queued = queuedSinceKick;
  queuedSinceKick = false;
  return queued;
}

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** A message id, the `webhook-id` header (unique per event, kept across tries). */
function newEventId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

export async function listWebhookEndpoints(
  db: Db,
  orgId: string,
): Promise<(WebhookEndpointRow & { failedCount: number })[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.orgId, orgId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  if (rows.length === 0) return [];
  const failed = await db
    .select({ endpointId: webhookDeliveries.endpointId, n: count() })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(
          webhookDeliveries.endpointId,
          rows.map((row) => row.id),
        ),
        eq(webhookDeliveries.status, 'failed'),
      ),
    )
    .groupBy(webhookDeliveries.endpointId);
  const failedBy = new Map(failed.map((row) => [row.endpointId, Number(row.n)]));
  return rows.map((row) => ({ ...row, failedCount: failedBy.get(row.id) ?? 0 }));
}

/** One of the organisation's endpoints; another organisation's is "not found". */
export async function getWebhookEndpoint(
  db: Db | DbTx,
  orgId: string,
  id: string,
): Promise<WebhookEndpointRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND_ERR');
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.orgId, orgId)));
  if (!row) throw new AppError('NOT_FOUND_ERR');
  return row;
}

type EndpointValues = Required<Pick<WebhookEndpointInput, 'url' | 'events'>> & {
  description?: string | undefined;
  enabled: boolean;
};

export async function createWebhookEndpoint(
  db: Db,
  input: EndpointValues & { orgId: string; createdBy: string; now: Date },
): Promise<WebhookEndpointRow> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.orgId, input.orgId));
    if (Number(existing?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError('VALIDATION_ERR', {
        status: 409,
        message: `An organisation may have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`,
      });
    }
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        orgId: input.orgId,
        url: input.url,
        description: input.description ?? '',
        events: input.events,
        enabled: input.enabled,
        secret: newWebhookSecret(),
        createdBy: input.createdBy,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    return row!;
  });
}

export async function updateWebhookEndpoint(
  db: Db,
  orgId: string,
  id: string,
  input: EndpointValues & { now: Date },
): Promise<WebhookEndpointRow> {
  const before = await getWebhookEndpoint(db, orgId, id);
  // Turned on again: the sender's reason goes. Kept off: the reason stays for the screen.
  const reason = input.enabled || !before.enabled ? {} : { disabledReason: null };
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      url: input.url,
      description: input.description ?? '',
      events: input.events,
      enabled: input.enabled,
      updatedAt: input.now,
      ...(input.enabled ? { disabledReason: null, disabledAt: null, disabledError: null } : reason),
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.orgId, orgId)))
    .returning();
  return row!;
}

/**
 * A new signing secret; the one it replaces still signs beside it for
 * {@link WEBHOOK_SECRET_OVERLAP_MS}, so a receiver can switch without losing a message. A
 * second rotation within the window drops the oldest secret.
 */
export async function rotateWebhookSecret(
  db: Db,
  endpoint: WebhookEndpointRow,
  now: Date,
): Promise<WebhookEndpointRow> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      secret: newWebhookSecret(),
      previousSecret: endpoint.secret,
      previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_MS),
      updatedAt: now,
    })
    .where(eq(webhookEndpoints.id, endpoint.id))
    .returning();
  return row!;
}

/** Deletes an endpoint with its delivery log (and what was still to send). */
export async function deleteWebhookEndpoint(db: Db, orgId: string, id: string): Promise<void> {
  await getWebhookEndpoint(db, orgId, id);
  await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.orgId, orgId)));
}

/** The body of an event, serialised once: the exact bytes are signed and stored. */
function serialise(type: WebhookPayload['type'], data: Record<string, unknown>, now: Date) {
  const payload: WebhookPayload = { type, timestamp: now.toISOString(), data };
  return JSON.stringify(payload);
}

/**
 * Queues an event for every enabled endpoint of the organisation that subscribed to it, in the
 * caller's transaction: the rows exist exactly when the change they tell of does. An
 * organisation whose plan no longer has INTEGRATIONS (a downgrade; its API keys stop at once)
 * queues nothing: its endpoints stay, and start again if the plan comes back. Deliveries queued
 * before the downgrade still go out (they tell of changes made while the plan allowed it).
 */
export async function emitWebhookEvent(
  tx: Db | DbTx,
  event: { orgId: string; type: WebhookEventType; data: Record<string, unknown>; now: Date },
): Promise<number> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.orgId, event.orgId),
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([event.type])}::jsonb`,
      ),
    );
  if (endpoints.length === 0) return 0;
  const owner = await findOrgOwner(tx, event.orgId);
  if (!owner || !hasPermission(owner, 'INTEGRATIONS')) return 0;
  const eventId = newEventId();
  const payload = serialise(event.type, event.data, event.now);
  await tx.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      orgId: event.orgId,
      endpointId: endpoint.id,
      eventId,
      eventType: event.type,
      payload,
      nextAttemptAt: event.now,
      createdAt: event.now,
    })),
  );
  queuedSinceKick = true;
  return endpoints.length;
}

/** Queues the test event to one endpoint; a disabled one sends nothing, so it is refused. */
export async function queueTestEvent(
  db: Db,
  endpoint: WebhookEndpointRow,
  now: Date,
): Promise<WebhookDeliveryRow> {
  if (!endpoint.enabled) {
    throw new AppError('VALIDATION_ERR', {
      status: 409,
      message: 'The endpoint is disabled: enable it to send a test event',
    });
  }
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      orgId: endpoint.orgId,
      endpointId: endpoint.id,
      eventId: newEventId(),
      eventType: WEBHOOK_TEST_EVENT,
      payload: serialise(
        WEBHOOK_TEST_EVENT,
        { message: 'A test event from Candid', endpointId: endpoint.id },
        now,
      ),
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning();
  queuedSinceKick = true;
  return row!;
}

/** The endpoint's latest deliveries, newest first. */
export async function listDeliveries(
  db: Db,
  endpoint: WebhookEndpointRow,
): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpoint.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERY_LOG_SIZE);
}

/**
 * "Send again": a new delivery of the same message (same `webhook-id` and body, so a receiver
 * that already has it can tell), due now; the old row stays in the log as it was.
 */
export async function resendDelivery(
  db: Db,
  endpoint: WebhookEndpointRow,
  deliveryId: string,
  now: Date,
): Promise<WebhookDeliveryRow> {
  if (!isUuid(deliveryId)) throw new AppError('NOT_FOUND_ERR');
  const [original] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)),
    );
  if (!original) throw new AppError('NOT_FOUND_ERR');
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      orgId: endpoint.orgId,
      endpointId: endpoint.id,
      eventId: original.eventId,
      eventType: original.eventType,
      payload: original.payload,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning();
  queuedSinceKick = true;
  return row!;
}

/**
 * Queues an applicant event (see {@link emitWebhookEvent}) with the applicant's wire fields;
 * `extra` adds what the event is about (the previous status of a status change).
 */
export function emitApplicantEvent(
  tx: Db | DbTx,
  type: WebhookEventType,
  applicant: ApplicantSubject,
  now: Date,
  extra: Record<string, unknown> = {},
): Promise<number> {
  return emitWebhookEvent(tx, {
    orgId: applicant.orgId,
    type,
    now,
    data: {
      applicantId: applicant.id,
      jobId: applicant.jobId,
      fName: applicant.fName,
      lName: applicant.lName,
      email: applicant.email,
      phone: applicant.phone,
      status: applicant.status,
      createdAt: applicant.createdAt.toISOString(),
      submittedAt: applicant.submittedAt ? applicant.submittedAt.toISOString() : null,
      ...extra,
    },
  });
}

/** How long finished deliveries stay in the log. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** Deletes deliveries finished (delivered or failed) longer ago than the retention. */
export async function pruneDeliveries(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(webhookDeliveries)
    .where(
      and(
        ne(webhookDeliveries.status, 'pending'),
        lt(webhookDeliveries.createdAt, new Date(now.getTime() - DELIVERY_RETENTION_MS)),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return deleted.length;
}
