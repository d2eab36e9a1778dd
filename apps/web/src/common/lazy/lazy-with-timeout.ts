import { CHUNK_LOAD_TIMEOUT_MS } from '@candid/domain';
import { lazy } from 'react';

/** A screen's code did not arrive: too slow (CHUNK_LOAD_TIMEOUT_MS) or its file is gone. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/**
 * The browsers' own messages for a failed dynamic import (Chrome, Firefox, Safari): after a
 * deploy the old file names are gone, or the network dropped mid-load.
 */
const IMPORT_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading (CSS )?chunk/iu;

/** Whether an error means code could not be loaded (a reload fetches the current files). */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return error instanceof Error && IMPORT_FAILURE.test(error.message);
}

/**
 * The loader, given up on after `timeoutMs`: its promise rejects with a ChunkLoadError then,
 * and a failed import becomes a ChunkLoadError too, so one error boundary can offer a reload.
 */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new ChunkLoadError(`Code not loaded within ${timeoutMs} ms`));
      }, timeoutMs);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(
            isChunkLoadError(error)
              ? new ChunkLoadError(error instanceof Error ? error.message : String(error))
              : error,
          );
        },
      );
    });
}

/** React.lazy with the chunk timeout: every lazily loaded piece of the app goes through here. */
export const lazyWithTimeout: typeof lazy = (load) => lazy(withChunkTimeout(load));
