import {
  apiKeyListResponseSchema,
  apiKeySchema,
  createApiKeyResponseSchema,
  webhookDeliveryListResponseSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointListResponseSchema,
  webhookEndpointSchema,
  webhookSecretResponseSchema,
  webhookSecretRotationResponseSchema,
  type ApiKey,
  type CreateApiKeyBody,
  type CreateApiKeyResponse,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookSecretRotationResponse,
} from '@candid/domain';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../common/api/api-client';
import { useApiClient } from '../../../common/api/api-client-context';

export const integrationKeys = {
  apiKeys: ['integrations', 'api-keys'] as const,
  endpoints: ['integrations', 'webhooks'] as const,
  deliveries: (endpointId: string) =>
    ['integrations', 'webhooks', endpointId, 'deliveries'] as const,
};

const id = (value: string) => encodeURIComponent(value);

/** `GET integrations/api-key`: the organisation's keys (never the keys themselves). */
export async function listApiKeys(api: ApiClient, signal?: AbortSignal): Promise<ApiKey[]> {
  return apiKeyListResponseSchema.parse(await api.get<unknown>('integrations/api-key', { signal }))
    .apiKeys;
}

export function useApiKeys(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: integrationKeys.apiKeys,
    queryFn: ({ signal }) => listApiKeys(api, signal),
    enabled,
  });
}

/** `POST integrations/api-key`: the answer holds the whole key, this once. */
export async function createApiKey(
  api: ApiClient,
  body: CreateApiKeyBody,
): Promise<CreateApiKeyResponse> {
  return createApiKeyResponseSchema.parse(await api.post<unknown>('integrations/api-key', body));
}

/** `DELETE integrations/api-key/{id}`: the key stops working at once. */
export async function revokeApiKey(api: ApiClient, keyId: string): Promise<ApiKey> {
  const answer = await api.delete<unknown>(`integrations/api-key/${id(keyId)}`);
  return apiKeySchema.parse((answer as { apiKey: unknown }).apiKey);
}

/** `GET integrations/webhook`: the organisation's webhook endpoints. */
export async function listWebhookEndpoints(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<WebhookEndpoint[]> {
  return webhookEndpointListResponseSchema.parse(
    await api.get<unknown>('integrations/webhook', { signal }),
  ).endpoints;
}

export function useWebhookEndpoints(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: integrationKeys.endpoints,
    queryFn: ({ signal }) => listWebhookEndpoints(api, signal),
    enabled,
  });
}

/** `POST integrations/webhook`. */
export async function createWebhookEndpoint(
  api: ApiClient,
  body: WebhookEndpointInput,
): Promise<WebhookEndpoint> {
  return webhookEndpointSchema.parse(await api.post<unknown>('integrations/webhook', body));
}

/** `PUT integrations/webhook/{id}`. */
export async function updateWebhookEndpoint(
  api: ApiClient,
  endpointId: string,
  body: WebhookEndpointInput,
): Promise<WebhookEndpoint> {
  return webhookEndpointSchema.parse(
    await api.put<unknown>(`integrations/webhook/${id(endpointId)}`, body),
  );
}

/** `DELETE integrations/webhook/{id}`: with its delivery log. */
export async function deleteWebhookEndpoint(api: ApiClient, endpointId: string): Promise<void> {
  await api.delete(`integrations/webhook/${id(endpointId)}`);
}

/** `GET integrations/webhook/{id}/secret`: the signing secret, on demand. */
export async function getWebhookSecret(api: ApiClient, endpointId: string): Promise<string> {
  return webhookSecretResponseSchema.parse(
    await api.get<unknown>(`integrations/webhook/${id(endpointId)}/secret`),
  ).secret;
}

/** `POST integrations/webhook/{id}/secret/rotate`: the new secret; the old one signs 24 h more. */
export async function rotateWebhookSecret(
  api: ApiClient,
  endpointId: string,
): Promise<WebhookSecretRotationResponse> {
  return webhookSecretRotationResponseSchema.parse(
    await api.post<unknown>(`integrations/webhook/${id(endpointId)}/secret/rotate`, {}),
  );
}

/** `POST integrations/webhook/{id}/test`: a `webhook.test` event, sent now. */
export async function sendTestEvent(api: ApiClient, endpointId: string): Promise<WebhookDelivery> {
  return webhookDeliveryResponseSchema.parse(
    await api.post<unknown>(`integrations/webhook/${id(endpointId)}/test`, {}),
  ).delivery;
}

/** `GET integrations/webhook/{id}/delivery`: the delivery log, newest first. */
export async function listDeliveries(
  api: ApiClient,
  endpointId: string,
  signal?: AbortSignal,
): Promise<WebhookDelivery[]> {
  return webhookDeliveryListResponseSchema.parse(
    await api.get<unknown>(`integrations/webhook/${id(endpointId)}/delivery`, { signal }),
  ).deliveries;
}

/** The log refreshes while something in it is still to be sent. */
const PENDING_REFRESH_MS = 3_000;

export function useDeliveries(endpointId: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: integrationKeys.deliveries(endpointId ?? ''),
    queryFn: ({ signal }) => listDeliveries(api, endpointId!, signal),
    enabled: endpointId !== null,
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending')
        ? PENDING_REFRESH_MS
        : false,
  });
}

/** `POST integrations/webhook/{id}/delivery/{deliveryId}/retry`: "Send again". */
export async function resendDelivery(
  api: ApiClient,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  return webhookDeliveryResponseSchema.parse(
    await api.post<unknown>(
      `integrations/webhook/${id(endpointId)}/delivery/${id(deliveryId)}/retry`,
      {},
    ),
  ).delivery;
}
