import { ERROR_MESSAGES_EN, ERROR_STATUS, isErrorKey, type ErrorKey } from '@candid/domain';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
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

/** The key of an error that carries only an HTTP status (Fastify's own, a plugin's). */
const KEY_FOR_STATUS: Partial<Record<number, ErrorKey>> = {
  400: 'VALIDATION_ERR',
  401: 'LOGIN_REQUIRED_ERR',
  403: 'FORBIDDEN_ERR',
  404: 'NOT_FOUND_ERR',
  408: 'REQUEST_TIMEOUT_ERR',
  413: 'PAYLOAD_TOO_LARGE_ERR',
  414: 'URI_TOO_LONG_ERR',
  415: 'UNSUPPORTED_MEDIA_TYPE_ERR',
  429: 'RATE_LIMITED_ERR',
  431: 'HEADERS_TOO_LARGE_ERR',
};

function keyForStatus(status: number): ErrorKey {
  return KEY_FOR_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERR' : 'VALIDATION_ERR');
}

/** Builds the wire error body; 5xx never leaks internal messages. */
export function toErrorBody(error: unknown, traceId: string): ErrorBody {
  if (isAppError(error)) {
    return {
      status: error.status,
      key: error.key,
      message: error.message,
      ...(error.issues ? { issues: error.issues } : {}),
      traceId,
    };
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
  // Fastify's and plugins' own messages ("Body cannot be empty when content-type is set to
  // 'application/json'") are kept for 4xx: they say what was wrong with the request.
  const message =
    status >= 500
      ? ERROR_MESSAGES_EN.INTERNAL_ERR
      : (fastifyError.message ?? ERROR_MESSAGES_EN[key]);
  return { status, key, message, traceId };
}

/**
 * Fastify's `frameworkErrors`: a malformed URL (400) or a path parameter above
 * `maxParamLength` (414) found while routing, before any hook runs, answered in the
 * standard body instead of Fastify's own.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const body = toErrorBody(error, request.id);
  request.log.info({ traceId: request.id, key: body.key, status: body.status }, 'request rejected');
  void reply.status(body.status).send(body);
}

const CLIENT_ERRORS: Record<string, ErrorKey> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE_ERR',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT_ERR',
};

/**
 * Node's `clientError` (a request the HTTP parser refused: headers over the limit, a timeout,
 * bytes that are not HTTP): no request object exists, so the answer is written to the socket,
 * still in the standard body.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const key = CLIENT_ERRORS[error.code ?? ''] ?? 'VALIDATION_ERR';
  const status = ERROR_STATUS[key];
  const body = JSON.stringify({ status, key, message: ERROR_MESSAGES_EN[key] });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Told of every 5xx answer (after it is logged); must not throw or wait. */
export type ServerErrorListener = (
  error: unknown,
  request: FastifyRequest,
  body: ErrorBody,
) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds a listener for 5xx answers (the records module stores them as backend records). */
    onServerError(listener: ServerErrorListener): void;
  }
}

/**
 * One error shape for the whole API: `{ status, key, message }`, logged with
 * the request id as traceId. Unknown /api paths answer NOT_FOUND_ERR as JSON.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  const listeners: ServerErrorListener[] = [];
  app.decorate('onServerError', (listener: ServerErrorListener) => {
    listeners.push(listener);
  });
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const body = toErrorBody(error, request.id);
    if (body.status >= 500) {
      request.log.error({ err: error, traceId: request.id }, 'request failed');
      for (const listener of listeners) {
        try {
          listener(error, request, body);
        } catch (listenerError) {
          request.log.warn({ err: listenerError }, 'server error listener failed');
        }
      }
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
