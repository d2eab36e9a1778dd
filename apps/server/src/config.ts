import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseEnv as parseDotEnv } from 'node:util';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (protocols: RegExp, hint: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .url()
      .refine((value) => protocols.test(value), { message: `must start with ${hint}` })
      .optional(),
  );
const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
);

/** Names proxy-addr (Fastify's trustProxy) knows for whole address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of a TRUST_PROXY list: an address, an address/prefix (CIDR) or a range name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY, with the semantics of Fastify's `trustProxy`: `false`/`0` trusts no proxy, a
 * number N trusts the N nearest hops (`1` behind one nginx), a comma-separated list trusts
 * those addresses and CIDRs, and `true` trusts every hop (only sensible when nothing but the
 * proxy can reach the server). The client address is then the nearest X-Forwarded-For entry
 * not added by a trusted hop, so what a client writes into the header cannot choose it.
 */
export type TrustProxySetting = false | true | number | string[];

/**
 * The setting as Fastify's `trustProxy` option. Fastify 5.12 refuses a bare hop count (it
 * cannot tell a proxy from a direct client), so hops are passed as the function proxy-addr
 * calls per hop, nearest first: the operator who sets a count vouches that only the proxy
 * reaches the server (docs/operations.md).
 */
export function fastifyTrustProxy(
  setting: TrustProxySetting,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

const trustProxySetting = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx): TrustProxySetting | undefined => {
      if (value === undefined) return undefined;
      if (value === 'false') return false;
      if (value === 'true') return true;
      if (/^\d+$/.test(value)) {
        const hops = Number(value);
        if (hops <= 32) return hops === 0 ? false : hops;
      }
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = entries.filter((entry) => !isProxyAddress(entry));
      if (entries.length === 0 || bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be false, true, a number of hops (0-32) or a comma-separated list of addresses and CIDRs (not ${(bad.length > 0 ? bad : [value]).join(', ')})`,
        });
        return z.NEVER;
      }
      return entries;
    }),
);

/** Environment variables as read at start-up. Every name is documented in .env.example. */
const envSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  PUBLIC_URL: optionalUrl(/^https?:\/\//, 'http:// or https://'),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, 'postgres:// or postgresql://'),
  /** Connections in the PostgreSQL pool of this process. */
  DATABASE_POOL_SIZE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(500).default(10),
  ),
  /** Longest a list or count query may run (PostgreSQL) before it is cancelled. */
  LIST_STATEMENT_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(600_000).default(5000),
  ),
  STORAGE_DRIVER: z.preprocess(emptyToUndefined, z.enum(['local', 's3']).default('local')),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: optionalUrl(/^https?:\/\//, 'http:// or https://'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag,
  REDIS_URL: optionalUrl(/^rediss?:\/\//, 'redis:// or rediss://'),
  SMTP_URL: optionalUrl(/^smtps?:\/\//, 'smtp:// or smtps://'),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Candid <no-reply@candid.local>')),
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_JWKS_URL: z.preprocess(
    emptyToUndefined,
    z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  ),
  UNSPLASH_ACCESS_KEY: optionalString,
  /** Base URL of the Unsplash API (a test points it at a local fake). */
  UNSPLASH_API_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .url()
      .refine((value) => /^https?:\/\//.test(value), {
        message: 'must start with http:// or https://',
      })
      .default('https://api.unsplash.com'),
  ),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default('info')),
  /** The deployment's name in error records (Log record meta.environment). */
  APP_ENV: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(40).optional()),
  TRUST_PROXY: trustProxySetting,
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: booleanFlag,
  RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().default(600),
  ),
  /** Overrides every per-IP limit of the sign-in routes (see modules/auth/auth.rate-limits.ts). */
  AUTH_RATE_LIMIT_PER_IP: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().optional(),
  ),
  /** Overrides every per-account limit of the sign-in routes. */
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().optional(),
  ),
  WEB_DIST_DIR: optionalString,
  /** How long a stopping process lets in-flight requests finish before it cuts them. */
  SHUTDOWN_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(600_000).default(25_000),
  ),
  /** Largest recording (one take of one camera or screen) a candidate may upload, in bytes. */
  RECORDING_MAX_BYTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .positive()
      .default(2 * 1024 ** 3),
  ),
});

/** Every variable the server reads (besides NODE_ENV, and npm's INIT_CWD), for the docs' checks. */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

/**
 * Cross-field rules of the S3 driver, checked on the raw values so that they are reported
 * together with every per-variable problem (a zod refinement would wait for those first).
 */
function s3Problems(env: NodeJS.ProcessEnv): string[] {
  const value = (name: string) => (env[name] ?? '').trim();
  if (value('STORAGE_DRIVER') !== 's3') return [];
  const problems: string[] = [];
  if (!value('S3_BUCKET')) problems.push('S3_BUCKET: is required when STORAGE_DRIVER=s3');
  if (!value('S3_REGION') && !value('S3_ENDPOINT')) {
    problems.push('S3_REGION: S3_REGION or S3_ENDPOINT is required when STORAGE_DRIVER=s3');
  }
  if (Boolean(value('S3_ACCESS_KEY_ID')) !== Boolean(value('S3_SECRET_ACCESS_KEY'))) {
    problems.push(
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together',
    );
  }
  return problems;
}

export type StorageConfig =
  | { driver: 'local'; rootDir: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };

export type DatabaseConfig =
  | { driver: 'pglite'; dataDir: string | null }
  | {
      driver: 'postgres';
      url: string;
      /** Pool size (DATABASE_POOL_SIZE); 10 when not given. */
      poolSize?: number;
      /** statement_timeout of list and count queries (LIST_STATEMENT_TIMEOUT_MS); 5 s when not given. */
      listStatementTimeoutMs?: number;
    };

/** The server's resolved configuration: what buildApp needs, already validated. */
export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  storage: StorageConfig;
  redisUrl?: string;
  mail: { smtpUrl?: string; from: string; outboxDir: string };
  jwtSecret: string;
  google: { clientId?: string; jwksUrl: string };
  unsplashAccessKey?: string;
  /** Unsplash API base URL, without a trailing slash. */
  unsplashApiUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /**
   * The deployment's name, stored with every error record (Log record
   * `meta.environment`): `APP_ENV`, else `NODE_ENV`, else "development".
   */
  environment: string;
  /**
   * Which proxies' X-Forwarded-For/-Proto/-Host are believed (TRUST_PROXY; Fastify's
   * `trustProxy`). None by default: a client could otherwise pick the address the per-IP limits
   * count by sending the header itself.
   */
  trustProxy: TrustProxySetting;
  /**
   * Whether webhooks may go to loopback and private-network addresses (a developer's own
   * receiver). Off in production: an owner's webhook must not reach the server's neighbours.
   */
  webhookAllowPrivateAddresses: boolean;
  rateLimitPerMinute: number;
  /**
   * Overrides of the sign-in routes' limits (per 15 minutes): unset keeps each route's own
   * numbers; set, one number applies to every route (e.g. higher for a load test).
   */
  authRateLimit: { perIpMax?: number; perAccountMax?: number };
  /** Built web app; null when it is not built (API-only, e.g. in integration tests). */
  webDistDir: string | null;
  faceModelsDir: string;
  /** Largest recording a candidate may upload (tus uploads answer 413 above it). */
  recordingMaxBytes: number;
  /**
   * After SIGTERM/SIGINT: how long in-flight requests (uploads included) may take to finish
   * before the process cuts them and exits (SHUTDOWN_TIMEOUT_MS, 25 s by default: under the
   * 30 s most supervisors wait before SIGKILL).
   */
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once at start-up. Throws ConfigError listing every bad variable,
 * so an operator fixes them in one go rather than one restart per mistake.
 */
export function parseEnv(env: NodeJS.ProcessEnv): z.output<typeof envSchema> {
  const result = envSchema.safeParse(env);
  const problems = [
    ...(result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`)),
    ...s3Problems(env),
  ];
  if (problems.length > 0 || !result.success) throw new ConfigError(problems);
  return result.data;
}

/**
 * The directory the operator ran the command in: npm's INIT_CWD under `npm start` and
 * `npm run …` (npm runs workspace scripts from the workspace folder), else the process's own.
 * The `.env` file, and relative DATA_DIR and WEB_DIST_DIR, are found from here.
 */
export function launchDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD?.trim() || process.cwd();
}

/**
 * Adds the variables of a `.env` file (default: in the launch directory) to `env`, leaving
 * every variable the environment already has as it is: the real environment wins, so a
 * deployment can override one setting without editing the file. Returns the file read, or
 * null when there is none. The syntax is Node's (`util.parseEnv`): NAME=value lines, `#`
 * comments, optional quotes.
 */
export function loadEnvFile(
  env: NodeJS.ProcessEnv = process.env,
  file: string = path.join(launchDir(env), '.env'),
): string | null {
  if (!existsSync(file)) return null;
  const values = parseDotEnv(readFileSync(file, 'utf8'));
  for (const [name, value] of Object.entries(values)) {
    if (env[name] === undefined && value !== undefined) env[name] = value;
  }
  return file;
}

/**
 * Reads JWT_SECRET or, on a single embedded instance, generates one once and keeps it under
 * DATA_DIR so that tokens survive a restart. Several instances must share an explicit secret.
 */
function resolveJwtSecret(explicit: string | undefined, dataDir: string): string {
  if (explicit) return explicit;
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret?: string };
    if (stored.jwtSecret && stored.jwtSecret.length >= 32) return stored.jwtSecret;
  }
  mkdirSync(dataDir, { recursive: true });
  const jwtSecret = randomBytes(48).toString('base64url');
  writeFileSync(file, JSON.stringify({ jwtSecret }, null, 2), { mode: 0o600 });
  return jwtSecret;
}

const serverRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Finds the face-api model folder shipped in the npm package (served at /face-models). */
export function resolveFaceModelsDir(): string {
  const candidates = [
    path.join(serverRoot, 'node_modules/@vladmandic/face-api/model'),
    path.join(serverRoot, '../../node_modules/@vladmandic/face-api/model'),
  ];
  return candidates.find((dir) => existsSync(dir)) ?? candidates[1]!;
}

function resolveWebDistDir(explicit: string | undefined, baseDir: string): string | null {
  const dir = explicit ? path.resolve(baseDir, explicit) : path.join(serverRoot, '../web/dist');
  return existsSync(path.join(dir, 'index.html')) ? dir : null;
}

/** Turns the environment into an AppConfig (may create DATA_DIR and the generated secret). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(launchDir(env), parsed.DATA_DIR);
  const storage: StorageConfig =
    parsed.STORAGE_DRIVER === 's3'
      ? {
          driver: 's3',
          bucket: parsed.S3_BUCKET!,
          region: parsed.S3_REGION ?? 'us-east-1',
          endpoint: parsed.S3_ENDPOINT,
          accessKeyId: parsed.S3_ACCESS_KEY_ID,
          secretAccessKey: parsed.S3_SECRET_ACCESS_KEY,
          forcePathStyle: parsed.S3_FORCE_PATH_STYLE ?? false,
        }
      : { driver: 'local', rootDir: path.join(dataDir, 'storage') };
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    dataDir,
    database: parsed.DATABASE_URL
      ? {
          driver: 'postgres',
          url: parsed.DATABASE_URL,
          poolSize: parsed.DATABASE_POOL_SIZE,
          listStatementTimeoutMs: parsed.LIST_STATEMENT_TIMEOUT_MS,
        }
      : { driver: 'pglite', dataDir: path.join(dataDir, 'db') },
    storage,
    redisUrl: parsed.REDIS_URL,
    mail: {
      smtpUrl: parsed.SMTP_URL,
      from: parsed.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    jwtSecret: resolveJwtSecret(parsed.JWT_SECRET, dataDir),
    google: { clientId: parsed.GOOGLE_CLIENT_ID, jwksUrl: parsed.GOOGLE_JWKS_URL },
    unsplashAccessKey: parsed.UNSPLASH_ACCESS_KEY,
    unsplashApiUrl: parsed.UNSPLASH_API_URL.replace(/\/+$/, ''),
    logLevel: parsed.LOG_LEVEL,
    environment: parsed.APP_ENV ?? (env.NODE_ENV?.trim() || 'development'),
    // No proxy is believed unless named: an operator says how many hops (or which addresses)
    // stand in front, see docs/operations.md.
    trustProxy: parsed.TRUST_PROXY ?? false,
    // A server reached at http://localhost is a developer's: their webhook receiver runs there.
    webhookAllowPrivateAddresses:
      parsed.WEBHOOK_ALLOW_PRIVATE_ADDRESSES ??
      /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/.test(
        parsed.PUBLIC_URL ?? 'http://localhost',
      ),
    rateLimitPerMinute: parsed.RATE_LIMIT_PER_MINUTE,
    authRateLimit: {
      perIpMax: parsed.AUTH_RATE_LIMIT_PER_IP,
      perAccountMax: parsed.AUTH_RATE_LIMIT_PER_ACCOUNT,
    },
    webDistDir: resolveWebDistDir(parsed.WEB_DIST_DIR, launchDir(env)),
    faceModelsDir: resolveFaceModelsDir(),
    recordingMaxBytes: parsed.RECORDING_MAX_BYTES,
    shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_MS,
  };
}
