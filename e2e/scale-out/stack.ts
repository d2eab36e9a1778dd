// The deploy recipe run for real on one machine: moto's S3 server, a throwaway PostgreSQL
// database, Redis, N `node apps/server/dist/main.js` processes with the same settings and a
// DATA_DIR each, and Debian's nginx with deploy/nginx/candid.conf in front. Used by the
// scale-out e2e project (playwright.scale-out.config.ts) and by bench/scale-out.mjs.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
const NGINX_TEMPLATE = path.join(ROOT, 'deploy/nginx/candid.conf');
export const NGINX_BINARY = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';
const BUCKET = 'candid-scale-out';
const S3_CREDENTIALS = { S3_ACCESS_KEY_ID: 'testing', S3_SECRET_ACCESS_KEY: 'testing' };

/** Binds port 0 itself and prints the port, so there is no race for a "free" port. */
const MOTO_SERVER_SCRIPT = `
from werkzeug.serving import make_server
from moto.server import DomainDispatcherApplication, create_backend_app
app = DomainDispatcherApplication(create_backend_app)
server = make_server("127.0.0.1", 0, app, threaded=True)
print(server.port, flush=True)
server.serve_forever()
`;

/** One API process of the stack. */
export interface StackProcess {
  index: number;
  port: number;
  pid: number;
  /** Its stdout and stderr (pino JSON lines at LOG_LEVEL). */
  logFile: string;
}

/** What a test or benchmark needs to know of a running stack (JSON: it crosses processes). */
export interface StackInfo {
  /** nginx: the address candidates and recruiters open (PUBLIC_URL). */
  baseUrl: string;
  processes: StackProcess[];
  s3: {
    endpoint: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    /** moto's process (the benchmark counts its CPU). */
    pid: number;
  };
  databaseUrl: string;
  redisUrl: string;
  /** nginx's access log: request id, upstream address, request, status. */
  accessLog: string;
  dir: string;
}

export interface Stack extends StackInfo {
  stop(): Promise<void>;
}

/** What this machine lacks to run the stack, each as a sentence; empty when all is there. */
export function missingForStack(env: NodeJS.ProcessEnv = process.env): string[] {
  const missing: string[] = [];
  if (!env.TEST_DATABASE_URL) missing.push('TEST_DATABASE_URL is not set (PostgreSQL)');
  if (!env.REDIS_URL) missing.push('REDIS_URL is not set (Redis)');
  if (!existsSync(NGINX_BINARY))
    missing.push(`no nginx at ${NGINX_BINARY} (apt-get install nginx)`);
  const moto = spawnSync('python3', ['-c', 'import moto.server, werkzeug.serving'], {
    stdio: 'ignore',
    timeout: 20_000,
  });
  if (moto.status !== 0) missing.push("Python's moto is not importable (the S3 store)");
  return missing;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function waitForHealth(url: string, child: ChildProcess | null, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`${url}: the process exited (${child.exitCode ?? child.signalCode})`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function startMoto(): Promise<{ child: ChildProcess; endpoint: string }> {
  const child = spawn('python3', ['-c', MOTO_SERVER_SCRIPT], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    let errors = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = /^(\d+)\n/.exec(output);
      if (line) resolve(Number(line[1]));
    });
    // werkzeug logs every request to stderr; only the start is kept, for an error message.
    child.stderr!.on('data', (chunk: Buffer) => {
      if (errors.length < 4000) errors += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`moto exited with ${code}: ${errors}`)));
    child.once('error', reject);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  // moto checks no signature: a plain PUT creates the bucket.
  const created = await fetch(`${endpoint}/${BUCKET}`, { method: 'PUT' });
  if (!created.ok) throw new Error(`CreateBucket: ${created.status} ${await created.text()}`);
  return { child, endpoint };
}

function psql(adminUrl: string, sql: string): void {
  const result = spawnSync('psql', [adminUrl, '-v', 'ON_ERROR_STOP=1', '-qc', sql], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`psql ${sql}: ${result.stderr}`);
}

/** deploy/nginx/candid.conf with this stack's upstream ports and listen address. */
export function nginxSiteConfig(template: string, listenPort: number, ports: number[]): string {
  const servers = ports
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  const site = template
    .replace(
      /^ {4}server 127\.0\.0\.1:\d+[^\n]*\n(?: {4}server 127\.0\.0\.1:\d+[^\n]*\n)*/m,
      `${servers}\n`,
    )
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${listenPort};`);
  if (
    !site.includes(`127.0.0.1:${ports[0]}`) ||
    !site.includes(`listen 127.0.0.1:${listenPort};`)
  ) {
    throw new Error('deploy/nginx/candid.conf: no upstream server lines or listen 80 to replace');
  }
  return site;
}

function nginxMainConfig(dir: string): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
    log_format candid '$request_id $upstream_addr "$request" $status $request_time';
    access_log ${dir}/access.log candid;
    client_body_temp_path ${dir}/nginx-temp/body;
    proxy_temp_path ${dir}/nginx-temp/proxy;
    fastcgi_temp_path ${dir}/nginx-temp/fastcgi;
    uwsgi_temp_path ${dir}/nginx-temp/uwsgi;
    scgi_temp_path ${dir}/nginx-temp/scgi;
    include ${dir}/candid.conf;
}
`;
}

export interface StackOptions {
  /** How many API processes (nginx balances over all of them). */
  processes: number;
  /** A PostgreSQL URL whose server gets a throwaway database (dropped by stop()). */
  adminDatabaseUrl: string;
  /** Redis; the stack picks one of its numbered databases (the app has no key prefix). */
  redisUrl: string;
  /** Accounts made once the processes run, as an operator would (`npm run user:create`). */
  users?: { email: string; password: string; admin?: boolean }[];
  /** More environment for every process. */
  env?: Record<string, string>;
}

/** Starts the whole recipe; stop() ends every process and drops the database. */
export async function startStack(options: StackOptions): Promise<Stack> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: npm run build`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'candid-scale-out-'));
  const children: ChildProcess[] = [];
  const dbName = `candid_scale_${randomBytes(5).toString('hex')}`;
  let databaseCreated = false;
  const stop = async () => {
    for (const child of children.reverse()) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await Promise.race([exited(child), new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    if (databaseCreated)
      psql(options.adminDatabaseUrl, `drop database if exists ${dbName} with (force)`);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const moto = await startMoto();
    children.push(moto.child);

    psql(options.adminDatabaseUrl, `create database ${dbName}`);
    databaseCreated = true;
    const dbUrl = new URL(options.adminDatabaseUrl);
    dbUrl.pathname = `/${dbName}`;
    const databaseUrl = dbUrl.toString();
    const redis = new URL(options.redisUrl);
    // Rate-limit counters of this stack apart from other runs' (pub/sub spans every database,
    // but realtime rooms are named by random ids).
    redis.pathname = `/${1 + (randomBytes(1)[0]! % 15)}`;
    const redisUrl = redis.toString();

    const nginxPort = await freePort();
    const baseUrl = `http://127.0.0.1:${nginxPort}`;
    const common: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: moto.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      ...S3_CREDENTIALS,
      JWT_SECRET: randomBytes(36).toString('base64url'),
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
      // Every request of a run comes from 127.0.0.1; the per-IP budgets are for the real world.
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
      ...options.env,
    };

    // All at once on the empty database: the first to take the migration lock applies the
    // schema, the others wait for it and find nothing left to do.
    const started = Array.from({ length: options.processes }, async (_, i) => {
      const index = i + 1;
      const port = await freePort();
      const dataDir = path.join(dir, `process-${index}`);
      mkdirSync(dataDir, { recursive: true });
      const logFile = path.join(dir, `process-${index}.log`);
      const log = openSync(logFile, 'a');
      const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
        cwd: path.join(ROOT, 'apps/server'),
        env: { ...common, PORT: String(port), DATA_DIR: dataDir },
        stdio: ['ignore', log, log],
      });
      children.push(child);
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, child);
      return { index, port, pid: child.pid!, logFile };
    });
    const processes: StackProcess[] = await Promise.all(started);
    for (const user of options.users ?? []) {
      const args = ['run', 'user:create', '--', '--email', user.email, '--password', user.password];
      const created = spawnSync('npm', user.admin ? [...args, '--admin'] : args, {
        cwd: ROOT,
        env: { ...common, DATA_DIR: path.join(dir, 'user-create') },
        encoding: 'utf8',
      });
      if (created.status !== 0) throw new Error(`user:create: ${created.stderr}`);
    }

    const site = nginxSiteConfig(
      readFileSync(NGINX_TEMPLATE, 'utf8'),
      nginxPort,
      processes.map((p) => p.port),
    );
    writeFileSync(path.join(dir, 'candid.conf'), site);
    writeFileSync(path.join(dir, 'nginx.conf'), nginxMainConfig(dir));
    // nginx started as root runs its worker as nobody: the temp folders must be its to write.
    chmodSync(dir, 0o755);
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      mkdirSync(path.join(dir, 'nginx-temp', sub), { recursive: true, mode: 0o777 });
      chmodSync(path.join(dir, 'nginx-temp', sub), 0o777);
    }
    const nginx = spawn(
      NGINX_BINARY,
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'nginx-error.log')],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    children.push(nginx);
    await waitForHealth(`${baseUrl}/api/health`, nginx, 20_000);

    return {
      baseUrl,
      processes,
      s3: {
        endpoint: moto.endpoint,
        bucket: BUCKET,
        accessKeyId: S3_CREDENTIALS.S3_ACCESS_KEY_ID,
        secretAccessKey: S3_CREDENTIALS.S3_SECRET_ACCESS_KEY,
        pid: moto.child.pid!,
      },
      databaseUrl,
      redisUrl,
      accessLog: path.join(dir, 'access.log'),
      dir,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
