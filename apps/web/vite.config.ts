import path from 'node:path';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-precompress';

/**
 * The API server (apps/server) during development, on the same PORT it listens on (`npm run
 * dev` runs both with one environment); the built app is served by it directly.
 */
const API_ORIGIN = `http://localhost:${process.env.PORT || '3000'}`;

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: API_ORIGIN, changeOrigin: true },
  '/socket.io': { target: API_ORIGIN, changeOrigin: true, ws: true },
  '/face-models': { target: API_ORIGIN, changeOrigin: true },
  // The tfjs wasm binaries for face detection (served by the API server from node_modules).
  '/tfjs-wasm': { target: API_ORIGIN, changeOrigin: true },
};

const FACE_SHIMS_DIR = path.resolve(import.meta.dirname, 'src/interview/media/face');

/**
 * face-api's no-bundle build imports the full `@tensorflow/tfjs` and the WebGL backend; the app
 * installs only tfjs-core, the converter and the cpu and wasm backends, so those two imports
 * point at small shims over the same tfjs-core instance the wasm backend registers on.
 */
const faceApiAliases = [
  {
    find: /^@tensorflow\/tfjs\/dist\/index\.js$/,
    replacement: path.join(FACE_SHIMS_DIR, 'tfjs-shim.ts'),
  },
  {
    find: /^@tensorflow\/tfjs-backend-webgl\/dist\/index\.js$/,
    replacement: path.join(FACE_SHIMS_DIR, 'tfjs-webgl-shim.ts'),
  },
];

/**
 * The two product parts load lazily (DESIGN §2): the route table imports every screen with
 * `import()`, so a candidate on a phone downloads the interview screens only and a recruiter the
 * back office only. Rolldown's default splitting does that; manual part groups created circular
 * chunk imports (a shared chunk reading a part's module before it ran) and are not used.
 */
export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: faceApiAliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the server reads it to preload an invitation page's chunks.
    manifest: true,
    rolldownOptions: {
      // The domain's schemas are module-level `z.object(...)` calls; marked pure, the ones a
      // screen does not use are dropped, so a page that validates nothing loads no zod.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
