import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * What is compressed on the fly: JSON (the API), HTML (the SPA's index.html) and other text.
 * Media is already compressed (and seeks with Range), so video, audio and images never are;
 * the web app's hashed assets are compressed at build time and served as they are
 * (`preCompressed` in plugins/web.ts).
 */
const COMPRESSIBLE_TYPE =
  /^(?:application\/(?:[\w.+-]*\+)?json|text\/(?:html|plain|css|javascript)|application\/javascript)\b/i;

/**
 * On-the-fly compression (brotli, else gzip) of the API's JSON answers above
 * {@link COMPRESSION_THRESHOLD_BYTES}. @fastify/compress never compresses a 206 or any answer
 * with Content-Range, so video seeking keeps byte offsets exact; answers that are already
 * encoded (the pre-compressed web assets) pass untouched.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPE,
    // A fast brotli level: answers are compressed per request, unlike the build-time assets.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
});
