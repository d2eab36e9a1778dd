import { ERROR_MESSAGES_EN, ERROR_STATUS, isErrorKey, type ErrorKey } from '@candid/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { isAppError } from '../lib/app-error';

export interface ErrorBody {
  status: number;
  key: ErrorKey;
  message: string;
  /** Field-level problems of a 400, for forms: [{ path: 'email', message: 'validation.EMAIL_VALIDATE' }]. */
  issues?: { path: string; message: string }[];
  traceId?: string;
}

function keyForStatus(status: number): ErrorKey {
  if (status === 400) return 'VALIDATION_ERR';
  if (status === 401) return 'LOGIN_REQUIRED_ERR';
  if (status === 403) return 'FORBIDDEN_ERR';
  if (status === 404) return 'NOT_FOUND_ERR';
  if (status === 413) return 'PAYLOAD_TOO_LARGE_ERR';
  if (status === 429) return 'RATE_LIMITED_ERR';
  return 'INTERNAL_ERR';
}

/** Builds the wire error body; 5xx never leaks internal messages. */
export function toErrorBody(error: unknown, traceId: string): ErrorBody {
  if (isAppError(error)) {
    return { status: error.status, key: error.key, message: error.message, traceId };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return {
      status: 400,
      key: 'VALIDATION_ERR',
      message: ERROR_MESSAGES_EN.VALIDATION_ERR,
      issues: error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'invalid',
      })),
      traceId,
    };
  }
  if (isResponseSerializationError(error)) {
    return { status: 500, key: 'INTERNAL_ERR', message: ERROR_MESSAGES_EN.INTERNAL_ERR, traceId };
  }
  const fastifyError = error as Partial<FastifyError> & { key?: unknown };
  const status =
    typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400
      ? fastifyError.statusCode
      : 500;
  const key = isErrorKey(fastifyError.key) ? fastifyError.key : keyForStatus(status);
  const message =
    status >= 500
      ? ERROR_MESSAGES_EN.INTERNAL_ERR
      : (fastifyError.message ?? ERROR_MESSAGES_EN[key]);
  return { status, key, message, traceId };
}

/**
 * One error shape for the whole API (CONVENTIONS §4): `{ status, key, message }`, logged with
 * the request id as traceId. Unknown /api paths answer NOT_FOUND_ERR as JSON.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const body = toErrorBody(error, request.id);
    if (body.status >= 500) {
      request.log.error({ err: error, traceId: request.id }, 'request failed');
    } else {
      request.log.info(
        { traceId: request.id, key: body.key, status: body.status },
        'request rejected',
      );
    }
    void reply.status(body.status).send(body);
  });
});

/** 404 body for an API route that does not exist. */
export function notFoundBody(traceId: string): ErrorBody {
  return { status: 404, key: 'NOT_FOUND_ERR', message: ERROR_MESSAGES_EN.NOT_FOUND_ERR, traceId };
}

export { ERROR_STATUS };
