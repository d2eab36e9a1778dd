import type { Language, User } from '@candid/domain';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createApiClient } from '../../../common/api/api-client';
import { createStorageTokenStore } from '../../../common/api/token-store';
import { showAlert } from '../../../common/stores/alert-store';
import { renderWithProviders } from '../../../common/test/render-with-providers';

/** A request the screen sent, as the server would read it. */
export interface FetchCall {
  method: string;
  /** The API path without `/api/`, with its query (`upload/image?kind=avatar`). */
  path: string;
  /** The JSON body parsed, or the raw body (a File for uploads). */
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  /** A file answer (a download) instead of JSON: its bytes, type and Content-Disposition name. */
  file?: { bytes: string; type: string; fileName: string };
}

export type FakeRoute = FakeReply | ((call: FetchCall) => FakeReply | Promise<FakeReply>);

function jsonResponse({ status = 200, body = {}, file }: FakeReply): Response {
  if (file) {
    return new Response(file.bytes, {
      status,
      headers: {
        'content-type': file.type,
        'content-disposition': `attachment; filename="${file.fileName}"`,
      },
    });
  }
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** An error answer as the server sends it. */
export function apiError(status: number, key: string): FakeReply {
  return { status, body: { status, key, message: key } };
}

/**
 * A fake `fetch` for the API client: answers by `"METHOD path"` (the path with or without its
 * query), records every call, and answers 404 NOT_FOUND_ERR for anything else. Component tests
 * mock here, at the API client's boundary, so the real client (tokens, errors) runs.
 */
export function createFetchMock(routes: Record<string, FakeRoute>) {
  const calls: FetchCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const pathOnly = url.pathname.replace(/^\/api\//, '');
    const method = init?.method ?? 'GET';
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body) as unknown;
      } catch {
        // not JSON: keep the text
      }
    }
    const call: FetchCall = {
      method,
      path: `${pathOnly}${url.search}`,
      body,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const route = routes[`${method} ${call.path}`] ?? routes[`${method} ${pathOnly}`];
    if (!route) return jsonResponse(apiError(404, 'NOT_FOUND_ERR'));
    return jsonResponse(typeof route === 'function' ? await route(call) : route);
  });
  return {
    fetch,
    calls,
    /** The calls to one `"METHOD path"`. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

/** Shows where the router went, for screens that navigate away. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

export const TEST_USER: User = {
  _id: 'u1',
  fName: 'Dana',
  lName: 'Levi',
  email: 'dana@example.com',
  phone: '',
  address: '',
  companyName: 'Acme',
  coverUrls: [],
  role: 'user',
  lastLogin: null,
  perm: 999,
  advancedPrm: {},
  emailVerified: true,
};

/** A session answer (signup, logins, verification by link). */
export function sessionReply(user: User = TEST_USER): FakeReply {
  return { body: { accessToken: 'access-new', refreshToken: 'refresh-new', user } };
}

/**
 * Renders one screen at `path` in a memory router, with the app's providers and a real API
 * client over a fake fetch. `user` answers `GET user/logged` (null: logged out, 401). Any other
 * path renders a probe, so a test can read where the screen navigated (`currentUrl()`).
 */
export function renderScreen(
  screen: ReactNode,
  {
    path,
    initialEntry = path,
    routes = {},
    user,
    language,
  }: {
    path: string;
    initialEntry?: string;
    routes?: Record<string, FakeRoute>;
    user?: User | null;
    language?: Language;
  },
) {
  const sessionRoute: Record<string, FakeRoute> =
    user === undefined
      ? {}
      : { 'GET user/logged': user ? { body: user } : apiError(401, 'LOGIN_REQUIRED_ERR') };
  const fetchMock = createFetchMock({ ...sessionRoute, ...routes });
  const onSessionEnd = vi.fn();
  const api = createApiClient({
    fetch: fetchMock.fetch,
    sleep: async () => {},
    tokens: createStorageTokenStore(),
    showAlert,
    onSessionEnd,
  });
  const router = createMemoryRouter(
    [
      { path, element: screen },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [initialEntry] },
  );
  const view = renderWithProviders(<RouterProvider router={router} />, { api, language });
  return {
    ...view,
    router,
    api,
    fetchMock,
    onSessionEnd,
    currentUrl: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}
