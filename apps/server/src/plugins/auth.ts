import { createHmac } from 'node:crypto';
import { isAdmin, ROLES, type ErrorKey, type Role } from '@candid/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { AppConfig } from '../config';
import { users } from '../db/schema';
import { AppError } from '../lib/app-error';
import { isUuid } from '../lib/ids';

/** Lifetime of an access token: short, since it cannot be revoked (refresh tokens can). */
export const ACCESS_TOKEN_TTL_SEC = 15 * 60;

const ISSUER = 'candid';

/**
 * The kinds of bearer token the API issues. Each is signed with its own audience and `typ`,
 * and verification demands the expected one, so a recruiter's access token is never taken
 * for a candidate token (scoped to one applicant and job) or the other way round.
 */
export const TOKEN_TYPES = ['access', 'candidate'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

/** The logged-in recruiter or admin, as the access token describes them. */
export interface AuthUser {
  id: string;
  orgId: string;
  role: Role;
  /** The refresh-token family (login session) the token was issued in, when there is one. */
  sessionId?: string;
}

/** Signs and verifies the API's JWTs (HS256, key derived from JWT_SECRET). */
export interface TokenSigner {
  sign(
    typ: TokenType,
    claims: Record<string, unknown> & { sub: string },
    ttlSec: number,
  ): Promise<string>;
  /** The payload of a valid, unexpired token of type `typ`; INVALID_TOKEN_ERR otherwise. */
  verify(token: string, typ: TokenType): Promise<JWTPayload>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner;
    signAccessToken(user: AuthUser): Promise<string>;
    /** preHandler: 401 LOGIN_REQUIRED_ERR without a token, INVALID_TOKEN_ERR for a bad one. */
    requireUser(request: FastifyRequest): Promise<void>;
    /** preHandler: requireUser, then 403 FORBIDDEN_ERR unless the user is an admin. */
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** The user of a valid access token in `Authorization: Bearer`; null otherwise. */
    user: AuthUser | null;
    /** Why a bearer token that was sent was refused (null when none was sent or it was valid). */
    authError: ErrorKey | null;
  }
}

function audienceOf(typ: TokenType): string {
  return `candid:${typ}`;
}

function createTokenSigner(jwtSecret: string, now: () => Date): TokenSigner {
  // A key of its own, so that JWTs and signed storage URLs never share a MAC key.
  const key = createHmac('sha256', jwtSecret).update('candid/jwt').digest();
  return {
    async sign(typ, claims, ttlSec) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const { sub, ...rest } = claims;
      return new SignJWT({ ...rest, typ })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(audienceOf(typ))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSec)
        .sign(key);
    },
    async verify(token, typ) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: audienceOf(typ),
          currentDate: now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (payload.typ !== typ) throw new Error('wrong token type');
        return payload;
      } catch {
        throw new AppError('INVALID_TOKEN_ERR');
      }
    },
  };
}

function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : '';
}

function toAuthUser(payload: JWTPayload): AuthUser | null {
  const { sub, org, role, sid } = payload;
  if (typeof sub !== 'string' || typeof org !== 'string' || typeof role !== 'string') return null;
  return {
    id: sub,
    orgId: org,
    role: role === ROLES.ADMIN ? ROLES.ADMIN : ROLES.USER,
    ...(typeof sid === 'string' ? { sessionId: sid } : {}),
  };
}

/**
 * Access tokens and the guards built on them. Every request with `Authorization: Bearer`
 * gets `request.user` (or `request.authError`); routes opt in with `app.requireUser` or
 * `app.requireAdmin` as preHandlers. A later candidate token verifies with
 * `app.tokens.verify(token, 'candidate')` beside this, never through `request.user`.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const tokens = createTokenSigner(opts.config.jwtSecret, () => app.now());
  app.decorate('tokens', tokens);
  app.decorate('signAccessToken', (user: AuthUser) =>
    tokens.sign(
      'access',
      {
        sub: user.id,
        org: user.orgId,
        role: user.role,
        ...(user.sessionId ? { sid: user.sessionId } : {}),
      },
      ACCESS_TOKEN_TTL_SEC,
    ),
  );
  app.decorateRequest('user', null);
  app.decorateRequest('authError', null);

  app.addHook('onRequest', async (request) => {
    const token = readBearer(request);
    if (token === null) return;
    try {
      const user = toAuthUser(await tokens.verify(token, 'access'));
      if (user) request.user = user;
      else request.authError = 'INVALID_TOKEN_ERR';
    } catch {
      request.authError = 'INVALID_TOKEN_ERR';
    }
  });

  const requireUser = async (request: FastifyRequest) => {
    if (request.user) return;
    throw new AppError(request.authError ?? 'LOGIN_REQUIRED_ERR');
  };
  app.decorate('requireUser', requireUser);
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await requireUser(request);
    // The role is read again: a demotion takes effect at once, not when the token expires.
    const [row] = await app.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, request.user!.id));
    if (!row || !isAdmin(row)) throw new AppError('FORBIDDEN_ERR');
  });
});

/**
 * The user a call acts for: the logged-in user, or (admin "view as", spec §6) the user
 * `viewAsId` names — honoured only for role admin; anyone else always acts as themselves.
 * An admin naming a user that does not exist gets NOT_FOUND_ERR.
 */
export async function resolveActingUser(
  request: FastifyRequest,
  viewAsId: string | null | undefined,
): Promise<AuthUser> {
  const user = request.user;
  if (!user) throw new AppError(request.authError ?? 'LOGIN_REQUIRED_ERR');
  if (!viewAsId || viewAsId === user.id || !isAdmin(user)) return user;
  const db = request.server.db;
  // As in requireAdmin, the role is read again rather than trusted from the token.
  const [actor] = await db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
  if (!actor || !isAdmin(actor)) return user;
  if (!isUuid(viewAsId)) throw new AppError('NOT_FOUND_ERR');
  const [target] = await db
    .select({ id: users.id, orgId: users.orgId, role: users.role })
    .from(users)
    .where(eq(users.id, viewAsId));
  if (!target) throw new AppError('NOT_FOUND_ERR');
  return { id: target.id, orgId: target.orgId, role: isAdmin(target) ? ROLES.ADMIN : ROLES.USER };
}
