import { defineConfig } from '@playwright/test';
import { chromiumProject } from './fixtures/browser';

/**
 * The deploy recipe under test: three API processes behind Debian's nginx on PostgreSQL,
 * Redis and moto's S3 (scale-out/global-setup.ts starts them; docs/deploy.md). Its own run,
 * one worker: a spec kills one of the processes.
 */
export default defineConfig({
  testDir: './scale-out',
  outputDir: './test-results/scale-out',
  globalSetup: './scale-out/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  // No retry: a kill that loses an answer now and then is the defect this run is for.
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }]]
    : [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
  },
  projects: [chromiumProject('scale-out', { video: 'face.y4m', audio: 'speech.wav' })],
});
