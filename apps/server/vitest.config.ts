import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PGlite needs 2.5–4 s to create and migrate a database on two cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run in parallel processes; each creates its own databases.
    pool: 'forks',
  },
});
