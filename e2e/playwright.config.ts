import { defineConfig } from '@playwright/test';
import { chromiumProject } from './fixtures/browser';

/**
 * Real Chromium from Debian (no Playwright browser download here) against the real server,
 * started once per run on a free port with a temporary DATA_DIR (fixtures/global-setup.ts).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './fixtures/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  // On CI a test that fails once is run again and reported as flaky (media timing on two
  // loaded cores); a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  // A whole walk (two browsers, several first pages) ran past 60 s on the loaded CI machine
  // though it takes 13 s alone: the budget is per test, and hanging tests are rare.
  timeout: 120_000,
  // A wait, not a speed target (bench/ measures speed): a first page on a loaded two-core
  // machine has taken over 10 s.
  expect: { timeout: 20_000 },
  // scripts/test.mjs sums the JSON report into the suite's closing line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }]]
    : [['list']],
  use: {
    // Tracing every test (to keep the failures' traces) cost a third of the suite's CPU:
    // 384 against 251 CPU-s for 33 back-office tests, 155 against 105 for 12 interview tests.
    // A test that fails is traced on its retry (CI); locally, run it with `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    locale: 'en-US',
  },
  projects: [
    // Camera with a real face and a microphone with speech: the ordinary candidate.
    chromiumProject(
      'chromium',
      { video: 'face.y4m', audio: 'speech.wav' },
      { testIgnore: [/interview\/no-face\.spec\.ts/, /interview\/silent-mic\.spec\.ts/] },
    ),
    // Chromium's own fake camera: a test pattern with no face (NOT_RECOGNIZED).
    chromiumProject(
      'interview-no-face',
      { video: null, audio: 'speech.wav' },
      { testMatch: /interview\/no-face\.spec\.ts/ },
    ),
    // A microphone that hears nothing (MIC_LOW_VOLUME).
    chromiumProject(
      'interview-silent-mic',
      { video: 'face.y4m', audio: 'silent.wav' },
      { testMatch: /interview\/silent-mic\.spec\.ts/ },
    ),
  ],
});
