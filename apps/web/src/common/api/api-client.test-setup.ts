import { vi } from 'vitest';
import { createApiClient, type ApiClientDeps } from './api-client';
import { createStorageTokenStore } from './token-store';

/**
 * What the API client's test files share (api-client.test.ts, api-client-session.test.ts): a
 * client over a fake fetch, a recording sleep and an in-memory token store.
 */

export interface Call {
  url: string;
  init: RequestInit;
}

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Responder = (call: Call) => Response | Promise<Response>;

/** A client whose fetch answers with `responder`, a sleep that only records, and a memory token store. */
export function setup(responder: Responder, tokens: Partial<Record<string, string>> = {}) {
  const storage = new Map<string, string>(Object.entries(tokens) as [string, string][]);
  const tokenStore = createStorageTokenStore({
    getItem: (key) => storage.get(key) ?? null,
    setItem: (key, value) => void storage.set(key, value),
    removeItem: (key) => void storage.delete(key),
  });
  const calls: Call[] = [];
  const delays: number[] = [];
  const deps: ApiClientDeps = {
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { url: String(input), init: init ?? {} };
      calls.push(call);
      return responder(call);
    }),
    sleep: vi.fn(async (ms: number) => {
      delays.push(ms);
    }),
    tokens: tokenStore,
    showAlert: vi.fn(),
    onSessionEnd: vi.fn(),
  };
  const client = createApiClient(deps);
  const header = (call: Call | undefined, name: string) =>
    (call?.init.headers as Record<string, string> | undefined)?.[name];
  return { client, deps, calls, delays, storage, tokenStore, header };
}

/** A logged-in session's tokens as the token store keeps them. */
export const SESSION = { 'candid.accessToken': 'access-1', 'candid.refreshToken': 'refresh-1' };
