import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STALE_UPLOAD_MAX_AGE_MS, STALE_UPLOAD_SWEEP_INTERVAL_MS } from '../src/plugins/storage';
import { LocalStorage } from '../src/storage/local-storage';
import { createTestClock } from './helpers';
import { createTestApp, type TestApp } from './test-app';

/**
 * Waits (real time) until `check` holds; the sweep runs in the background. Generous: advancing
 * the fake intervals by an hour also fires every other background job of the app (mail queue,
 * reminders, digests, webhooks) on the same PGlite connection, and CI runs suites side by side.
 */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition never held');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function isGone(storage: LocalStorage, key: string, uploadId: string): Promise<boolean> {
  return storage.listParts(key, uploadId).then(
    () => false,
    (error: { code?: string }) => error.code === 'NO_SUCH_UPLOAD',
  );
}

describe('abandoned local uploads are swept at start and on a schedule', () => {
  let t: TestApp | undefined;

  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  it('removes stale uploads and keeps fresh ones', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'candid-sweep-'));
    const rootDir = path.join(dataDir, 'storage');
    const before = new LocalStorage({
      rootDir,
      publicBaseUrl: 'http://localhost:3000',
      signingSecret: 'sweep-test-secret',
      now: () => Date.now() - STALE_UPLOAD_MAX_AGE_MS - 60_000,
    });
    const abandoned = await before.createMultipartUpload('job/abandoned.webm', {
      contentType: 'video/webm',
    });

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const clock = createTestClock();
    t = await createTestApp('pglite', { DATA_DIR: dataDir }, undefined, { now: clock.now });
    const storage = t.app.storage as LocalStorage;
    await eventually(() => isGone(storage, 'job/abandoned.webm', abandoned.uploadId));

    const recent = await storage.createMultipartUpload('job/recent.webm', {
      contentType: 'video/webm',
    });
    vi.advanceTimersByTime(STALE_UPLOAD_SWEEP_INTERVAL_MS);
    // A sweep ran, and an upload a few minutes old survives it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await isGone(storage, 'job/recent.webm', recent.uploadId)).toBe(false);

    clock.advance(STALE_UPLOAD_MAX_AGE_MS + 60_000);
    // Each hour's tick while a sweep still runs joins that sweep (whose cut-off is older): on a
    // busy machine the previous one may not be done yet, so let the hours pass until one sweeps.
    const deadline = Date.now() + 30_000;
    vi.advanceTimersByTime(STALE_UPLOAD_SWEEP_INTERVAL_MS);
    while (!(await isGone(storage, 'job/recent.webm', recent.uploadId))) {
      if (Date.now() > deadline) throw new Error('the stale upload was never swept');
      await new Promise((resolve) => setTimeout(resolve, 250));
      vi.advanceTimersByTime(STALE_UPLOAD_SWEEP_INTERVAL_MS);
    }
    await rm(dataDir, { recursive: true, force: true });
  }, 120_000);
});
