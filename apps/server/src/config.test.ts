import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, launchDir, loadConfig, loadEnvFile, parseEnv } from './config';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'candid-config-'));

describe('config', () => {
  it('runs everything embedded by default', () => {
    const dataDir = tmp();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ driver: 'pglite', dataDir: path.join(dataDir, 'db') });
    expect(config.storage).toEqual({ driver: 'local', rootDir: path.join(dataDir, 'storage') });
    expect(config.mail.outboxDir).toBe(path.join(dataDir, 'outbox'));
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.trustProxy).toBe(false);
  });

  it.each([
    [{}, true],
    [{ PUBLIC_URL: 'http://127.0.0.1:4103' }, true],
    [{ PUBLIC_URL: 'https://hire.example.com' }, false],
    [{ PUBLIC_URL: 'http://candid.internal:3000' }, false],
    [{ PUBLIC_URL: 'https://hire.example.com', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' }, true],
    [{ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' }, false],
  ])('webhooks to private addresses with %j → %s', (env, expected) => {
    expect(loadConfig({ DATA_DIR: tmp(), ...env }).webhookAllowPrivateAddresses).toBe(expected);
  });

  it('generates the JWT secret once and keeps it under DATA_DIR', () => {
    const dataDir = tmp();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'))).toEqual({
      jwtSecret: first,
    });
  });

  it("names the deployment for error records: APP_ENV, else NODE_ENV, else 'development'", () => {
    expect(loadConfig({ DATA_DIR: tmp() }).environment).toBe('development');
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production' }).environment).toBe('production');
    expect(
      loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'production', APP_ENV: 'eu-staging' }).environment,
    ).toBe('eu-staging');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://u@db:5432/candid' });
    expect(config.database).toEqual({
      driver: 'postgres',
      url: 'postgres://u@db:5432/candid',
      poolSize: 10,
      listStatementTimeoutMs: 5000,
    });
  });

  it('takes the pool size and the list statement timeout from the environment', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      DATABASE_URL: 'postgres://u@db:5432/candid',
      DATABASE_POOL_SIZE: '25',
      LIST_STATEMENT_TIMEOUT_MS: '1500',
    });
    expect(config.database).toMatchObject({ poolSize: 25, listStatementTimeoutMs: 1500 });
  });

  it('trusts no proxy unless TRUST_PROXY names hops or addresses', () => {
    const load = (TRUST_PROXY?: string) =>
      loadConfig({
        DATA_DIR: tmp(),
        PUBLIC_URL: 'https://hire.example.com/',
        ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }),
      });
    expect(load()).toMatchObject({ publicUrl: 'https://hire.example.com', trustProxy: false });
    expect(load('').trustProxy).toBe(false);
    expect(load('false').trustProxy).toBe(false);
    expect(load('0').trustProxy).toBe(false);
    expect(load('1').trustProxy).toBe(1);
    expect(load('2').trustProxy).toBe(2);
    expect(load('true').trustProxy).toBe(true);
    expect(load('10.0.0.1, 10.1.0.0/16,loopback, ::1, fd00::/8').trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses a TRUST_PROXY that is neither hops nor addresses', () => {
    for (const value of ['yes', '10.0.0.1/33', '10.0.0/8', 'proxy.example.com', '1,,x', '99']) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: must be/);
    }
  });

  it('lists every bad variable at once', () => {
    let caught: unknown;
    try {
      parseEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        STORAGE_DRIVER: 's3',
        LOG_LEVEL: 'loud',
        JWT_SECRET: 'short',
        SMTP_URL: 'http://mail',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'LOG_LEVEL',
      'JWT_SECRET',
      'SMTP_URL',
      'S3_BUCKET',
      'S3_REGION',
    ]) {
      expect(problems).toContain(name);
    }
  });

  it.each([
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-west-1' }, true],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000' }, true],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_REGION: 'x', S3_ACCESS_KEY_ID: 'k' }, false],
    [{ STORAGE_DRIVER: 'ftp' }, false],
  ])('validates the S3 settings %j → valid %s', (env, valid) => {
    if (valid) expect(() => parseEnv(env)).not.toThrow();
    else expect(() => parseEnv(env)).toThrow(ConfigError);
  });

  it('treats empty variables as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({ PORT: 3000 });
  });

  describe('.env', () => {
    it('is read from the launch directory; the environment wins over the file', () => {
      const dir = tmp();
      writeFileSync(
        path.join(dir, '.env'),
        [
          '# a comment',
          'PORT=4100',
          'LOG_LEVEL=debug',
          'MAIL_FROM="Hiring <hr@example.com>"',
          'DATA_DIR=./state',
          'APP_ENV=',
        ].join('\n'),
      );
      const env: NodeJS.ProcessEnv = { INIT_CWD: dir, LOG_LEVEL: 'warn', APP_ENV: 'staging' };
      expect(loadEnvFile(env)).toBe(path.join(dir, '.env'));
      expect(env).toMatchObject({
        PORT: '4100',
        LOG_LEVEL: 'warn',
        MAIL_FROM: 'Hiring <hr@example.com>',
        APP_ENV: 'staging',
      });
      const config = loadConfig(env);
      expect(config.port).toBe(4100);
      expect(config.logLevel).toBe('warn');
      expect(config.environment).toBe('staging');
      // A relative DATA_DIR is the launch directory's, not the server process's.
      expect(config.dataDir).toBe(path.join(dir, 'state'));
    });

    it('is optional', () => {
      const env: NodeJS.ProcessEnv = { INIT_CWD: tmp() };
      expect(loadEnvFile(env)).toBeNull();
      expect(Object.keys(env)).toEqual(['INIT_CWD']);
    });

    it('falls back to the working directory without npm', () => {
      expect(launchDir({})).toBe(process.cwd());
    });
  });

  it('waits 25 s for in-flight requests at shutdown unless SHUTDOWN_TIMEOUT_MS says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).shutdownTimeoutMs).toBe(25_000);
    expect(loadConfig({ DATA_DIR: tmp(), SHUTDOWN_TIMEOUT_MS: '5000' }).shutdownTimeoutMs).toBe(
      5000,
    );
    expect(() => parseEnv({ SHUTDOWN_TIMEOUT_MS: '-1' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });

  it('.env.example and docs/operations.md name every variable the server reads', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const example = readFileSync(path.join(root, '.env.example'), 'utf8');
    const documented = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect([...documented].sort()).toEqual([...ENV_VARIABLES, 'NODE_ENV'].sort());
    const operations = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    const missing = [...ENV_VARIABLES, 'NODE_ENV'].filter(
      (name) => !operations.includes(`\`${name}\``),
    );
    expect(missing).toEqual([]);
  });
});
