import { describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  createApiError,
  ERROR_KEYS,
  ERROR_MESSAGES_EN,
  ERROR_STATUS,
  errorI18nKey,
  isErrorKey,
  normalizeApiError,
} from './errors';
import type { ErrorKey } from './errors';

describe('error keys', () => {
  const required: [ErrorKey, number, string | null][] = [
    ['LOGIN_REQUIRED_ERR', 401, 'Please log in first'],
    ['INVALID_TOKEN_ERR', 401, 'Invalid Token'],
    ['INVALID_REFRESH_TOKEN_ERR', 401, 'Invalid refresh token'],
    ['INVALID_PROVIDER_TOKEN_ERR', 401, 'Invalid provider token'],
    ['EMAIL_PASSWORD_MISSING_ERR', 400, 'Email or password not filled in'],
    ['INVALID_CREDENTIALS_ERR', 401, 'Invalid email or password'],
    ['INVALID_CODE_ERR', 400, 'Invalid code'],
    ['PASSWORD_TOO_SHORT_ERR', 400, 'Password should be at least 6 characters long'],
    ['EMAIL_TAKEN_ERR', 409, 'Email address is already taken'],
    ['EMAIL_ALREADY_VERIFIED_ERR', 409, 'Email address is already verified'],
    ['INVALID_VERIFY_CODE_ERR', 400, 'Invalid verify code'],
    ['FORBIDDEN_ERR', 403, 'You dont have enough permissions to complete this action'],
    ['VIEW_AS_FORBIDDEN_ERR', 403, 'Only an admin can view the app as another user'],
    ['NOT_FOUND_ERR', 404, 'Resource not found'],
    ['EMAIL_CONFIRMATION_FAILED_ERR', 400, 'Email confirmation failed'],
    ['CONFIRMATION_CODE_MISMATCH_ERR', 400, null],
    [
      'INTERVIEW_NOT_AVAILABLE_ERR',
      404,
      'This interview is not available, please contact the recruiter',
    ],
    ['PAGE_NOT_FOUND_ERR', 404, null],
    ['NETWORK_ERR', 500, null],
    ['VALIDATION_ERR', 400, null],
    ['RATE_LIMITED_ERR', 429, 'Too many requests, please try again later'],
    ['PAYLOAD_TOO_LARGE_ERR', 413, null],
    ['INTERNAL_ERR', 500, null],
  ];

  it.each(required)(
    '%s exists, maps to HTTP %i and has its English message',
    (key, status, message) => {
      expect(ERROR_KEYS).toContain(key);
      expect(ERROR_STATUS[key]).toBe(status);
      if (message) expect(ERROR_MESSAGES_EN[key]).toBe(message);
      else expect(ERROR_MESSAGES_EN[key].length).toBeGreaterThan(0);
    },
  );

  it('the confirmation-mismatch message starts with the spec wording', () => {
    expect(ERROR_MESSAGES_EN.CONFIRMATION_CODE_MISMATCH_ERR).toMatch(
      /^Confirmation code doesn't match our records/u,
    );
  });

  it('every key ends in _ERR, is unique and has a 4xx/5xx status', () => {
    expect(new Set(ERROR_KEYS).size).toBe(ERROR_KEYS.length);
    for (const key of ERROR_KEYS) {
      expect(key).toMatch(/^[A-Z_]+_ERR$/u);
      expect(ERROR_STATUS[key]).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[key]).toBeLessThan(600);
    }
  });

  it.each([
    ['EMAIL_TAKEN_ERR', true],
    ['NOT_FOUND_ERR', true],
    ['EMAIL_TAKEN', false],
    ['email_taken_err', false],
    ['', false],
    [42, false],
    [null, false],
    [undefined, false],
  ])('isErrorKey(%j) is %s', (value, expected) => {
    expect(isErrorKey(value)).toBe(expected);
  });

  it('errorI18nKey prefixes errors.', () => {
    expect(errorI18nKey('EMAIL_TAKEN_ERR')).toBe('errors.EMAIL_TAKEN_ERR');
  });
});

describe('apiErrorSchema', () => {
  it.each([
    [{ status: 409, key: 'EMAIL_TAKEN_ERR', message: 'x' }, true],
    [{ status: 409.5, key: 'EMAIL_TAKEN_ERR', message: 'x' }, false],
    [{ status: 409, key: 'NOPE_ERR', message: 'x' }, false],
    [{ status: 409, key: 'EMAIL_TAKEN_ERR' }, false],
  ])('%j parses: %s', (body, ok) => {
    expect(apiErrorSchema.safeParse(body).success).toBe(ok);
  });

  it('createApiError uses the mapped status and the English message unless overridden', () => {
    expect(createApiError('FORBIDDEN_ERR')).toEqual({
      status: 403,
      key: 'FORBIDDEN_ERR',
      message: 'You dont have enough permissions to complete this action',
    });
    expect(createApiError('VALIDATION_ERR', 'title is required').message).toBe('title is required');
  });
});

describe('normalizeApiError', () => {
  it.each([
    ['no response', null, { status: 500, key: 'NETWORK_ERR' }],
    ['undefined response', undefined, { status: 500, key: 'NETWORK_ERR' }],
    [
      'our error body',
      { status: 409, body: { status: 409, key: 'EMAIL_TAKEN_ERR', message: 'taken' } },
      { status: 409, key: 'EMAIL_TAKEN_ERR', message: 'taken' },
    ],
    [
      'a bare body gets _ERR appended',
      { status: 409, body: 'EMAIL_TAKEN' },
      { status: 409, key: 'EMAIL_TAKEN_ERR' },
    ],
    [
      'a bare body already ending in _ERR',
      { status: 401, body: 'INVALID_TOKEN_ERR' },
      { status: 401, key: 'INVALID_TOKEN_ERR' },
    ],
    [
      'unknown body on 403',
      { status: 403, body: 'whatever' },
      { status: 403, key: 'FORBIDDEN_ERR' },
    ],
    ['unknown body on 404', { status: 404, body: {} }, { status: 404, key: 'NOT_FOUND_ERR' }],
    ['unknown body on 429', { status: 429 }, { status: 429, key: 'RATE_LIMITED_ERR' }],
    ['unknown body on 502', { status: 502, body: '<html>' }, { status: 502, key: 'INTERNAL_ERR' }],
  ])('%s', (_name, response, expected) => {
    expect(normalizeApiError(response)).toMatchObject(expected);
  });
});
