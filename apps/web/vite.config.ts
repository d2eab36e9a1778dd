import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
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

/** The invitation pages (the link a candidate opens first): their chunks are merged, see below. */
const INVITATION_PAGES = [
  'src/interview/onboarding/routes/onboarding-page.tsx',
  'src/interview/embed/routes/embed-page.tsx',
].map((page) => path.resolve(import.meta.dirname, page));
const SRC_DIR = path.resolve(import.meta.dirname, 'src') + path.sep;
const INTERVIEW_DIR = path.join(SRC_DIR, 'interview') + path.sep;

/**
 * What an invitation page needs before it can render: the page modules and the app's own modules
 * they import statically (not through `import()`), found on the finished module graph before
 * chunking (the groups below add what those import from libraries and the domain).
 *
 * A page merged into a group chunk is no longer a manifest entry of its own, but the server finds
 * a page's chunks by its source (`CANDIDATE_PAGE_SOURCES` in apps/server's invitation-page.ts):
 * once the build is written, each page's source is added to the manifest as its chunk's entry.
 */
function invitationClosure(): { plugin: Plugin; has: (id: string) => boolean } {
  const closure = new Set<string>();
  let outDir = '';
  return {
    has: (id) => closure.has(id),
    plugin: {
      name: 'candid-invitation-closure',
      apply: 'build',
      configResolved(config) {
        outDir = path.resolve(config.root, config.build.outDir);
      },
      async writeBundle(_options, bundle) {
        const manifestPath = path.join(outDir, '.vite', 'manifest.json');
        const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<
          string,
          { file: string; src?: string; isDynamicEntry?: boolean }
        >;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          for (const page of INVITATION_PAGES) {
            const key = path
              .relative(import.meta.dirname, page)
              .split(path.sep)
              .join('/');
            if (!chunk.moduleIds.includes(page) || manifest[key]) continue;
            const entry = Object.values(manifest).find((item) => item.file === chunk.fileName);
            if (entry) manifest[key] = { ...entry, src: key, isDynamicEntry: true };
          }
        }
        await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
      },
      buildEnd() {
        const stack = [...INVITATION_PAGES];
        while (stack.length > 0) {
          const id = stack.pop()!;
          // Libraries and the domain are reached through their index modules, which import every
          // export whether the page uses it or not: the walk stays inside the app's own sources.
          if (closure.has(id) || !id.startsWith(SRC_DIR)) continue;
          closure.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      },
    },
  };
}
const invitation = invitationClosure();

/** A Mantine class name as its CSS modules write it (e.g. `m_1b7284a3`). */
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;
const FIRST_LOAD_CHUNKS = new Set(['ui-start', 'interview-start']);

/**
 * Mantine's stylesheet is split in two (src/common/ui/mantine-first.css, applied with the entry,
 * and mantine-more.css, applied before any screen but an invitation link's first one): fails the
 * build when a chunk names a Mantine class that neither those nor its own stylesheets define, i.e. a component
 * rendered without its rules. The entry and the invitation's chunks must find theirs in the
 * first part; every other chunk in either.
 */
function mantineStylesGuard(): Plugin {
  return {
    name: 'candid-mantine-styles-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const chunks = files.filter((file) => file.type === 'chunk');
      const cssText = (names: Iterable<string>) =>
        [...names]
          .map((name) => bundle[name])
          .map((file) => (file?.type === 'asset' ? String(file.source) : ''))
          .join('\n');
      const classes = (text: string) => new Set(text.match(MANTINE_CLASS) ?? []);
      const importedCss = (chunk: (typeof chunks)[number]) => [
        ...(chunk.viteMetadata?.importedCss ?? []),
      ];
      const isFirstLoad = (chunk: (typeof chunks)[number]) =>
        chunk.isEntry || FIRST_LOAD_CHUNKS.has(chunk.name);
      const more = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('mantine-more-styles.ts'));
      const firstClasses = classes(cssText(chunks.filter(isFirstLoad).flatMap(importedCss)));
      const allClasses = new Set([
        ...firstClasses,
        ...classes(cssText(more ? importedCss(more) : [])),
      ]);
      const missing = chunks.flatMap((chunk) => {
        const defined = isFirstLoad(chunk) ? firstClasses : allClasses;
        // A chunk may bring its own (@mantine/notifications', @mantine/tiptap's stylesheets).
        const own = classes(cssText(importedCss(chunk)));
        const names = [...classes(chunk.code)].filter(
          (name) => !defined.has(name) && !own.has(name),
        );
        return names.length > 0 ? [`${chunk.fileName}: ${names.join(', ')}`] : [];
      });
      if (missing.length > 0) {
        this.error(
          `Mantine classes without rules (add the component's @mantine/core/styles/*.css to ` +
            `src/common/ui/mantine-first.css or mantine-more.css):\n${missing.join('\n')}`,
        );
      }
    },
  };
}

/**
 * The two product parts load lazily: the route table imports every screen with
 * `import()`, so a candidate on a phone downloads the interview screens only and a recruiter the
 * back office only. Rolldown's default splitting does that, but into many small shared chunks
 * (an invitation link loaded ~45 files, most under 1 KiB, each paying ~550 bytes of response
 * headers), so three groups merge what is always loaded together:
 * - `app`: everything the entry imports statically (React, Mantine's core, the router, the API
 *   client, …), which every page runs before its first render;
 * - `ui-start`: the shared modules (Mantine components, common UI) an invitation page imports
 *   statically, which the back office's screens mostly use too;
 * - `interview-start`: the invitation pages' own modules (`src/interview/`), so the back office
 *   never loads candidate code.
 * Each group holds only static imports of the ones before it (a group's modules import the
 * entry's and their own), so no two chunks import each other; earlier manual part groups did
 * and were dropped.
 */
export default defineConfig({
  plugins: [react(), precompress(), invitation.plugin, mantineStylesGuard()],
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
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            {
              name: 'interview-start',
              test: (id) => invitation.has(id) && id.startsWith(INTERVIEW_DIR),
              includeDependenciesRecursively: false,
              priority: 2,
            },
            { name: 'ui-start', test: (id) => invitation.has(id), priority: 1 },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
