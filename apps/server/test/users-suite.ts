import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { staffOf } from '../src/policies';
import { bearer, createAccount, signUp, type SignedUp } from './factories';
import { createTestApp, type TestApp } from './test-app';
import type { TestDbKind } from './test-db';

/** An id no account has: the calls on it answer 404. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A test-only route that reports whom a call acts for (admin "view as", resolved by auth). */
function addActingRoute(app: FastifyInstance) {
  app.get(
    '/api/__test/acting',
    {
      schema: { querystring: z.object({ viewAsId: z.string().optional() }) },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { id, orgId, role } = staffOf(request);
      return { id, orgId, role };
    },
  );
}

/**
 * The set-up the user test files share (users.test.ts, users-admin, users-verification): one
 * app with the "acting" route, an admin, an owner with a colleague in the same organisation and a
 * stranger, and the mail outbox. Call it inside the file's describe; `state` is filled before the
 * file's own beforeAll hooks run.
 */
export function usersSuite(kind: TestDbKind) {
  let t: TestApp;
  let outbox: string;
  let admin: SignedUp;
  let owner: SignedUp;
  let colleague: SignedUp;
  let stranger: SignedUp;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, addActingRoute);
    outbox = t.config.mail.outboxDir;
    admin = await createAccount(t.app, { role: 'admin', fName: 'Ada' });
    owner = await signUp(t.app, { fName: 'Olga', companyName: 'Olga Co' });
    colleague = await createAccount(t.app, { orgId: owner.user.companyId!, fName: 'Cole' });
    stranger = await signUp(t.app, { fName: 'Stan' });
  });
  afterAll(async () => t?.close());

  return {
    state: {
      get t() {
        return t;
      },
      get outbox() {
        return outbox;
      },
      get admin() {
        return admin;
      },
      get owner() {
        return owner;
      },
      get colleague() {
        return colleague;
      },
      get stranger() {
        return stranger;
      },
    },
    as: (who: SignedUp) => bearer(who.accessToken),
  };
}
