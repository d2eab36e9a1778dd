import { isMotoAvailable, startMotoServer } from './storage-servers';

/** Test helpers of the tus endpoint (tus-*.test.ts): the two stores and a tus 1.0 client. */

export interface TusStoreCase {
  name: string;
  env: () => Promise<{ env: Record<string, string>; close: () => Promise<void> }>;
}

/** The file store always; the S3 store against moto where Python's moto is installed. */
export const tusStoreCases: TusStoreCase[] = [
  { name: 'file store', env: async () => ({ env: {}, close: async () => undefined }) },
];
if (isMotoAvailable()) {
  tusStoreCases.push({
    name: 's3 store (moto)',
    env: async () => {
      const moto = await startMotoServer();
      return {
        env: {
          STORAGE_DRIVER: 's3',
          S3_BUCKET: moto.bucket,
          S3_ENDPOINT: moto.endpoint,
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: 'testing',
          S3_SECRET_ACCESS_KEY: 'testing',
          S3_FORCE_PATH_STYLE: 'true',
        },
        close: () => moto.close(),
      };
    },
  });
}

/** Upload-Metadata: comma-separated `key base64(value)` pairs (tus 1.0). */
export function metadataHeader(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** The tus calls of a candidate (`token`) against a listening app at `origin`. */
export function tusClient(origin: string, token: string) {
  const headers = (extra: Record<string, string> = {}) => ({
    'Tus-Resumable': '1.0.0',
    Authorization: `Bearer ${token}`,
    ...extra,
  });
  return {
    create: (meta: Record<string, string>) =>
      fetch(`${origin}/api/upload/tus`, {
        method: 'POST',
        headers: headers({ 'Upload-Defer-Length': '1', 'Upload-Metadata': metadataHeader(meta) }),
      }),
    head: (location: string) =>
      fetch(`${origin}${location}`, { method: 'HEAD', headers: headers() }),
    patch: (location: string, offset: number, body: Buffer, finalLength?: number) =>
      fetch(`${origin}${location}`, {
        method: 'PATCH',
        headers: headers({
          'Content-Type': 'application/offset+octet-stream',
          'Upload-Offset': String(offset),
          ...(finalLength === undefined ? {} : { 'Upload-Length': String(finalLength) }),
        }),
        body,
      }),
    remove: (location: string) =>
      fetch(`${origin}${location}`, { method: 'DELETE', headers: headers() }),
  };
}
