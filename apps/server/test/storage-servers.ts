import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import Fastify from 'fastify';
import { LocalStorage } from '../src/storage/local-storage';
import { localStorageRoutes } from '../src/storage/local-storage-routes';
import { S3Storage } from '../src/storage/s3-storage';

/** A storage under test plus the knobs the contract suite turns. */
export interface StorageFixture<S> {
  storage: S;
  /** Shifts the clock that signs URLs (and, for local storage, checks them). */
  setClockOffsetMs(offsetMs: number): void;
  close(): Promise<void>;
}

const SIGNING_SECRET = 'test-signing-secret-0123456789';
const BUCKET = 'candid-test';

function createClock(): { now: () => number; setOffsetMs: (offsetMs: number) => void } {
  let offsetMs = 0;
  return {
    now: () => Date.now() + offsetMs,
    setOffsetMs: (value) => {
      offsetMs = value;
    },
  };
}

/**
 * Local storage behind a real Fastify server on a free port. Two `LocalStorage` instances
 * share the root and secret: one serves the routes (registered before the port is known),
 * the other signs URLs with the real address, as two processes behind one PUBLIC_URL would.
 */
export async function startLocalStorageServer(
  options: { maxObjectBytes?: number } = {},
): Promise<StorageFixture<LocalStorage> & { rootDir: string; baseUrl: string }> {
  const rootDir = await mkdtemp(path.join(tmpdir(), 'candid-storage-'));
  const clock = createClock();
  const common = { rootDir, signingSecret: SIGNING_SECRET, now: clock.now };
  const app = Fastify();
  await app.register(localStorageRoutes, {
    storage: new LocalStorage({ ...common, publicBaseUrl: 'http://unused.invalid' }),
    maxObjectBytes: options.maxObjectBytes ?? 16 * 1024 * 1024,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    storage: new LocalStorage({ ...common, publicBaseUrl: baseUrl }),
    rootDir,
    baseUrl,
    setClockOffsetMs: clock.setOffsetMs,
    close: async () => {
      await app.close();
      await rm(rootDir, { recursive: true, force: true });
    },
  };
}

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

/**
 * s3rver (npm) on a free port with a temp directory and a pre-created bucket. It accepts the
 * SDK's SigV4 presigned URLs without checking their signature (its V4 check is
 * unimplemented) but does refuse them once X-Amz-Date + X-Amz-Expires has passed.
 */
export async function startS3rver(): Promise<StorageFixture<S3Storage>> {
  // s3rver ships CommonJS without types; only its constructor, run and close are used.
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const directory = await mkdtemp(path.join(tmpdir(), 'candid-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const clock = createClock();
  return {
    storage: new S3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      // s3rver's built-in account; it refuses unknown access key ids.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      now: clock.now,
    }),
    setClockOffsetMs: clock.setOffsetMs,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

// Binds port 0 itself and prints the port, so there is no race for a "free" port.
const MOTO_SERVER_SCRIPT = `
import sys
from werkzeug.serving import make_server
from moto.server import DomainDispatcherApplication, create_backend_app
app = DomainDispatcherApplication(create_backend_app)
server = make_server("127.0.0.1", 0, app, threaded=True)
print(server.port, flush=True)
server.serve_forever()
`;

/**
 * Whether Python's moto (an in-memory S3 implementation, preinstalled on this project's
 * machine image but not an npm package) can be started here.
 */
export function isMotoAvailable(): boolean {
  const probe = spawnSync('python3', ['-c', 'import moto.server, werkzeug.serving'], {
    stdio: 'ignore',
    timeout: 20_000,
  });
  return probe.status === 0;
}

/**
 * moto's S3 server on a free port. Unlike s3rver it implements ListParts and
 * AbortMultipartUpload, checks part ETags and sizes on CompleteMultipartUpload and honours
 * suffix ranges; it checks neither the signature nor the expiry of presigned URLs.
 */
export async function startMotoServer(): Promise<
  StorageFixture<S3Storage> & { endpoint: string; bucket: string }
> {
  const child = spawn('python3', ['-c', MOTO_SERVER_SCRIPT], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = /^(\d+)\n/.exec(output);
      if (line) resolve(Number(line[1]));
    });
    // werkzeug logs every request to stderr; keep only the start for error messages.
    child.stderr.on('data', (chunk: Buffer) => {
      if (errors.length < 4000) errors += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`moto exited with ${code}: ${errors}`)));
    child.once('error', reject);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'testing', secretAccessKey: 'testing' };
  const admin = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  await admin.send(new CreateBucketCommand({ Bucket: BUCKET }));
  admin.destroy();
  const clock = createClock();
  return {
    endpoint,
    bucket: BUCKET,
    storage: new S3Storage({
      bucket: BUCKET,
      region: 'us-east-1',
      endpoint,
      ...credentials,
      forcePathStyle: true,
      now: clock.now,
    }),
    setClockOffsetMs: clock.setOffsetMs,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
