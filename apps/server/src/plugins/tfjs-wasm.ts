import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const WASM_FILE = /^tfjs-backend-wasm(-simd|-threaded-simd)?\.wasm$/;

/** The folder holding tfjs's wasm binaries (the web app's dependency), or null. */
export function resolveTfjsWasmDir(): string | null {
  const require = createRequire(import.meta.url);
  for (const request of [
    '@tensorflow/tfjs-backend-wasm/package.json',
    '@tensorflow/tfjs-backend-wasm',
  ]) {
    try {
      const resolved = require.resolve(request);
      let dir = path.dirname(resolved);
      // From the entry file (dist/… or src/…) up to the package root.
      while (!existsSync(path.join(dir, 'package.json')) && dir !== path.dirname(dir)) {
        dir = path.dirname(dir);
      }
      const dist = path.join(dir, 'dist');
      if (existsSync(path.join(dist, 'tfjs-backend-wasm.wasm'))) return dist;
    } catch {
      // Try the next way of finding it.
    }
  }
  return null;
}

/**
 * Serves `/tfjs-wasm/*.wasm` for the media check's face detection on tfjs's wasm backend
 * (docs/media-in-tests.md: software WebGL takes 5–7 s per first detection, wasm 0.2 s), as
 * `application/wasm` (needed for streaming compilation) with long caching.
 */
export const tfjsWasmPlugin = fp(async (app: FastifyInstance) => {
  const root = resolveTfjsWasmDir();
  if (!root) {
    app.log.warn('@tensorflow/tfjs-backend-wasm not found: /tfjs-wasm is not served');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/tfjs-wasm/',
    decorateReply: false,
    allowedPath: (pathName) => WASM_FILE.test(path.basename(pathName)),
    maxAge: '30d',
    setHeaders: (reply) => {
      reply.header('content-type', 'application/wasm');
    },
  });
});
