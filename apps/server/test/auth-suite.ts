import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { createTestClock } from './helpers';
import type { TestDbKind } from './test-db';

export const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** A 6-digit code that is not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** An error body without its per-request trace id, to compare two answers. */
export function withoutTrace(body: Record<string, unknown>) {
  const { traceId: _traceId, ...rest } = body;
  return rest;
}

/**
 * The set-up the auth test files share (auth.test.ts, auth-recovery.test.ts): one app on a test
 * clock (reset after each test) with its mail outbox. Call it inside the file's describe; `state`
 * is filled before the file's own beforeAll hooks run.
 */
export function authSuite(kind: TestDbKind) {
  let t: TestApp;
  const clock = createTestClock();
  let outbox: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { now: clock.now });
    outbox = t.config.mail.outboxDir;
  });
  afterAll(async () => t?.close());
  afterEach(() => clock.reset());

  const inject = (options: InjectOptions) => t.app.inject(options);

  return {
    state: {
      get t() {
        return t;
      },
      get outbox() {
        return outbox;
      },
    },
    clock,
    inject,
  };
}
