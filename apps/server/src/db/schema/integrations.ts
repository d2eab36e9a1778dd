import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common';
import { organizations } from './organizations';
import { users } from './users';

export type ApiKeyScopeColumn = 'read' | 'write';
export type WebhookDeliveryStatusColumn = 'pending' | 'succeeded' | 'failed';
/** Why the sender turned an endpoint off: its receiver answered 410, or kept failing. */
export type WebhookDisabledReasonColumn = 'gone' | 'failing';

/**
 * Organisation API keys. Only the SHA-256 of the key is stored: the key holds 32
 * random bytes, so a fast hash is as good as a slow one and the auth plugin finds a key by
 * its hash in one index lookup. A revoked key keeps its row (the list shows it, struck out).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters, shown in lists to tell keys apart. */
    prefix: text('prefix').notNull(),
    /** SHA-256 (hex) of the whole key. */
    keyHash: text('key_hash').notNull(),
    scope: text('scope').$type<ApiKeyScopeColumn>().notNull(),
    /** The owner who made it: the key acts with their rights on jobs and applicants. */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_hash_idx').on(t.keyHash),
    index('api_keys_org_idx').on(t.orgId, t.createdAt.desc()),
  ],
);

/** Where an organisation's webhook events go, and the secret they are signed with. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** Event types it subscribed to (`applicant.created`, …). */
    events: jsonb('events').$type<string[]>().notNull(),
    /** `whsec_` + base64 of 32 random bytes; kept readable, since every send signs with it. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Set when the sender (not the owner) turned the endpoint off; cleared when it is on again. */
    disabledReason: text('disabled_reason').$type<WebhookDisabledReasonColumn>(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The receiver's last answer then ("HTTP 410", "No answer within 10 s", …). */
    disabledError: text('disabled_error'),
    /** The last 2xx: a delivery that gave up with none since it was queued turns the endpoint off. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** After a rotation the old secret signs too, until it expires (receivers switch meanwhile). */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.orgId, t.createdAt)],
);

/**
 * The durable queue and log of webhook messages: one row per event and endpoint, written in the
 * transaction of the change it tells of. A sender claims due rows by pushing `next_attempt_at`
 * a lease ahead (a process that dies mid-send leaves the row to be tried again); a failure
 * reschedules it with backoff; the last try's answer stays for the delivery log.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header (`msg_…`): the same on every try and on "Send again". */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact JSON body sent (signed as is, so a resend is byte for byte the same). */
    payload: text('payload').notNull(),
    status: text('status').$type<WebhookDeliveryStatusColumn>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    durationMs: integer('duration_ms'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt.desc()),
    // The endpoint list's "n failed" warning reads only these.
    index('webhook_deliveries_failed_idx')
      .on(t.endpointId)
      .where(sql`${t.status} = 'failed'`),
    // The daily pruning of finished deliveries, and an organisation's deletion.
    index('webhook_deliveries_org_created_idx').on(t.orgId, t.createdAt),
  ],
);
