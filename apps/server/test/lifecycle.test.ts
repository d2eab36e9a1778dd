import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';

/**
 * The process lifecycle as a supervisor sees it: SIGTERM to `npm start` (what systemd and
 * container runtimes send) stops the whole process tree and frees the port; the server lets an
 * in-flight request finish, and cuts what outlives SHUTDOWN_TIMEOUT_MS, saying so in its log.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');

/**
 * A DATA_DIR whose database is already migrated, copied for each process these tests start:
 * what they test is the process tree and the shutdown, and a server on an empty DATA_DIR first
 * makes and migrates its database (seconds of CPU each time, on each Node line that runs this
 * file). A fresh database's start-up is tested by the migration tests and by every e2e run.
 */
let migratedDataDir: string;
beforeAll(async () => {
  migratedDataDir = await mkdtemp(path.join(os.tmpdir(), 'candid-lifecycle-migrated-'));
  const handle = await openDatabase({
    driver: 'pglite',
    dataDir: path.join(migratedDataDir, 'db'),
  });
  await handle.close();
}, 120_000);
afterAll(async () => {
  await rm(migratedDataDir, { recursive: true, force: true });
});

/** A DATA_DIR of its own for one process (`dir`, or a new temporary one), its database migrated. */
async function dataDirCopy(dir?: string): Promise<string> {
  const target = dir ?? (await mkdtemp(path.join(os.tmpdir(), 'candid-lifecycle-')));
  await cp(migratedDataDir, target, { recursive: true });
  return target;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Whether nothing listens on the port: a fresh listener can take it. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Every live descendant of `pid` (from /proc: each process's parent is field 4 of its stat). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(name), ppid);
    } catch {
      // Gone while we looked.
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // A zombie has exited; only its parent's wait is missing.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(command: string, args: string[], cwd: string, env: Record<string, string>) {
  let output = '';
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    // Its own process group, so that a failed test can still clean the whole tree up.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited } satisfies Started;
}

async function healthy(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    return response.status === 200;
  } catch {
    return false;
  }
}

function killGroup(started: Started | undefined) {
  if (!started?.child.pid) return;
  try {
    process.kill(-started.child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function serverEnv(port: number, dataDir: string, extra: Record<string, string> = {}) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    JWT_SECRET: 'lifecycle-secret-lifecycle-secret-0123456789',
    DATABASE_URL: '',
    ...extra,
  };
}

describe('npm start', () => {
  let dataDir: string;
  let started: Started | undefined;
  beforeAll(async () => {
    dataDir = await dataDirCopy();
  });
  afterAll(async () => {
    killGroup(started);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops the whole process tree on SIGTERM and frees the port', async () => {
    const port = await freePort();
    started = start('npm', ['start'], repoRoot, serverEnv(port, dataDir));
    // The first start may build the web app and the server.
    await expect.poll(() => healthy(port), { timeout: 240_000, interval: 250 }).toBe(true);
    const npmPid = started.child.pid!;
    const tree = descendants(npmPid);
    // npm, the start script and the server (a shell between them would be one more).
    expect(tree.length).toBeGreaterThanOrEqual(2);

    process.kill(npmPid, 'SIGTERM');
    const code = await started.exited;
    expect(code).toBe(0);
    await expect.poll(() => tree.filter(isAlive), { timeout: 30_000 }).toEqual([]);
    expect(await portIsFree(port)).toBe(true);
    expect(started.output()).toContain('shutting down');
    expect(started.output()).toContain('"msg":"stopped"');
  }, 300_000);
});

describe('npm run dev', () => {
  let dataDir: string;
  let started: Started | undefined;
  beforeAll(async () => {
    dataDir = await dataDirCopy();
  });
  afterAll(async () => {
    killGroup(started);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops the API, the web dev server and everything between on SIGTERM', async () => {
    const port = await freePort();
    started = start('npm', ['run', 'dev'], repoRoot, serverEnv(port, dataDir));
    await expect.poll(() => healthy(port), { timeout: 240_000, interval: 500 }).toBe(true);
    const npmPid = started.child.pid!;
    const tree = descendants(npmPid);
    // concurrently, both workspaces' npm, tsx watch and its server, Vite.
    expect(tree.length).toBeGreaterThanOrEqual(5);

    process.kill(npmPid, 'SIGTERM');
    await started.exited;
    await expect.poll(() => tree.filter(isAlive), { timeout: 30_000 }).toEqual([]);
    expect(await portIsFree(port)).toBe(true);
  }, 300_000);
});

describe('the server on SIGTERM', () => {
  let dataDir: string;
  let running: Started | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'candid-lifecycle-'));
    const built = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'pipe' });
    expect(built.status, built.stderr.toString()).toBe(0);
    expect(existsSync(path.join(serverDir, 'dist/main.js'))).toBe(true);
  }, 120_000);
  afterAll(async () => {
    killGroup(running);
    await rm(dataDir, { recursive: true, force: true });
  });

  async function startServer(extra: Record<string, string> = {}) {
    const port = await freePort();
    const ownDataDir = await dataDirCopy(path.join(dataDir, String(port)));
    running = start(
      process.execPath,
      ['dist/main.js'],
      serverDir,
      serverEnv(port, ownDataDir, extra),
    );
    await expect.poll(() => healthy(port), { timeout: 120_000, interval: 250 }).toBe(true);
    return { port, server: running };
  }

  /** A POST to the uplink probe whose body is sent in two halves, the second when asked. */
  function slowUpload(port: number) {
    const half = Buffer.alloc(20_000, 7);
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/health/uplink?token=secret-token-value',
      headers: { 'content-type': 'application/octet-stream', 'content-length': 40_000 },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.once('error', reject);
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
    });
    request.write(half);
    return { answered, finish: () => request.end(half) };
  }

  it('lets an in-flight request finish, then exits and frees the port', async () => {
    const { port, server } = await startServer();
    const upload = slowUpload(port);
    await expect.poll(() => server.output().includes('"url":"/api/health/uplink')).toBe(true);

    process.kill(server.child.pid!, 'SIGTERM');
    await expect.poll(() => server.output().includes('shutting down')).toBe(true);
    expect(server.output(), server.output()).toContain('"inFlight":1');
    // Stopped accepting: a new connection is refused while the upload is still open.
    await expect
      .poll(() =>
        fetch(`http://127.0.0.1:${port}/api/health`).then(
          () => 'answered',
          () => 'refused',
        ),
      )
      .toBe('refused');
    expect(isAlive(server.child.pid!)).toBe(true);

    upload.finish();
    const { status, body } = await upload.answered;
    expect(status).toBe(200);
    expect(JSON.parse(body)).toEqual({ bytes: 40_000 });
    expect(await server.exited).toBe(0);
    expect(await portIsFree(port)).toBe(true);
    expect(server.output()).not.toContain('deadline passed');
  }, 180_000);

  it('cuts what outlives SHUTDOWN_TIMEOUT_MS and logs it, secrets redacted', async () => {
    const { port, server } = await startServer({ SHUTDOWN_TIMEOUT_MS: '500' });
    const upload = slowUpload(port);
    upload.answered.catch(() => undefined);
    await expect.poll(() => server.output().includes('"url":"/api/health/uplink')).toBe(true);

    process.kill(server.child.pid!, 'SIGTERM');
    expect(await server.exited).toBe(1);
    await expect(upload.answered).rejects.toThrow();
    const log = server.output();
    expect(log).toContain('shutdown deadline passed: cutting 1 in-flight request(s)');
    expect(log).toContain('/api/health/uplink?token=[redacted]');
    expect(log).not.toContain('secret-token-value');
    expect(await portIsFree(port)).toBe(true);
  }, 180_000);

  // Node 22 and later have a WebSocket client built in.
  it.runIf(typeof WebSocket === 'function')(
    'closes realtime sockets instead of waiting for them',
    async () => {
      const { port, server } = await startServer();
      // An engine-level websocket (no sign-in needed) stays open until the server closes it.
      const socket = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`);
      await new Promise((resolve, reject) => {
        socket.addEventListener('open', resolve);
        socket.addEventListener('error', reject);
      });
      const closed = new Promise((resolve) => socket.addEventListener('close', resolve));

      process.kill(server.child.pid!, 'SIGTERM');
      expect(await server.exited).toBe(0);
      await closed;
      expect(server.output()).not.toContain('deadline passed');
      expect(await portIsFree(port)).toBe(true);
    },
    180_000,
  );
});
