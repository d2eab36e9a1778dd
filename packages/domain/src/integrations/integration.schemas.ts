import { z } from 'zod';
import { isoDateSchema } from '../common/date-schemas';
import { idSchema } from '../common/ids';
import { hasPermission, isAdmin } from '../permissions/plans';
import type { TeamSubject } from '../users/team.schemas';
import { optionalString, requiredString } from '../validation/primitives';
import { VALIDATION_KEYS } from '../validation/validation-keys';

/**
 * Organisation API keys and webhooks: an ATS reads and changes the organisation's
 * jobs and applicants with a key, and hears about applicants through signed webhooks.
 */

/** Every API key starts with this, so the auth plugin tells it from a JWT at a glance. */
export const API_KEY_PREFIX = 'cnd_';
/** How much of a key lists show (the prefix and a few characters), enough to tell keys apart. */
export const API_KEY_VISIBLE_LENGTH = 12;
/** Webhook signing secrets are `whsec_` + base64 (the Standard Webhooks format). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const API_KEY_NAME_MAX_LENGTH = 60;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 120;
export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** Endpoints one organisation may have. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** Deliveries one endpoint's log shows, newest first. */
export const WEBHOOK_DELIVERY_LOG_SIZE = 50;

/** `read`: GET and HEAD only; `write`: what the owner may do on jobs and applicants. */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The events an endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'applicant.created',
  'applicant.submitted',
  'applicant.status_changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The event "Send test event" sends, whatever the endpoint subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * Why the sender turned an endpoint off: `gone`, its receiver answered 410; `failing`, a
 * delivery gave up after every try with nothing delivered to the endpoint since it was queued.
 */
export const WEBHOOK_DISABLED_REASONS = ['gone', 'failing'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

/** How long the old secret still signs after a rotation, beside the new one. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 60 * 60_000;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * Who may manage the organisation's keys and webhooks: its owner on a plan with INTEGRATIONS
 * (enterprise, or granted by name), or an admin viewing as them. Members never: a key acts with
 * the owner's rights.
 */
export function canManageIntegrations(user: TeamSubject): boolean {
  if (isAdmin(user)) return false;
  return user.orgRole === 'owner' && hasPermission(user, 'INTEGRATIONS');
}

/**
 * Where a webhook may point: https anywhere; plain http only to this machine (localhost,
 * 127.0.0.1 or [::1]) so a developer's receiver and the tests work without a certificate.
 * No credentials in the address (they would show in the log).
 */
export function isWebhookUrlAllowed(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return url.hostname.length > 0;
  if (url.protocol === 'http:') {
    return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  }
  return false;
}

export const webhookUrlSchema = z
  .string({ error: VALIDATION_KEYS.REQUIRED_VALIDATE })
  .trim()
  .min(1, { error: VALIDATION_KEYS.REQUIRED_VALIDATE })
  .max(WEBHOOK_URL_MAX_LENGTH, { error: VALIDATION_KEYS.WEBHOOK_URL_VALIDATE })
  .refine(isWebhookUrlAllowed, { error: VALIDATION_KEYS.WEBHOOK_URL_VALIDATE });

/** An API key as lists show it: never the key itself, which only its creation answer holds. */
export const apiKeySchema = z.object({
  _id: idSchema,
  name: z.string(),
  /** The key's first characters (`cnd_Ab12…`), to recognise it. */
  prefix: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  createdAt: isoDateSchema,
  /** Updated at most once a minute per server process. */
  lastUsedAt: isoDateSchema.nullable(),
  revokedAt: isoDateSchema.nullable(),
  createdBy: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListResponseSchema = z.object({ apiKeys: z.array(apiKeySchema) });
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>;

/** `POST integrations/api-key`. */
export const createApiKeyBodySchema = z.object({
  name: requiredString.refine((name) => name.length <= API_KEY_NAME_MAX_LENGTH, {
    error: VALIDATION_KEYS.INVALID_VALUE,
  }),
  scope: z.enum(API_KEY_SCOPES, { error: VALIDATION_KEYS.REQUIRED_VALIDATE }),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** The one answer that holds the whole key: it is stored hashed and never shown again. */
export const createApiKeyResponseSchema = z.object({ apiKey: apiKeySchema, key: z.string() });
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;

/** A webhook endpoint of the organisation (its secret is read on its own call). */
export const webhookEndpointSchema = z.object({
  _id: idSchema,
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  createdAt: isoDateSchema,
  /** Deliveries given up after the last try, for a warning in the list. */
  failedCount: z.number().int().min(0),
  /** Set when the sender turned it off (null when the owner did, or it is on). */
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabledAt: isoDateSchema.nullable(),
  /** The receiver's last answer when it was turned off. */
  disabledError: z.string().nullable(),
  /** Until when the secret before the last rotation still signs too (null: no overlap now). */
  previousSecretExpiresAt: isoDateSchema.nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListResponseSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
});
export type WebhookEndpointListResponse = z.infer<typeof webhookEndpointListResponseSchema>;

/** `POST integrations/webhook` and `PUT integrations/webhook/{id}`. */
export const webhookEndpointInputSchema = z.object({
  url: webhookUrlSchema,
  description: optionalString.refine(
    (text) => (text ?? '').length <= WEBHOOK_DESCRIPTION_MAX_LENGTH,
    { error: VALIDATION_KEYS.INVALID_VALUE },
  ),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1, { error: VALIDATION_KEYS.REQUIRED_VALIDATE })
    .refine((events) => new Set(events).size === events.length, {
      error: VALIDATION_KEYS.INVALID_VALUE,
    }),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookSecretResponseSchema = z.object({ secret: z.string() });
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponseSchema>;

/** `POST integrations/webhook/{id}/secret/rotate`: the new secret, and the old one's end. */
export const webhookSecretRotationResponseSchema = z.object({
  secret: z.string(),
  previousSecretExpiresAt: isoDateSchema,
});
export type WebhookSecretRotationResponse = z.infer<typeof webhookSecretRotationResponseSchema>;

/** One message to one endpoint, and what happened at its last try. */
export const webhookDeliverySchema = z.object({
  _id: idSchema,
  /** The `webhook-id` header: the same for every try and for "Send again". */
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int().min(0),
  nextAttemptAt: isoDateSchema.nullable(),
  lastAttemptAt: isoDateSchema.nullable(),
  responseStatus: z.number().int().nullable(),
  /** The first characters of the receiver's answer. */
  responseBody: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: isoDateSchema,
  payload: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
});
export type WebhookDeliveryListResponse = z.infer<typeof webhookDeliveryListResponseSchema>;

export const webhookDeliveryResponseSchema = z.object({ delivery: webhookDeliverySchema });

/** What every webhook body looks like (Standard Webhooks: type, timestamp, data). */
export interface WebhookPayload {
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  timestamp: string;
  data: Record<string, unknown>;
}
