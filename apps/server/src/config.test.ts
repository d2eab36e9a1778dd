import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './config';

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

  it('trusts X-Forwarded-Proto by default only behind an https PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'https://hire.example.com/' })).toMatchObject({
      publicUrl: 'https://hire.example.com',
      trustProxy: true,
    });
    expect(
      loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'https://x.example', TRUST_PROXY: 'false' })
        .trustProxy,
    ).toBe(false);
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
});
