import { LocalStorage } from './local-storage';
import type { LocalStorageOptions, S3StorageOptions, StorageOptions } from './object-storage';
import { S3Storage } from './s3-storage';

export type * from './object-storage';
export { StorageError, isStorageError } from './storage-error';
export type { StorageErrorCode } from './storage-error';
export { LocalStorage } from './local-storage';
export { S3Storage } from './s3-storage';
export { MIN_MULTIPART_PART_BYTES } from './multipart-rules';

/** The storage factory: builds the adapter chosen by configuration (interface: object-storage.ts). */

/** The adapters {@link createStorage} returns; `driver` tells them apart. */
export type ConfiguredStorage = LocalStorage | S3Storage;

/**
 * Creates the storage adapter chosen by configuration. The local adapter needs
 * `localStorageRoutes` registered to serve its signed URLs; the overloads hand it back typed
 * as `LocalStorage` for that.
 */
export function createStorage(options: LocalStorageOptions): LocalStorage;
export function createStorage(options: S3StorageOptions): S3Storage;
export function createStorage(options: StorageOptions): ConfiguredStorage;
export function createStorage(options: StorageOptions): ConfiguredStorage {
  switch (options.driver) {
    case 'local':
      return new LocalStorage(options);
    case 's3':
      return new S3Storage(options);
  }
}
