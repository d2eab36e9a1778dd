import { errorI18nKey, normalizeApiError, type ApiError, type ErrorKey } from '@candid/domain';

/**
 * A failed API call: the HTTP status and the error key of the product (`EMAIL_TAKEN_ERR`,
 * `NETWORK_ERR`, …), which screens translate with `error.i18nKey`.
 */
export class ApiClientError extends Error {
  override readonly name = 'ApiClientError';
  readonly status: number;
  readonly key: ErrorKey;
  /** A 400's field problems (`rows.2.email` → `validation.EMAIL_VALIDATE`), when the server named them. */
  readonly issues: readonly ApiIssue[];

  constructor({ status, key, message }: ApiError, issues: readonly ApiIssue[] = []) {
    super(message);
    this.status = status;
    this.key = key;
    this.issues = issues;
  }

  /** The i18n key of this error's text, e.g. 'errors.EMAIL_TAKEN_ERR'. */
  get i18nKey(): string {
    return errorI18nKey(this.key);
  }
}

export function isApiClientError(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError;
}

/** A call that got no answer at all: NETWORK_ERR with status 500. */
export function createNetworkError(): ApiClientError {
  return new ApiClientError(normalizeApiError(null));
}

/**
 * An error answer: the body's key when the body is an API error, else the domain's fallback
 * for the status (normalizeApiError).
 */
export function createResponseError(status: number, body: unknown): ApiClientError {
  return new ApiClientError(normalizeApiError({ status, body }), issuesOf(body));
}

/** One field problem of an error answer: the field's path and an i18n key. */
export interface ApiIssue {
  path: string;
  message: string;
}

function issuesOf(body: unknown): ApiIssue[] {
  const issues = (body as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is ApiIssue =>
      typeof (issue as ApiIssue | null)?.path === 'string' &&
      typeof (issue as ApiIssue).message === 'string',
  );
}
