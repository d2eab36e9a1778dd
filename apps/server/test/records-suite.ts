import type { LogEntryInput } from '@candid/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { bearer, createAccount, signUp, type SignedUp } from './factories';
import { createTestApp, type TestApp } from './test-app';
import type { TestDbKind } from './test-db';

/** A log entry as the web app batches it, with `overrides`. */
export const entry = (overrides: Partial<LogEntryInput> = {}): LogEntryInput => ({
  timestamp: '2026-11-26T10:00:00.000Z',
  level: 'error',
  message: 'Upload failed',
  meta: {},
  ...overrides,
});

/**
 * The set-up the log record test files share (records.test.ts, records-filters.test.ts): one
 * staging app with a route that fails with a secret in its error, an admin and a recruiter, and
 * the calls that post, list and count records. Call it inside the file's describe; `state` is
 * filled before the file's own beforeAll hooks run.
 */
export function recordsSuite(kind: TestDbKind) {
  let t: TestApp;
  let admin: SignedUp;
  let recruiter: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(kind, { APP_ENV: 'staging' }, (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('database password=hunter2 is wrong');
      });
    });
    admin = await createAccount(t.app, { role: 'admin' });
    recruiter = await signUp(t.app, { fName: 'Rina', lName: 'Katz', companyName: 'Acme' });
  });
  afterAll(() => t.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/record', payload: payload as object, headers });
  const list = (account: SignedUp | null, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/record${query}`,
      headers: account ? bearer(account.accessToken) : {},
    });
  const count = async () =>
    Number(
      (
        (await t.app.db.execute(sql`select count(*)::int as n from log_records`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );

  return {
    state: {
      get t() {
        return t;
      },
      get admin() {
        return admin;
      },
      get recruiter() {
        return recruiter;
      },
    },
    post,
    list,
    count,
  };
}
