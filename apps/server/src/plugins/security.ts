import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';

/** Paths that other sites may frame: the embeddable job preview (spec §2 /embed/{jobId}). */
const FRAMEABLE_PATH = /^\/embed(\/|$)/;

/**
 * Security headers, and the HTTPS redirect of spec §1: when PUBLIC_URL is https and a request
 * arrived over http (X-Forwarded-Proto behind a proxy when TRUST_PROXY is on), answer 301 to
 * the same path on PUBLIC_URL. The health check stays reachable over http for load balancers.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const { config } = opts;
  const publicUrl = new URL(config.publicUrl);
  const isHttps = publicUrl.protocol === 'https:';
  const storageOrigins: string[] = [];
  if (config.storage.driver === 's3') {
    storageOrigins.push(
      config.storage.endpoint
        ? new URL(config.storage.endpoint).origin
        : `https://*.s3.${config.storage.region}.amazonaws.com`,
      `https://s3.${config.storage.region}.amazonaws.com`,
    );
  }

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
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
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

  if (isHttps) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https' || request.url === '/api/health') return;
      return reply.redirect(`${publicUrl.origin}${request.url}`, 301);
    });
  }
});
