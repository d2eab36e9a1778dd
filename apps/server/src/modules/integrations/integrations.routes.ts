import {
  apiKeyListResponseSchema,
  createApiKeyBodySchema,
  createApiKeyResponseSchema,
  apiKeySchema,
  webhookDeliveryListResponseSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointInputSchema,
  webhookEndpointListResponseSchema,
  webhookEndpointSchema,
  webhookSecretResponseSchema,
  webhookSecretRotationResponseSchema,
  emptyReplySchema,
} from '@candid/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize, staffOf, viewAsMeta, type StaffActor } from '../../policies';
import { recordActivity } from '../activities/activities.service';
import { listOrgUsers } from '../users/users.service';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';
import { assertWebhookTarget } from './webhook-address';
import { toApiKey, toWebhookDelivery, toWebhookEndpoint } from './integrations.presenter';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listDeliveries,
  listWebhookEndpoints,
  queueTestEvent,
  resendDelivery,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from './webhooks.service';

const TAGS = ['integrations'];
const BEARER = [{ bearerAuth: [] }];
const idParamsSchema = z.object({ id: z.string() });
const deliveryParamsSchema = z.object({ id: z.string(), deliveryId: z.string() });

/** The owner managing their organisation's integrations (never an API key itself). */
function ownerOf(request: FastifyRequest) {
  const actor = staffOf(request);
  authorize(actor, 'integration.manage');
  return actor;
}

/**
 * API keys and webhooks: the organisation owner's keys (made with a name and a scope,
 * shown once, revoked at once) and webhook endpoints (events, signing secret, test event, the
 * delivery log and "Send again"). Every call works on the caller's own organisation.
 */
export async function integrationsRoutes(
  app: FastifyInstance,
  opts: { config: Pick<AppConfig, 'webhookAllowPrivateAddresses'> },
) {
  const allowPrivate = opts.config.webhookAllowPrivateAddresses;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Keys and endpoints made and removed are in the activity log (never a key or a secret). */
  function logActivity(
    actor: StaffActor,
    type: 'create' | 'remove' | 'update',
    target: 'apiKey' | 'webhook',
    desc: string,
    meta: Record<string, unknown>,
  ) {
    return recordActivity(app.db, {
      type,
      target,
      userId: actor.user.id,
      orgId: actor.orgId,
      desc,
      meta: { ...meta, ...viewAsMeta(actor) },
      date: app.now(),
    });
  }

  async function namesOf(orgId: string): Promise<Map<string, string>> {
    const users = await listOrgUsers(app.db, orgId);
    return new Map(
      users.map((user) => [user.id, `${user.fName} ${user.lName}`.trim() || user.email]),
    );
  }

  api.get(
    '/integrations/api-key',
    {
      schema: {
        tags: TAGS,
        summary: "Owner: the organisation's API keys, newest first (never the keys themselves)",
        response: { 200: apiKeyListResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const actor = ownerOf(request);
      const [rows, names] = await Promise.all([
        listApiKeys(app.db, actor.orgId),
        namesOf(actor.orgId),
      ]);
      return { apiKeys: rows.map((row) => toApiKey(row, names.get(row.createdBy) ?? '')) };
    },
  );

  api.post(
    '/integrations/api-key',
    {
      schema: {
        tags: TAGS,
        summary:
          'Owner: make an API key (scope read: GET only; write: what the owner may do on jobs and applicants). The answer holds the whole key, once: only its hash is stored',
        body: createApiKeyBodySchema,
        response: { 201: createApiKeyResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const actor = ownerOf(request);
      const { row, key } = await createApiKey(app.db, {
        ...request.body,
        orgId: actor.orgId,
        createdBy: actor.id,
        now: app.now(),
      });
      await logActivity(actor, 'create', 'apiKey', row.name, {
        apiKeyId: row.id,
        scope: row.scope,
      });
      const names = await namesOf(actor.orgId);
      return reply.status(201).send({ apiKey: toApiKey(row, names.get(row.createdBy) ?? ''), key });
    },
  );

  api.delete(
    '/integrations/api-key/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Owner: revoke an API key; the next request with it gets 401',
        params: idParamsSchema,
        response: { 200: z.object({ apiKey: apiKeySchema }) },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const actor = ownerOf(request);
      const row = await revokeApiKey(app.db, actor.orgId, request.params.id, app.now());
      await logActivity(actor, 'remove', 'apiKey', row.name, { apiKeyId: row.id });
      const names = await namesOf(actor.orgId);
      return { apiKey: toApiKey(row, names.get(row.createdBy) ?? '') };
    },
  );

  api.get(
    '/integrations/webhook',
    {
      schema: {
        tags: TAGS,
        summary: "Owner: the organisation's webhook endpoints",
        response: { 200: webhookEndpointListResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const actor = ownerOf(request);
      const rows = await listWebhookEndpoints(app.db, actor.orgId);
      return { endpoints: rows.map((row) => toWebhookEndpoint(row, app.now(), row.failedCount)) };
    },
  );

  api.post(
    '/integrations/webhook',
    {
      schema: {
        tags: TAGS,
        summary:
          'Owner: add a webhook endpoint (https, or http to localhost for development) and the events it gets',
        body: webhookEndpointInputSchema,
        response: { 201: webhookEndpointSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const actor = ownerOf(request);
      assertWebhookTarget(request.body.url, allowPrivate);
      const row = await createWebhookEndpoint(app.db, {
        ...request.body,
        orgId: actor.orgId,
        createdBy: actor.id,
        now: app.now(),
      });
      await logActivity(actor, 'create', 'webhook', row.url, { endpointId: row.id });
      return reply.status(201).send(toWebhookEndpoint(row, app.now()));
    },
  );

  api.put(
    '/integrations/webhook/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Owner: change an endpoint (address, description, events, enabled)',
        params: idParamsSchema,
        body: webhookEndpointInputSchema,
        response: { 200: webhookEndpointSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const actor = ownerOf(request);
      assertWebhookTarget(request.body.url, allowPrivate);
      const row = await updateWebhookEndpoint(app.db, actor.orgId, request.params.id, {
        ...request.body,
        now: app.now(),
      });
      await logActivity(actor, 'update', 'webhook', row.url, {
        endpointId: row.id,
        enabled: row.enabled,
      });
      return toWebhookEndpoint(row, app.now());
    },
  );

  api.delete(
    '/integrations/webhook/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Owner: delete an endpoint with its delivery log',
        params: idParamsSchema,
        response: { 200: emptyReplySchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const actor = ownerOf(request);
      const endpoint = await getWebhookEndpoint(app.db, actor.orgId, request.params.id);
      await deleteWebhookEndpoint(app.db, actor.orgId, endpoint.id);
      await logActivity(actor, 'remove', 'webhook', endpoint.url, { endpointId: endpoint.id });
      return {};
    },
  );

  api.get(
    '/integrations/webhook/:id/secret',
    {
      schema: {
        tags: TAGS,
        summary: "Owner: the endpoint's signing secret (whsec_…), to verify signatures with",
        params: idParamsSchema,
        response: { 200: webhookSecretResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const actor = ownerOf(request);
      const row = await getWebhookEndpoint(app.db, actor.orgId, request.params.id);
      return { secret: row.secret };
    },
  );

  api.post(
    '/integrations/webhook/:id/secret/rotate',
    {
      schema: {
        tags: TAGS,
        summary:
          'Owner: a new signing secret; the old one still signs beside it (two v1 signatures) for 24 hours, then stops',
        params: idParamsSchema,
        response: { 200: webhookSecretRotationResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const actor = ownerOf(request);
      const endpoint = await getWebhookEndpoint(app.db, actor.orgId, request.params.id);
      const row = await rotateWebhookSecret(app.db, endpoint, app.now());
      await logActivity(actor, 'update', 'webhook', row.url, {
        endpointId: row.id,
        secretRotated: true,
      });
      return {
        secret: row.secret,
        previousSecretExpiresAt: row.previousSecretExpiresAt!.toISOString(),
      };
    },
  );

  api.post(
    '/integrations/webhook/:id/test',
    {
      schema: {
        tags: TAGS,
        summary: 'Owner: send the endpoint a test event (webhook.test) now',
        params: idParamsSchema,
        response: { 201: webhookDeliveryResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const actor = ownerOf(request);
      const endpoint = await getWebhookEndpoint(app.db, actor.orgId, request.params.id);
      const row = await queueTestEvent(app.db, endpoint, app.now());
      return reply.status(201).send({ delivery: toWebhookDelivery(row) });
    },
  );

  api.get(
    '/integrations/webhook/:id/delivery',
    {
      schema: {
        tags: TAGS,
        summary:
          "Owner: the endpoint's delivery log, newest first: status, tries, next try, the receiver's answer",
        params: idParamsSchema,
        response: { 200: webhookDeliveryListResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const actor = ownerOf(request);
      const endpoint = await getWebhookEndpoint(app.db, actor.orgId, request.params.id);
      const rows = await listDeliveries(app.db, endpoint);
      return { deliveries: rows.map(toWebhookDelivery) };
    },
  );

  api.post(
    '/integrations/webhook/:id/delivery/:deliveryId/retry',
    {
      schema: {
        tags: TAGS,
        summary:
          'Owner: "Send again": the same message (same webhook-id and body) as a new delivery, now',
        params: deliveryParamsSchema,
        response: { 201: webhookDeliveryResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const actor = ownerOf(request);
      const endpoint = await getWebhookEndpoint(app.db, actor.orgId, request.params.id);
      const row = await resendDelivery(app.db, endpoint, request.params.deliveryId, app.now());
      return reply.status(201).send({ delivery: toWebhookDelivery(row) });
    },
  );
}
