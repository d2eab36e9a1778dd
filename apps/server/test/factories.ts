import { randomBytes } from 'node:crypto';
import type { SessionResponse } from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../src/modules/auth/passwords';
import { createUser } from '../src/modules/users/users.service';

export const TEST_PASSWORD = 'Secret123';

/** A fresh address, so tests sharing a database never collide. */
export function uniqueEmail(name = 'user'): string {
  return `${name}-${randomBytes(4).toString('hex')}@example.com`;
}

export function bearer(accessToken: string): { authorization: string } {
  return { authorization: `Bearer ${accessToken}` };
}

export interface SignedUp extends SessionResponse {
  email: string;
  password: string;
}

/** Signs up through the API, as a visitor would. */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{
    fName: string;
    lName: string;
    email: string;
    password: string;
    lang: 'en' | 'he';
    companyName: string;
  }> = {},
): Promise<SignedUp> {
  const body = {
    fName: 'Dana',
    lName: 'Levi',
    email: uniqueEmail('dana'),
    password: TEST_PASSWORD,
    ...overrides,
  };
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  if (response.statusCode !== 201) {
    throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  }
  return {
    ...(response.json() as SessionResponse),
    email: body.email.trim().toLowerCase(),
    password: body.password,
  };
}

/** Logs in through the API. */
export async function logIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<SessionResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json() as SessionResponse;
}

/**
 * A verified account made directly in the database (an admin, or a colleague in `orgId`),
 * then logged in through the API.
 */
export async function createAccount(
  app: FastifyInstance,
  options: {
    role?: 'admin' | 'user';
    orgId?: string;
    fName?: string;
    email?: string;
    perm?: number;
  } = {},
): Promise<SignedUp> {
  const email = options.email ?? uniqueEmail(options.role ?? 'user');
  await createUser(app.db, {
    fName: options.fName ?? (options.role === 'admin' ? 'Ada' : 'Noa'),
    lName: 'Test',
    email,
    passwordHash: await hashPassword(TEST_PASSWORD),
    role: options.role ?? 'user',
    perm: options.perm ?? 999,
    emailVerified: true,
    language: 'en',
    orgId: options.orgId,
  });
  return { ...(await logIn(app, email, TEST_PASSWORD)), email, password: TEST_PASSWORD };
}
