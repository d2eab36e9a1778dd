import { createIdbChunkStore, createMemoryChunkStore } from './chunk-store';
import { browserUploadApi, tusEndpoint } from './upload-api';
import { UploadManager } from './upload-manager';

let manager: UploadManager | null = null;

/**
 * Waits `ms`, or less: the browser's `online` event ends the wait, so what failed while the
 * connection was down goes again the moment it is back, not at the end of a long backoff.
 */
export function sleepUntilOnline(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

function waitForOnline(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) =>
    window.addEventListener('online', () => resolve(), { once: true }),
  );
}

/**
 * The page's one upload queue on IndexedDB. Created on first use; it resumes what an earlier
 * page left unfinished (a reload or a crash) and keeps running across the interview routes.
 */
export function getUploadManager(): UploadManager {
  if (manager) return manager;
  const store = typeof indexedDB === 'undefined' ? createMemoryChunkStore() : createIdbChunkStore();
  const created = new UploadManager({
    store,
    api: browserUploadApi,
    tusEndpoint: tusEndpoint(),
    isOnline: () => navigator.onLine,
    waitForOnline,
    sleep: sleepUntilOnline,
  });
  window.addEventListener('online', () => created.setOnline(true));
  window.addEventListener('offline', () => created.setOnline(false));
  manager = created;
  void created.resume();
  return created;
}
