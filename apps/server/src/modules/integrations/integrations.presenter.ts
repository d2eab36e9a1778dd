import type { ApiKey, WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@candid/domain';
import type { ApiKeyRow } from './api-keys.service';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './webhooks.service';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toApiKey(row: ApiKeyRow, createdBy: string): ApiKey {
  return {
    _id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
    createdBy,
  };
}

export function toWebhookEndpoint(
  row: WebhookEndpointRow,
  now: Date,
  failedCount = 0,
): WebhookEndpoint {
  const overlapEnds = row.previousSecret ? row.previousSecretExpiresAt : null;
  return {
    _id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    failedCount,
    disabledReason: row.enabled ? null : row.disabledReason,
    disabledAt: row.enabled ? null : iso(row.disabledAt),
    disabledError: row.enabled ? null : row.disabledError,
    previousSecretExpiresAt: overlapEnds && overlapEnds > now ? overlapEnds.toISOString() : null,
  };
}

export function toWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    _id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    lastAttemptAt: iso(row.lastAttemptAt),
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    durationMs: row.durationMs,
    error: row.lastError,
    createdAt: row.createdAt.toISOString(),
    payload: row.payload,
  };
}
