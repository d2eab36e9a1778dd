import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PGlite needs 2.5–4 s to create and migrate a database on two cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run in parallel processes; each creates its own databases.
    pool: 'forks',
    // One module graph for the files a worker runs: every file builds its own app and
    // databases and no test mocks a module, so nothing leaks between files, and importing the
    // server afresh for each of its 59 files took about half the suite (748 s isolated, 404 s
    // not, on a slow two-core machine).
    isolate: false,
  },
});
