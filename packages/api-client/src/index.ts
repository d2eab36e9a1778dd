/**
 * A typed client of Candid's API (docs/api.md): every path, parameter, body and answer typed
 * from the server's OpenAPI document, errors typed as the shared `ApiError` body.
 *
 *   const api = createApiClient({ baseUrl: 'https://candid.example.org', token: 'cnd_…' });
 *   const { data, error } = await api.GET('/api/job/{id}', { params: { path: { id } } });
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './schema.gen';

export type { components, operations, paths };

/** A named schema of the document: `Schema<'Job'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The body of every error answer: `{ status, key, message, issues?, traceId? }`. */
export type ApiError = Schema<'ApiError'>;

export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** The server's address (its PUBLIC_URL), without `/api`. */
  baseUrl: string;
  /** A session's access token or an organisation API key (`cnd_…`), sent as a bearer token. */
  token?: string;
  /** Another fetch (a test's); the global one otherwise. */
  fetch?: typeof globalThis.fetch;
}

export function createApiClient({ baseUrl, token, fetch }: ApiClientOptions): ApiClient {
  return createClient<paths>({
    baseUrl,
    ...(fetch ? { fetch } : {}),
    ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
  });
}
