import { ALERT_KEYS, TRANSPORT_MAX_RETRIES, TRANSPORT_RETRY_DELAY_MS } from '@candid/domain';
import type { AlertInput } from '../stores/alert-store';
import { linearDelay, StopRetrying, withRetry } from '../async/with-retry';
import {
  createNetworkError,
  createResponseError,
  isApiClientError,
  type ApiClientError,
} from './api-error';
import { buildQueryString, type QueryParams } from './query-string';
import type { SessionTokens, TokenStore } from './token-store';

export const API_BASE_URL = '/api/';
/** The refresh call ("POST auth/token"). */
export const TOKEN_PATH = 'auth/token';
/** The alert a 403 answer shows. */
export const NO_PERMISSION_ALERT: AlertInput = { type: 'fail', key: ALERT_KEYS.noPermission };

/** A try that got no answer (network failure): retried, then NETWORK_ERR. */
class NothingAnswered extends Error {}
/** A 503 answer: retried, and when the retries run out it is the call's answer. */
class UnavailableAnswer extends Error {
  constructor(readonly response: Response) {
    super('503 Service Unavailable');
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  params?: QueryParams;
  /** Sent as JSON, unless it is FormData, a Blob or URLSearchParams. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Which token the call carries. `'candidate'`: the candidate token (the interview app's calls
   * such as `applicant` and `upload/…`, whose paths do not contain "interview"); without it the
   * path rule of {@link isCandidatePath} decides.
   */
  auth?: 'candidate';
  /**
   * `'file'`: a successful answer is a file (a zip export), given as {@link DownloadedFile}
   * instead of being read as text or JSON.
   */
  responseType?: 'file';
  /**
   * Answer statuses that are an expected outcome of this call, not a failure to report (the
   * logged-out visitor's 401 on `user/logged`); the call still rejects with them.
   */
  expectedStatuses?: readonly number[];
}

/** A file the API answered with, and the name its Content-Disposition gives it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a `Content-Disposition` header (RFC 6266: `filename*` first). */
export function fileNameOfDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  return (plain?.[1] ?? plain?.[2])?.trim() || null;
}

type RequestOptionsWithoutBody = Omit<RequestOptions, 'method' | 'body'>;

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptionsWithoutBody): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptionsWithoutBody): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptionsWithoutBody): Promise<T>;
  delete<T>(path: string, options?: RequestOptionsWithoutBody): Promise<T>;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** Waits between retries; tests pass one that records the delays and returns at once. */
  sleep: (ms: number) => Promise<void>;
  tokens: TokenStore;
  /** Shows an alert (the alert store's `showAlert` in the app). */
  showAlert: (alert: AlertInput) => void;
  /**
   * The session is over (the refresh call failed or was refused): tokens are already cleared;
   * the app clears its stores and query cache and goes to the login page.
   */
  onSessionEnd: () => void;
  /**
   * Told of every call that failed for good (an error answer after the retries, or no answer):
   * the app logs it as an error record (HTTP errors are reported, except record calls).
   */
  onHttpError?: (failure: HttpFailure) => void;
  /**
   * The account an admin views the product as ("view as"), or null. When set, every
   * back-office job, applicant and template call carries it as `viewAsId` (see
   * {@link withViewAs}).
   */
  getViewAsId?: () => string | null;
  baseUrl?: string;
  maxRetries?: number;
  retryDelayMs?: number;
}

/** A call that failed, as the app reports it. */
export interface HttpFailure {
  method: HttpMethod;
  /** The API path without its query ("job/applicant"). */
  path: string;
  /** The answer's status; 0 when nothing answered. */
  status: number;
  key: string;
  /** The server's request id of the failed answer, to find the server's side of it. */
  traceId?: string;
}

/** The log-batch call ("POST record"): its own failures are never reported. */
export const RECORD_PATH = 'record';

/**
 * Calls whose path contains "interview" but not "dashboard" are the candidate's and carry the
 * candidate token. The check looks at the path only, not at query values.
 */
export function isCandidatePath(path: string): boolean {
  const pathOnly = path.split('?')[0] ?? '';
  return pathOnly.includes('interview') && !pathOnly.includes('dashboard');
}

/**
 * The back-office calls that act for the viewed account: `job…` (applicants too), `template…`,
 * and the organisation's `department…` and `team…` screens.
 */
const VIEW_AS_PATH = /^(job|template|department|team|insights|question-library)(\/|\?|$)/;

/**
 * The call with the admin's view-as account added ("viewAs sent with job and
 * applicant queries and job saves"): `viewAsId` in the query of every job and template call,
 * and in the JSON body of job saves (`POST job {job, viewAsId}`, `PUT job {jobs, viewAsId}`,
 * `PUT job/applicant {applicants, viewAsId}`). Candidate calls never carry it.
 */
export function withViewAs(
  path: string,
  options: RequestOptions,
  viewAsId: string | null,
): RequestOptions {
  if (!viewAsId || !VIEW_AS_PATH.test(path) || isCandidatePath(path)) return options;
  const body = options.body;
  const isJsonObject =
    body !== null &&
    typeof body === 'object' &&
    !Array.isArray(body) &&
    !isRawBody(body) &&
    path.startsWith('job');
  return {
    ...options,
    params: { ...options.params, viewAsId },
    ...(isJsonObject ? { body: { ...(body as Record<string, unknown>), viewAsId } } : {}),
  };
}

function isAbortError(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    typeof body === 'string'
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function isSessionTokens(value: unknown): value is SessionTokens {
  const record = value as Partial<Record<keyof SessionTokens, unknown>> | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof record.accessToken === 'string' &&
    typeof record.refreshToken === 'string'
  );
}

/**
 * The one way the web app talks to the API (transport rules):
 * - `/api/` base, cookies included, a bearer token (the candidate token on candidate paths);
 * - network failures and 503 answers are retried up to `maxRetries` times, waiting
 *   `retryDelayMs × attempt` before each retry;
 * - a 401 refreshes the tokens once (one refresh at a time, shared by concurrent calls) and
 *   repeats the call; when the refresh is refused, or the refresh call itself answers 401, the
 *   session ends;
 * - a 403 shows the permissions alert;
 * - failures reject with ApiClientError (`NETWORK_ERR`/500 when nothing answered, else the
 *   answer's status and key as the domain's normalizeApiError reads them).
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const baseUrl = deps.baseUrl ?? API_BASE_URL;
  const maxRetries = deps.maxRetries ?? TRANSPORT_MAX_RETRIES;
  const retryDelayMs = deps.retryDelayMs ?? TRANSPORT_RETRY_DELAY_MS;
  let refreshing: Promise<boolean> | null = null;

  function buildUrl(path: string, params: QueryParams | undefined): string {
    const query = buildQueryString(params);
    const url = `${baseUrl}${path}`;
    if (!query) return url;
    return `${url}${url.includes('?') ? '&' : '?'}${query}`;
  }

  function buildInit(options: RequestOptions, token: string | null): RequestInit {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (isRawBody(options.body)) {
        body = options.body;
      } else {
        body = JSON.stringify(options.body);
        headers['Content-Type'] = 'application/json';
      }
    }
    return {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    };
  }

  /** Sends once, plus the retries for network failures and 503; resolves with the last answer. */
  async function fetchWithRetry(url: string, init: RequestInit): Promise<Response> {
    const signal = init.signal ?? undefined;
    try {
      return await withRetry(
        async () => {
          let response: Response;
          try {
            response = await deps.fetch(url, init);
          } catch (error) {
            if (isAbortError(error, signal)) throw new StopRetrying(error);
            throw new NothingAnswered();
          }
          if (response.status === 503) throw new UnavailableAnswer(response);
          return response;
        },
        {
          retries: maxRetries,
          delayMs: linearDelay(retryDelayMs),
          sleep: deps.sleep,
          ...(signal ? { signal } : {}),
        },
      );
    } catch (error) {
      if (error instanceof UnavailableAnswer) return error.response;
      if (error instanceof NothingAnswered) throw createNetworkError();
      throw error;
    }
  }

  function endSession(): void {
    deps.tokens.clearTokens();
    deps.onSessionEnd();
  }

  async function refreshTokens(): Promise<boolean> {
    const refreshToken = deps.tokens.getRefreshToken();
    if (!refreshToken) {
      endSession();
      return false;
    }
    // A network failure here is not a refused session: it rejects with NETWORK_ERR and keeps the tokens.
    const response = await fetchWithRetry(
      buildUrl(TOKEN_PATH, undefined),
      buildInit({ method: 'POST', body: { refreshToken } }, null),
    );
    const body = await readBody(response);
    if (response.ok && isSessionTokens(body)) {
      deps.tokens.setTokens({ accessToken: body.accessToken, refreshToken: body.refreshToken });
      return true;
    }
    endSession();
    return false;
  }

  /**
   * Resolves true once fresh tokens are stored. Concurrent callers share one refresh; a call
   * that was sent with an access token that has since been replaced just repeats.
   */
  function ensureFreshTokens(sentToken: string | null): Promise<boolean> {
    const current = deps.tokens.getAccessToken();
    if (current && current !== sentToken) return Promise.resolve(true);
    refreshing ??= refreshTokens().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function report(
    path: string,
    options: RequestOptions,
    status: number,
    error: ApiClientError,
    body?: unknown,
  ): void {
    const pathOnly = path.split('?')[0] ?? '';
    if (!deps.onHttpError || pathOnly === RECORD_PATH || options.signal?.aborted) return;
    if (options.expectedStatuses?.includes(status)) return;
    const traceId = (body as { traceId?: unknown } | undefined)?.traceId;
    deps.onHttpError({
      method: options.method ?? 'GET',
      path: pathOnly,
      status,
      key: error.key,
      ...(typeof traceId === 'string' ? { traceId } : {}),
    });
  }

  async function send(
    path: string,
    callOptions: RequestOptions,
    isRepeat: boolean,
  ): Promise<unknown> {
    const options = withViewAs(path, callOptions, deps.getViewAsId?.() ?? null);
    const isCandidate = options.auth === 'candidate' || isCandidatePath(path);
    const token =
      (isCandidate ? deps.tokens.getCandidateToken() : null) ?? deps.tokens.getAccessToken();
    let response: Response;
    try {
      response = await fetchWithRetry(buildUrl(path, options.params), buildInit(options, token));
    } catch (error) {
      if (isApiClientError(error)) report(path, options, 0, error);
      throw error;
    }
    if (response.ok && options.responseType === 'file') {
      const file: DownloadedFile = {
        blob: await response.blob(),
        fileName: fileNameOfDisposition(response.headers.get('content-disposition')),
      };
      return file;
    }
    const body = await readBody(response);
    if (response.ok) return body;

    if (response.status === 401) {
      if (path === TOKEN_PATH) {
        endSession();
      } else if (
        !isRepeat &&
        // auth/* answers 401 for wrong credentials or codes: that is the answer, not an expired session.
        !path.startsWith('auth/') &&
        // candidate tokens are not refreshable.
        !(isCandidate && deps.tokens.getCandidateToken()) &&
        deps.tokens.getRefreshToken() &&
        (await ensureFreshTokens(token))
      ) {
        return send(path, callOptions, true);
      }
    } else if (response.status === 403) {
      deps.showAlert(NO_PERMISSION_ALERT);
    }
    const error = createResponseError(response.status, body);
    report(path, options, response.status, error, body);
    throw error;
  }

  const client: ApiClient = {
    request: <T>(path: string, options: RequestOptions = {}) =>
      send(path.replace(/^\/+/, ''), options, false) as Promise<T>,
    get: <T>(path: string, options?: RequestOptionsWithoutBody) =>
      client.request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: RequestOptionsWithoutBody) =>
      client.request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: RequestOptionsWithoutBody) =>
      client.request<T>(path, { ...options, method: 'PUT', body }),
    delete: <T>(path: string, options?: RequestOptionsWithoutBody) =>
      client.request<T>(path, { ...options, method: 'DELETE' }),
  };
  return client;
}

/** A `sleep` for the real app. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
