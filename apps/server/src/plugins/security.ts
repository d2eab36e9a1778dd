import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';

/**
 * Where the browser fetches S3 objects from (signed GET and PUT URLs): the endpoint's origin,
 * the bucket's own host when URLs are virtual-hosted (`bucket.endpoint`), or AWS's regional
 * hosts. The local driver needs nothing: its links are same-origin paths.
 */
function s3Origins(storage: AppConfig['storage']): string[] {
  if (storage.driver !== 's3') return [];
  if (!storage.endpoint) {
    return [
      `https://*.s3.${storage.region}.amazonaws.com`,
      `https://s3.${storage.region}.amazonaws.com`,
    ];
  }
  const endpoint = new URL(storage.endpoint);
  return storage.forcePathStyle
    ? [endpoint.origin]
    : [endpoint.origin, `${endpoint.protocol}//${storage.bucket}.${endpoint.host}`];
}

/** Paths that other sites may frame: the embeddable job preview (/embed/{jobId}). */
const FRAMEABLE_PATH = /^\/embed(\/|$)/;

/**
 * Security headers, and the HTTPS redirect: when PUBLIC_URL is https and a request arrived
 * over http (X-Forwarded-Proto from a proxy TRUST_PROXY names), answer 301 to the same path on
 * PUBLIC_URL. Without a trusted proxy the server cannot tell how a request reached the proxy, so
 * it does not redirect (it would loop); it warns at start instead. The health check stays
 * reachable over http for load balancers.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const { config } = opts;
  const publicUrl = new URL(config.publicUrl);
  const isHttps = publicUrl.protocol === 'https:';
  const storageOrigins = s3Origins(config.storage);

  // Google Identity Services (the sign-in button) loads a script, a stylesheet and an iframe
  // from accounts.google.com; allowed only when Google sign-in is configured.
  const google = config.google.clientId ? ['https://accounts.google.com/gsi/'] : [];

  await app.register(helmet, {
    // The SPA, face detection (tfjs wasm) and recorded media need these sources.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'script-src': ["'self'", "'wasm-unsafe-eval'", ...google],
        'style-src': ["'self'", "'unsafe-inline'", ...google],
        'frame-src': ["'self'", ...google],
        'img-src': ["'self'", 'data:', 'blob:', 'https:', ...storageOrigins],
        'media-src': ["'self'", 'blob:', ...storageOrigins],
        'connect-src': ["'self'", 'ws:', 'wss:', ...storageOrigins, ...google],
        'font-src': ["'self'", 'data:'],
        'object-src': ["'none'"],
        'frame-ancestors': ["'self'"],
        'form-action': ["'self'"],
        ...(isHttps ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // Cross-origin isolation would block third-party images (covers, logos).
    crossOriginEmbedderPolicy: false,
    hsts: isHttps ? { maxAge: 15552000, includeSubDomains: true } : false,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (FRAMEABLE_PATH.test(request.url)) {
      reply.removeHeader('x-frame-options');
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') {
        reply.header(
          'content-security-policy',
          csp.replace("frame-ancestors 'self'", 'frame-ancestors *'),
        );
      }
    }
    return payload;
  });

  if (isHttps && config.trustProxy === false) {
    app.addHook('onReady', async () => {
      app.log.warn(
        "PUBLIC_URL is https but TRUST_PROXY is unset: no http→https redirect, and client addresses are the proxy's (set TRUST_PROXY=1 behind one reverse proxy, see docs/operations.md)",
      );
    });
  } else if (isHttps) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https' || request.url === '/api/health') return;
      return reply.redirect(`${publicUrl.origin}${request.url}`, 301);
    });
  }
});
