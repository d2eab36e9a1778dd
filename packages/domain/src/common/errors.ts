import { z } from 'zod';

/**
 * Machine keys of every error the API answers with. The web app
 * translates `errors.<KEY>`; the server picks the HTTP status from {@link ERROR_STATUS}.
 */
export const ERROR_KEYS = [
  'LOGIN_REQUIRED_ERR',
  'INVALID_TOKEN_ERR',
  'INVALID_REFRESH_TOKEN_ERR',
  'INVALID_PROVIDER_TOKEN_ERR',
  'EMAIL_PASSWORD_MISSING_ERR',
  'INVALID_CREDENTIALS_ERR',
  'INVALID_CODE_ERR',
  'PASSWORD_TOO_SHORT_ERR',
  'EMAIL_TAKEN_ERR',
  'EMAIL_ALREADY_VERIFIED_ERR',
  'EMAIL_NOT_VERIFIED_ERR',
  'INVALID_VERIFY_CODE_ERR',
  'FORBIDDEN_ERR',
  'VIEW_AS_FORBIDDEN_ERR',
  'NOT_FOUND_ERR',
  'EMAIL_CONFIRMATION_FAILED_ERR',
  'CONFIRMATION_CODE_MISMATCH_ERR',
  'PASSWORD_LINK_INVALID_ERR',
  'INTERVIEW_NOT_AVAILABLE_ERR',
  'JOB_CLOSED_ERR',
  'INTERVIEW_IN_PROGRESS_ERR',
  'CONSENT_REQUIRED_ERR',
  'SHARE_LINK_EXPIRED_ERR',
  'SHARE_LINK_REVOKED_ERR',
  'PAGE_NOT_FOUND_ERR',
  'NETWORK_ERR',
  'VALIDATION_ERR',
  'RATE_LIMITED_ERR',
  'QUERY_TIMEOUT_ERR',
  'PAYLOAD_TOO_LARGE_ERR',
  'UNSUPPORTED_MEDIA_TYPE_ERR',
  'URI_TOO_LONG_ERR',
  'HEADERS_TOO_LARGE_ERR',
  'REQUEST_TIMEOUT_ERR',
  'UPLOAD_OFFSET_CONFLICT_ERR',
  'UPLOAD_LOCKED_ERR',
  'UPLOAD_PROTOCOL_ERR',
  'INTERNAL_ERR',
] as const;

export type ErrorKey = (typeof ERROR_KEYS)[number];

/** HTTP status each error is answered with. */
export const ERROR_STATUS: Record<ErrorKey, number> = {
  LOGIN_REQUIRED_ERR: 401,
  INVALID_TOKEN_ERR: 401,
  INVALID_REFRESH_TOKEN_ERR: 401,
  INVALID_PROVIDER_TOKEN_ERR: 401,
  EMAIL_PASSWORD_MISSING_ERR: 400,
  INVALID_CREDENTIALS_ERR: 401,
  INVALID_CODE_ERR: 400,
  PASSWORD_TOO_SHORT_ERR: 400,
  EMAIL_TAKEN_ERR: 409,
  EMAIL_ALREADY_VERIFIED_ERR: 409,
  // 403 rather than 401: the caller is authenticated, only not yet allowed in.
  EMAIL_NOT_VERIFIED_ERR: 403,
  INVALID_VERIFY_CODE_ERR: 400,
  FORBIDDEN_ERR: 403,
  VIEW_AS_FORBIDDEN_ERR: 403,
  NOT_FOUND_ERR: 404,
  EMAIL_CONFIRMATION_FAILED_ERR: 400,
  CONFIRMATION_CODE_MISMATCH_ERR: 400,
  PASSWORD_LINK_INVALID_ERR: 400,
  INTERVIEW_NOT_AVAILABLE_ERR: 404,
  // The job exists but its closing date has passed: the resource is gone for candidates.
  JOB_CLOSED_ERR: 410,
  // The e-mail already has an interview under way on this job: it is resumed, not started twice.
  INTERVIEW_IN_PROGRESS_ERR: 409,
  // Nothing is recorded or started before the candidate agreed to the consent notice.
  CONSENT_REQUIRED_ERR: 403,
  // A hiring manager's share link that has expired or was revoked: gone for good.
  SHARE_LINK_EXPIRED_ERR: 410,
  SHARE_LINK_REVOKED_ERR: 410,
  PAGE_NOT_FOUND_ERR: 404,
  // A request that got no response becomes NETWORK_ERR with status 500.
  NETWORK_ERR: 500,
  VALIDATION_ERR: 400,
  RATE_LIMITED_ERR: 429,
  QUERY_TIMEOUT_ERR: 503,
  PAYLOAD_TOO_LARGE_ERR: 413,
  UNSUPPORTED_MEDIA_TYPE_ERR: 415,
  URI_TOO_LONG_ERR: 414,
  HEADERS_TOO_LARGE_ERR: 431,
  REQUEST_TIMEOUT_ERR: 408,
  // A resumable upload's PATCH at another offset than the server holds: the client asks HEAD.
  UPLOAD_OFFSET_CONFLICT_ERR: 409,
  // Another request (on any API process) is writing the same upload (tus: 423 Locked).
  UPLOAD_LOCKED_ERR: 423,
  // A tus request without `Tus-Resumable: 1.0.0` (tus: 412 Precondition Failed).
  UPLOAD_PROTOCOL_ERR: 412,
  INTERNAL_ERR: 500,
};

/** English message of each error (wording where it gives one). */
export const ERROR_MESSAGES_EN: Record<ErrorKey, string> = {
  LOGIN_REQUIRED_ERR: 'Please log in first',
  INVALID_TOKEN_ERR: 'Invalid Token',
  INVALID_REFRESH_TOKEN_ERR: 'Invalid refresh token',
  INVALID_PROVIDER_TOKEN_ERR: 'Invalid provider token',
  EMAIL_PASSWORD_MISSING_ERR: 'Email or password not filled in',
  INVALID_CREDENTIALS_ERR: 'Invalid email or password',
  INVALID_CODE_ERR: 'Invalid code',
  PASSWORD_TOO_SHORT_ERR: 'Password should be at least 6 characters long',
  EMAIL_TAKEN_ERR: 'Email address is already taken',
  EMAIL_ALREADY_VERIFIED_ERR: 'Email address is already verified',
  EMAIL_NOT_VERIFIED_ERR: 'Please verify your email address first',
  INVALID_VERIFY_CODE_ERR: 'Invalid verify code',
  FORBIDDEN_ERR: 'You dont have enough permissions to complete this action',
  VIEW_AS_FORBIDDEN_ERR: 'Only an admin can view the app as another user',
  NOT_FOUND_ERR: 'Resource not found',
  EMAIL_CONFIRMATION_FAILED_ERR: 'Email confirmation failed',
  CONFIRMATION_CODE_MISMATCH_ERR:
    "Confirmation code doesn't match our records, try resending the confirmation email",
  PASSWORD_LINK_INVALID_ERR:
    'This link has expired or was already used: ask your organisation owner to send a new one',
  INTERVIEW_NOT_AVAILABLE_ERR: 'This interview is not available, please contact the recruiter',
  JOB_CLOSED_ERR: 'This job is closed and no longer accepts applications',
  CONSENT_REQUIRED_ERR:
    'The candidate must agree to the consent notice before anything is recorded',
  INTERVIEW_IN_PROGRESS_ERR:
    'An interview with this e-mail address is already under way: enter the code we sent to it to continue',
  SHARE_LINK_EXPIRED_ERR: 'This link has expired: ask the recruiter for a new one',
  SHARE_LINK_REVOKED_ERR: 'This link was revoked by the recruiter',
  PAGE_NOT_FOUND_ERR: 'Page not found',
  NETWORK_ERR: 'Network error, please check your connection and try again',
  VALIDATION_ERR: 'Some of the details are not valid',
  RATE_LIMITED_ERR: 'Too many requests, please try again later',
  QUERY_TIMEOUT_ERR: 'This list took too long to load; narrow the search or try again',
  PAYLOAD_TOO_LARGE_ERR: 'The request is too large',
  UNSUPPORTED_MEDIA_TYPE_ERR: 'This file type is not supported',
  URI_TOO_LONG_ERR: 'The address is too long',
  HEADERS_TOO_LARGE_ERR: 'The request headers are too large',
  REQUEST_TIMEOUT_ERR: 'The request took too long, please try again',
  UPLOAD_OFFSET_CONFLICT_ERR:
    'The upload is at another offset than this request: ask for its offset and resume from there',
  UPLOAD_LOCKED_ERR: 'This upload is busy with another request, please try again',
  UPLOAD_PROTOCOL_ERR: 'This upload needs the tus 1.0.0 protocol (Tus-Resumable: 1.0.0)',
  INTERNAL_ERR: 'Something went wrong, please try again later',
};

/** The one error body every API error has (the OpenAPI document's `ApiError`). */
export const apiErrorSchema = z.object({
  /** The HTTP status, repeated for clients that only see the body. */
  status: z.number().int(),
  key: z.enum(ERROR_KEYS),
  /** English text for people; clients translate `key`. */
  message: z.string(),
  /** A 400's problems per field, for forms: `[{ path: 'email', message: 'validation.…' }]`. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** The request's id in the server's logs (also the `x-request-id` header). */
  traceId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

const ERROR_KEY_SET: ReadonlySet<string> = new Set(ERROR_KEYS);

/** True when `x` is one of {@link ERROR_KEYS}. */
export function isErrorKey(x: unknown): x is ErrorKey {
  return typeof x === 'string' && ERROR_KEY_SET.has(x);
}

/**
 * True when `body` has the {@link apiErrorSchema} shape. Checked by hand, not with the schema:
 * every page's API client runs this, and it should not need zod loaded for it.
 */
function isApiErrorBody(body: unknown): body is ApiError {
  if (typeof body !== 'object' || body === null) return false;
  const { status, key, message } = body as Record<string, unknown>;
  return Number.isInteger(status) && isErrorKey(key) && typeof message === 'string';
}

/** Full i18n key of an error message, e.g. `errors.EMAIL_TAKEN_ERR`. */
export function errorI18nKey(key: ErrorKey): `errors.${ErrorKey}` {
  return `errors.${key}`;
}

/**
 * Builds the API error body for a key, with the status the key maps to and its English
 * message unless a more specific message is given.
 */
export function createApiError(key: ErrorKey, message?: string): ApiError {
  return { status: ERROR_STATUS[key], key, message: message ?? ERROR_MESSAGES_EN[key] };
}

/** Fallback key per HTTP status, for answers whose body carries no known key. */
const STATUS_FALLBACK_KEYS: Readonly<Record<number, ErrorKey>> = {
  400: 'VALIDATION_ERR',
  401: 'LOGIN_REQUIRED_ERR',
  403: 'FORBIDDEN_ERR',
  404: 'NOT_FOUND_ERR',
  413: 'PAYLOAD_TOO_LARGE_ERR',
  415: 'UNSUPPORTED_MEDIA_TYPE_ERR',
  429: 'RATE_LIMITED_ERR',
};

/**
 * Turns whatever a failed request produced into an {@link ApiError}: no response
 * becomes NETWORK_ERR with status 500; a body of our shape is kept; a bare string body gets
 * `_ERR` appended (the product's translation rule) when that names a known key; anything else
 * falls back on the HTTP status.
 */
export function normalizeApiError(
  response: { status: number; body?: unknown } | null | undefined,
): ApiError {
  if (!response) return createApiError('NETWORK_ERR');
  const { body } = response;
  if (isApiErrorBody(body))
    return { status: response.status, key: body.key, message: body.message };
  if (typeof response.body === 'string') {
    const raw = response.body.trim();
    const candidate = raw.endsWith('_ERR') ? raw : `${raw}_ERR`;
    if (isErrorKey(candidate)) {
      return { status: response.status, key: candidate, message: ERROR_MESSAGES_EN[candidate] };
    }
  }
  const key = STATUS_FALLBACK_KEYS[response.status] ?? 'INTERNAL_ERR';
  return { status: response.status, key, message: ERROR_MESSAGES_EN[key] };
}
