import { PassThrough } from 'node:stream';
import type { ErrorKey } from '@candid/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as contentDisposition from 'content-disposition';
import { formatContentRange, readRangeHeader } from './byte-range';
import type { LocalStorage } from './local-storage';
import type { SignedQuery } from './local-url-signer';
import { LOCAL_STORAGE_ROUTE_PREFIX } from './local-url-signer';
import type { StorageErrorCode } from './storage-error';
import { isStorageError } from './storage-error';
import { assertValidKey } from './storage-key';

export interface LocalStorageRoutesOptions {
  storage: LocalStorage;
  /** Largest body one PUT (whole object or one part) may carry; more is answered with 413. */
  maxObjectBytes: number;
}

const ERROR_REPLIES: Record<StorageErrorCode, { status: number; key: ErrorKey }> = {
  INVALID_SIGNATURE: { status: 403, key: 'INVALID_TOKEN_ERR' },
  EXPIRED: { status: 403, key: 'INVALID_TOKEN_ERR' },
  NOT_FOUND: { status: 404, key: 'NOT_FOUND_ERR' },
  NO_SUCH_UPLOAD: { status: 404, key: 'NOT_FOUND_ERR' },
  TOO_LARGE: { status: 413, key: 'PAYLOAD_TOO_LARGE_ERR' },
  INVALID_KEY: { status: 400, key: 'VALIDATION_ERR' },
  INVALID_PART: { status: 400, key: 'VALIDATION_ERR' },
  RANGE_NOT_SATISFIABLE: { status: 416, key: 'VALIDATION_ERR' },
};

const ROUTE = `${LOCAL_STORAGE_ROUTE_PREFIX}*`;

/**
 * Serves the local adapter's signed URLs under `/api/storage/object/*`: the browser's PUT of
 * a whole object or of one multipart part, and GET/HEAD with single HTTP ranges so the
 * back-office player can seek. Register it at the root (no prefix): the path is part of the
 * signed URLs that `LocalStorage` builds.
 *
 * It is a plain (encapsulated) plugin on purpose: its catch-all content-type parser hands
 * the raw request stream to the handler, which must not leak into the JSON API around it.
 */
export const localStorageRoutes: FastifyPluginAsync<LocalStorageRoutesOptions> = async (
  app,
  { storage, maxObjectBytes },
) => {
  app.removeAllContentTypeParsers();
  // Leave the body unread: the handler streams request.raw straight to disk.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.route({
    method: 'PUT',
    url: ROUTE,
    handler: async (request, reply) => {
      const key = routeKey(request);
      try {
        assertValidKey(key);
        const signed = storage.verifySignedRequest('PUT', key, request.query as SignedQuery);
        if (signed.op === 'get') throw new Error('unreachable: GET signature on PUT');
        if (signed.op === 'put' && !isSameContentType(request.headers['content-type'], signed)) {
          return sendError(reply, key, 403, 'INVALID_TOKEN_ERR', 'Content-Type was not signed');
        }
        const declaredBytes = Number(request.headers['content-length']);
        if (declaredBytes > maxObjectBytes) {
          return sendTooLarge(request, reply, key, maxObjectBytes);
        }
        // Through a PassThrough: when the size limit trips, the storage pipeline destroys
        // this stream only, and the socket stays usable for the 413 answer.
        const body = new PassThrough();
        request.raw.pipe(body);
        // pipe() forwards neither errors nor an aborted upload; without this the write
        // would wait forever on a client that went away, with its temp file open.
        request.raw.once('error', (error) => body.destroy(error));
        request.raw.once('close', () => {
          if (!request.raw.complete) body.destroy(new Error('Upload aborted by the client'));
        });
        const written =
          signed.op === 'put'
            ? await storage.writeObject(key, body, {
                contentType: signed.contentType,
                maxBytes: maxObjectBytes,
              })
            : await storage.uploadPart(key, signed.uploadId, signed.partNumber, body, {
                maxBytes: maxObjectBytes,
              });
        return reply
          .header('ETag', written.etag)
          .header('Access-Control-Expose-Headers', 'ETag')
          .code(200)
          .send();
      } catch (error) {
        if (isStorageError(error, 'TOO_LARGE')) {
          return sendTooLarge(request, reply, key, maxObjectBytes);
        }
        return sendStorageError(reply, key, error);
      }
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: ROUTE,
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const key = routeKey(request);
      try {
        assertValidKey(key);
        const signed = storage.verifySignedRequest(
          request.method,
          key,
          request.query as SignedQuery,
        );
        if (signed.op !== 'get') throw new Error('unreachable: PUT signature on GET');
        reply.header('Accept-Ranges', 'bytes');
        if (signed.downloadName !== undefined) {
          // RFC 6266: an ASCII fallback plus the exact UTF-8 name (`filename*`); candidates'
          // names are often Hebrew and may hold quotes.
          reply.header('Content-Disposition', contentDisposition.create(signed.downloadName));
        }
        const info = await storage.headObject(key);
        if (!info) return sendError(reply, key, 404, 'NOT_FOUND_ERR', 'Resource not found');
        const asked = readRangeHeader(request.headers.range, info.size);
        if (asked.kind === 'unsatisfiable') {
          reply.header('Content-Range', `bytes */${info.size}`);
          return sendError(reply, key, 416, 'VALIDATION_ERR', 'Range not satisfiable');
        }
        const range = asked.kind === 'range' ? asked.range : undefined;
        if (request.method === 'HEAD') {
          reply.header('Content-Type', info.contentType);
          if (range) reply.code(206).header('Content-Range', formatContentRange(range, info.size));
          return reply
            .header('Content-Length', String(range ? range.end - range.start + 1 : info.size))
            .send();
        }
        const object = await storage.getObject(key, range ? { range } : {});
        reply
          .header('Content-Type', object.contentType)
          .header('Content-Length', String(object.contentLength));
        if (object.contentRange !== undefined) {
          reply.code(206).header('Content-Range', object.contentRange);
        }
        return reply.send(object.body);
      } catch (error) {
        if (isStorageError(error, 'RANGE_NOT_SATISFIABLE')) {
          const info = await storage.headObject(key);
          if (info) reply.header('Content-Range', `bytes */${info.size}`);
        }
        return sendStorageError(reply, key, error);
      }
    },
  });
};

function routeKey(request: FastifyRequest): string {
  return (request.params as { '*'?: string })['*'] ?? '';
}

/**
 * S3 signs the content type of a presigned PUT and refuses any other (or none); the local
 * adapter does the same, so an uploader that sends the wrong type fails in development too.
 */
function isSameContentType(header: string | undefined, signed: { contentType: string }): boolean {
  return header?.trim().toLowerCase() === signed.contentType.trim().toLowerCase();
}

function sendTooLarge(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  maxObjectBytes: number,
): FastifyReply {
  // The rest of the body is not wanted: close the connection after answering instead of
  // reading (possibly gigabytes) to keep it alive.
  request.raw.unpipe();
  return sendError(
    reply.header('Connection', 'close'),
    key,
    413,
    'PAYLOAD_TOO_LARGE_ERR',
    `Body exceeds ${maxObjectBytes} bytes`,
  );
}

function sendStorageError(reply: FastifyReply, key: string, error: unknown): FastifyReply {
  if (!isStorageError(error)) throw error;
  const { status, key: errorKey } = ERROR_REPLIES[error.code];
  return sendError(reply, key, status, errorKey, error.message);
}

function sendError(
  reply: FastifyReply,
  objectKey: string,
  status: number,
  key: ErrorKey,
  message: string,
): FastifyReply {
  // The object key is logged, never echoed: the body is the API's one error shape.
  reply.log.info({ objectKey, status, key }, 'storage request refused');
  return reply.code(status).send({ status, key, message });
}
