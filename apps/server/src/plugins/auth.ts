import { createHmac, createSecretKey } from 'node:crypto';
import {
  API_KEY_PREFIX,
  isAdmin,
  isShareToken,
  ORG_ROLES,
  toOrgRole,
  ROLES,
  type ErrorKey,
  type Role,
} from '@candid/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { AppConfig } from '../config';
import { AppError } from '../lib/app-error';
import { isApiKeyRoute } from './api-key-routes';
import type { Db } from '../db/client';
import {
  ANONYMOUS,
  apiKeyActor,
  authorize,
  isStaff,
  staffActor,
  type ActingUser,
  type Actor,
  type CandidateScope,
  type GuestLink,
} from '../policies';

/**
 * Lifetime of an access token. Logout ends it at once anyway (its `sid` must name a live
 * session, see docs/security.md); the short life bounds what a stolen token is worth.
 */
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
  interface FastifyContextConfig {
    /**
     * A change (any method but GET and HEAD) a reviewer may make: their own profile, password
     * and e-mail checks, logging out, ratings and notes. Every other change refuses reviewers
     * (policies `backoffice.change`) before the body is read.
     */
    openToReviewers?: boolean;
  }
  interface FastifyInstance {
    tokens: TokenSigner;
    signAccessToken(user: AuthUser): Promise<string>;
    /**
     * Whether the login session an access token names (its `sid`) is still live; for callers
     * that verify a token outside a request, e.g. a realtime socket's handshake.
     */
    isSessionLive(sessionId: unknown): Promise<boolean>;
    /** Policy hook: 401 LOGIN_REQUIRED_ERR without a token, INVALID_TOKEN_ERR for a bad one. */
    requireUser(request: FastifyRequest): Promise<void>;
    /** Policy hook: requireUser, then 403 FORBIDDEN_ERR unless the user is an admin. */
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** Who is calling (set once, by this plugin); ask `policies/` what they may do. */
    actor: Actor;
    /** The claims of a valid access token of an existing user; null otherwise. */
    user: AuthUser | null;
    /** Why a bearer token that was sent was refused (null when none was sent or it was valid). */
    authError: ErrorKey | null;
  }
}

function audienceOf(typ: TokenType): string {
  return `candid:${typ}`;
}

function createTokenSigner(jwtSecret: string, now: () => Date): TokenSigner {
  // A key of its own, so that JWTs and signed storage URLs never share a MAC key. Imported
  // once as a KeyObject: given raw bytes, jose imports a WebCrypto key on every call.
  const key = createSecretKey(createHmac('sha256', jwtSecret).update('candid/jwt').digest());
  // Every request of a signed-in user carries the same token for its 15 minutes: checking its
  // HMAC once per process is enough (the check costs more than the list query it guards).
  const verified = new LRUCache<string, JWTPayload>({ max: 10_000 });
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
      // A token verified before is taken from the cache (keyed by the whole token and its
      // type, so only the same signed bytes hit), its expiry checked again against now.
      const cacheKey = `${typ}:${token}`;
      const cached = verified.get(cacheKey);
      if (cached) {
        if (typeof cached.exp === 'number' && cached.exp > now().getTime() / 1000) return cached;
        verified.delete(cacheKey);
        throw new AppError('INVALID_TOKEN_ERR');
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: audienceOf(typ),
          currentDate: now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (payload.typ !== typ) throw new Error('wrong token type');
        verified.set(cacheKey, payload);
        return payload;
      } catch {
        throw new AppError('INVALID_TOKEN_ERR');
      }
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

function toCandidateScope(payload: JWTPayload): CandidateScope | null {
  const { sub, job, org } = payload;
  if (typeof sub !== 'string' || typeof job !== 'string' || typeof org !== 'string') return null;
  return { applicantId: sub, jobId: job, orgId: org };
}

/** The stored user the auth plugin needs; the users module (its owner) reads it. */
export interface StoredUser {
  id: string;
  orgId: string;
  role: string;
  orgRole: string;
  perm: number;
  advancedPrm: Record<string, boolean> | null;
  /** A reviewer's jobs (see {@link AuthPluginOptions.findAssignedJobIds}); else absent. */
  assignedJobIds?: ReadonlySet<string>;
}

/** An organisation API key as the auth plugin needs it; the integrations module reads it. */
export interface StoredApiKey {
  id: string;
  orgId: string;
  scope: 'read' | 'write';
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  /** The owner who made the key (the key acts as them). */
  owner: StoredUser | null;
}

export interface AuthPluginOptions {
  config: AppConfig;
  /** The users module's lookup by id (null for a malformed or unknown id). */
  findUser(db: Db, id: string): Promise<StoredUser | null>;
  /**
   * The jobs module's list of the jobs a reviewer is assigned to, read on each of a reviewer's
   * requests (and an admin's viewing as one), so an assignment or its removal counts at once.
   */
  findAssignedJobIds(db: Db, userId: string): Promise<ReadonlySet<string>>;
  /** The integrations module's lookup of a whole `cnd_…` key (null when no key matches). */
  findApiKey(db: Db, key: string): Promise<StoredApiKey | null>;
  /** Records that a key was used now. */
  touchApiKey(db: Db, id: string, now: Date): Promise<void>;
  /**
   * The auth module's check that a login session (refresh-token family) is still live: not
   * logged out, not ended by a password change or a reused refresh token.
   */
  isSessionLive(db: Db, sessionId: string): Promise<boolean>;
  /**
   * The sharing module's lookup of a whole share token: the link, revoked or expired
   * ones too (the policies say which), or null when no link has that token.
   */
  findShareLink(db: Db, token: string): Promise<GuestLink | null>;
}

/** `last_used_at` is written at most this often per key and process (a write per call is waste). */
export const API_KEY_TOUCH_INTERVAL_MS = 60_000;

/** A user row as the policies see it: role and plan as stored now. */
function toActingUser(row: StoredUser): ActingUser {
  return {
    id: row.id,
    orgId: row.orgId,
    role: isAdmin(row) ? ROLES.ADMIN : ROLES.USER,
    orgRole: toOrgRole(row.orgRole),
    assignedJobIds: row.assignedJobIds ?? null,
    perm: row.perm,
    advancedPrm: row.advancedPrm,
  };
}

/** Whether a zod schema (object, or wrapped in effects) has a `viewAsId` field. */
function declaresViewAs(schema: unknown): boolean {
  let current = schema as { shape?: Record<string, unknown>; _def?: { schema?: unknown } } | null;
  for (let depth = 0; current && depth < 4; depth++) {
    if (current.shape && typeof current.shape === 'object') return 'viewAsId' in current.shape;
    current = (current._def?.schema ?? null) as typeof current;
  }
  return false;
}

/** The `viewAsId` a request names in its params, query or body (raw, before validation). */
function viewAsIdOf(request: FastifyRequest): string | undefined {
  const schema = request.routeOptions.schema as Record<string, unknown> | undefined;
  if (!schema) return undefined;
  const sources: Array<[unknown, unknown]> = [
    [schema.params, request.params],
    [schema.querystring, request.query],
    [schema.body, request.body],
  ];
  for (const [declared, values] of sources) {
    if (!declaresViewAs(declared) || !values || typeof values !== 'object') continue;
    const raw = (values as Record<string, unknown>).viewAsId;
    if (typeof raw === 'string' && raw.trim()) return raw.trim();
  }
  return undefined;
}

/**
 * The share token a guest's route names in its path (`shareToken`), when the route
 * declares one and it has a token's shape; anything else is no token at all.
 */
function shareTokenOf(request: FastifyRequest): string | null {
  const schema = request.routeOptions.schema as { params?: unknown } | undefined;
  if (!schema?.params) return null;
  const shape = (schema.params as { shape?: Record<string, unknown> }).shape;
  if (!shape || !('shareToken' in shape)) return null;
  const raw = (request.params as Record<string, unknown> | undefined)?.shareToken;
  return isShareToken(raw) ? raw : null;
}

/**
 * Whether the matched route's schema requires a caller (OpenAPI `security`): some requirement,
 * and none of them the empty one, which in OpenAPI makes authentication optional.
 */
function declaresSecurity(request: FastifyRequest): boolean {
  const schema = request.routeOptions.schema as { security?: object[] } | undefined;
  const security = schema?.security;
  return (
    Array.isArray(security) &&
    security.length > 0 &&
    security.every((requirement) => Object.keys(requirement).length > 0)
  );
}

/**
 * Who is calling, decided once per request: `request.actor` (see `policies/actor.ts`).
 * On a route whose path declares `shareToken` (a hiring manager's share link), a
 * well-formed token names the caller: a guest actor of that link (the policies refuse it once
 * revoked or expired), or anonymous with INVALID_TOKEN_ERR when no link has that token.
 *
 * - onRequest: a recruiter's access token gives a staff actor whose role and plan are read from
 *   the users table (a demotion or plan change counts at once; a deleted user's token, or one
 *   whose session was logged out or ended, is refused); a candidate token gives a candidate
 *   actor scoped to one applicant and job; an organisation API key (`cnd_…`) gives a staff
 *   actor of its owner marked with the key (a revoked key is refused at once); anything else
 *   is anonymous, with the reason a sent token was refused.
 * - preValidation: on a route that declares `viewAsId` (params, query or body), an admin acts
 *   for that user ("view as"): NOT_FOUND_ERR when it names no user. Anyone else naming a user
 *   other than themselves gets 403 VIEW_AS_FORBIDDEN_ERR and nothing happens.
 *
 * Routes never decide who may do what: they ask `policies/` (`authorize`, `can`, `staffOf`).
 * `app.requireUser` and `app.requireAdmin` are the two policy checks routes use as hooks.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: AuthPluginOptions) => {
  /** The user, and a reviewer's assigned jobs with them. */
  async function findUserById(db: Db, id: string): Promise<StoredUser | null> {
    const row = await opts.findUser(db, id);
    if (!row || toOrgRole(row.orgRole) !== ORG_ROLES.REVIEWER) return row;
    return { ...row, assignedJobIds: await opts.findAssignedJobIds(db, row.id) };
  }
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
  app.decorate('isSessionLive', async (sessionId: unknown) =>
    typeof sessionId === 'string' && UUID.test(sessionId)
      ? opts.isSessionLive(app.db, sessionId)
      : false,
  );
  app.decorateRequest('user', null);
  app.decorateRequest('authError', null);
  app.decorateRequest('actor', null as never);

  // When this process last wrote each key's last use.
  const touchedAt = new LRUCache<string, number>({ max: 10_000 });

  /** The actor of an organisation API key: valid, not revoked, its owner still in the org. */
  async function resolveApiKey(request: FastifyRequest, token: string): Promise<void> {
    const key = await opts.findApiKey(app.db, token);
    const owner = key?.owner ?? null;
    if (!key || key.revokedAt || !owner || owner.orgId !== key.orgId) {
      request.authError = 'INVALID_TOKEN_ERR';
      request.actor = { kind: 'anonymous', authError: 'INVALID_TOKEN_ERR' };
      return;
    }
    request.actor = apiKeyActor(toActingUser(owner), { id: key.id, scope: key.scope });
    const now = app.now();
    const last = Math.max(touchedAt.get(key.id) ?? 0, key.lastUsedAt?.getTime() ?? 0);
    if (now.getTime() - last >= API_KEY_TOUCH_INTERVAL_MS) {
      touchedAt.set(key.id, now.getTime());
      await opts.touchApiKey(app.db, key.id, now).catch((error: unknown) => {
        request.log.warn({ err: error }, 'api key last use not recorded');
      });
    }
  }

  app.addHook('onRequest', async (request) => {
    await resolveActor(request);
    // An API key reaches only its routes, and a read-only key only GET and HEAD.
    if (isStaff(request.actor) && request.actor.apiKey) {
      const schema = request.routeOptions.schema as { tags?: string[] } | undefined;
      authorize(request.actor, 'api.request', {
        method: request.method,
        keyRoute: isApiKeyRoute(request.routeOptions.url ?? request.url, schema?.tags),
      });
    }
    // A guest's route: the share token in its path is who is calling.
    const shareToken = shareTokenOf(request);
    if (shareToken) {
      const link = await opts.findShareLink(app.db, shareToken);
      request.actor = link
        ? { kind: 'guest', link }
        : { kind: 'anonymous', authError: 'INVALID_TOKEN_ERR' };
    }
    // Authentication before validation: a route that declares a security requirement refuses
    // an anonymous caller here, before its body or query is read, so the answer is 401 (with
    // the reason a sent token was refused) and never a 400 that describes the input.
    if (request.actor.kind === 'anonymous' && declaresSecurity(request)) {
      throw new AppError(request.actor.authError ?? 'LOGIN_REQUIRED_ERR');
    }
  });

  async function resolveActor(request: FastifyRequest): Promise<void> {
    request.actor = ANONYMOUS;
    const token = readBearer(request);
    if (token === null) return;
    if (token.startsWith(API_KEY_PREFIX)) return resolveApiKey(request, token);
    const access = await tokens.verify(token, 'access').catch(() => null);
    if (!access) {
      request.authError = 'INVALID_TOKEN_ERR';
      const candidate = await tokens.verify(token, 'candidate').catch(() => null);
      const scope = candidate ? toCandidateScope(candidate) : null;
      request.actor = scope
        ? { kind: 'candidate', scope }
        : { kind: 'anonymous', authError: 'INVALID_TOKEN_ERR' };
      return;
    }
    const user = toAuthUser(access);
    // Every access token names its session, and the session must still be live: that is
    // what makes logout (on any process) end the token before it expires. Both lookups are
    // by primary key or index, run side by side.
    const [row, isLive] =
      user?.sessionId && UUID.test(user.sessionId)
        ? await Promise.all([
            findUserById(app.db, user.id),
            opts.isSessionLive(app.db, user.sessionId),
          ])
        : [null, false];
    if (!user || !row || !isLive) {
      request.authError = 'INVALID_TOKEN_ERR';
      request.actor = { kind: 'anonymous', authError: 'INVALID_TOKEN_ERR' };
      return;
    }
    request.user = user;
    request.actor = staffActor(toActingUser(row), null, user.sessionId);
  }

  app.addHook('preValidation', async (request) => {
    const actor = request.actor;
    if (!actor || !isStaff(actor)) return;
    const viewAsId = viewAsIdOf(request);
    if (!viewAsId || viewAsId === actor.user.id) return;
    // Anyone else naming another user (an API key included) is refused before anything is
    // read or changed: acting on their own data instead would answer a question not asked.
    if (actor.kind !== 'admin' || actor.apiKey) throw new AppError('VIEW_AS_FORBIDDEN_ERR');
    const target = await findUserById(app.db, viewAsId);
    if (!target) throw new AppError('NOT_FOUND_ERR');
    request.actor = staffActor(actor.user, toActingUser(target), actor.sessionId);
  });

  // Registered after the view-as hook, so an admin viewing as a reviewer is judged as one.
  app.addHook('preValidation', async (request) => {
    const actor = request.actor;
    if (!actor || !isStaff(actor) || request.method === 'GET' || request.method === 'HEAD') return;
    authorize(actor, 'backoffice.change', {
      openToReviewers: request.routeOptions.config?.openToReviewers === true,
    });
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    authorize(request.actor, 'backoffice.use');
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    authorize(request.actor, 'admin.use');
  });
});
