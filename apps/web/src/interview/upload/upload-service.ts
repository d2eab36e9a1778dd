import { createIdbChunkStore, createMemoryChunkStore } from './chunk-store';
import { browserUploadApi, tusEndpoint } from './upload-api';
import { UploadManager } from './upload-manager';

let manager: UploadManager | null = null;

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
  });
  window.addEventListener('online', () => created.setOnline(true));
  window.addEventListener('offline', () => created.setOnline(false));
  manager = created;
  void created.resume();
  return created;
}
