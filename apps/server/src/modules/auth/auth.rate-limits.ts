import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { AppError } from '../../lib/app-error';

/** Every sign-in limit counts over the same window. */
export const AUTH_RATE_LIMIT_WINDOW_MS = 15 * 60 * 1000;

interface AuthRateLimit {
  /** Requests per client IP per window. */
  perIp: number;
  /** Requests per account (email, or the logged-in user) per window; null: none. */
  perAccount: number | null;
}

/**
 * The sign-in routes' limits, per 15 minutes, on top of the global per-IP limit (the password
 * login counts failures instead: login-limits.ts). Sending a
 * code or an email is limited harder than entering one; code entry allows two codes' worth
 * of tries, since a code dies after 5 wrong ones anyway. AUTH_RATE_LIMIT_PER_IP and
 * AUTH_RATE_LIMIT_PER_ACCOUNT override the numbers for every route (tests, load tests).
 */
export const AUTH_RATE_LIMITS = {
  signup: { perIp: 10, perAccount: 5 },
  loginGoogle: { perIp: 20, perAccount: null },
  sendOtp: { perIp: 20, perAccount: 5 },
  loginOtp: { perIp: 20, perAccount: 10 },
  resetPassword: { perIp: 20, perAccount: 5 },
  verifyCode: { perIp: 20, perAccount: 10 },
  changePassword: { perIp: 20, perAccount: 10 },
  verifyEmail: { perIp: 20, perAccount: null },
  sendVerifyEmail: { perIp: 20, perAccount: 5 },
  userPassword: { perIp: 20, perAccount: 10 },
} as const satisfies Record<string, AuthRateLimit>;

export type AuthRateLimitName = keyof typeof AUTH_RATE_LIMITS;

/** The account a request counts against: the body's email, lower-cased, else the logged-in user. */
export function accountOf(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | null | undefined;
  if (body && typeof body.email === 'string' && body.email.trim() !== '') {
    return `email:${body.email.trim().toLowerCase()}`;
  }
  return request.user ? `user:${request.user.id}` : null;
}

type LimitCheck = ReturnType<FastifyInstance['createRateLimit']>;

async function enforce(
  check: LimitCheck,
  request: FastifyRequest,
  reply: { header(name: string, value: number): unknown },
) {
  const result = await check(request);
  if (result.isAllowed || !result.isExceeded) return;
  reply.header('retry-after', result.ttlInSeconds);
  throw new AppError('RATE_LIMITED_ERR');
}

type RateLimitPreHandler = (
  request: FastifyRequest,
  reply: { header(name: string, value: number): unknown },
) => Promise<void>;

/** The limiters of each app, by name: routes sharing a name share one budget. */
const limitersByApp = new WeakMap<
  FastifyInstance['createRateLimit'],
  Map<AuthRateLimitName, { byIp: LimitCheck; byAccount: LimitCheck | null }>
>();

function limitersOf(app: FastifyInstance, config: AppConfig, name: AuthRateLimitName) {
  let limiters = limitersByApp.get(app.createRateLimit);
  if (!limiters) {
    limiters = new Map();
    limitersByApp.set(app.createRateLimit, limiters);
  }
  let pair = limiters.get(name);
  if (!pair) {
    const limit: AuthRateLimit = AUTH_RATE_LIMITS[name];
    const byIp = app.createRateLimit({
      max: config.authRateLimit.perIpMax ?? limit.perIp,
      timeWindow: AUTH_RATE_LIMIT_WINDOW_MS,
      keyGenerator: (request) => `auth:${name}:ip:${normalizeIP(request.ip)}`,
    });
    const byAccount =
      limit.perAccount === null
        ? null
        : app.createRateLimit({
            max: config.authRateLimit.perAccountMax ?? limit.perAccount,
            timeWindow: AUTH_RATE_LIMIT_WINDOW_MS,
            // The preHandler works the account out and leaves it in accountKeys for this.
            keyGenerator: (request) => `auth:${name}:account:${accountKeys.get(request) ?? ''}`,
          });
    pair = { byIp, byAccount };
    limiters.set(name, pair);
  }
  return pair;
}

/** The account key of a request being limited, handed from the preHandler to the key generator. */
const accountKeys = new WeakMap<FastifyRequest, string>();

/**
 * A preHandler enforcing the named limit per IP and per account, answering 429
 * RATE_LIMITED_ERR (with Retry-After) through the global error handler. It runs after body
 * validation, so the account is known: by default the body's email or the logged-in user;
 * `account` names another (e.g. the user a call acts on). Routes using the same name share
 * one budget. Counters live in the rate-limit plugin's store (Redis when REDIS_URL is set),
 * whose namespace is shared, hence the name in every key.
 */
export function authRateLimit(
  app: FastifyInstance,
  config: AppConfig,
  name: AuthRateLimitName,
  account: (request: FastifyRequest) => string | null = accountOf,
): RateLimitPreHandler {
  const { byIp, byAccount } = limitersOf(app, config, name);
  return async (request, reply) => {
    await enforce(byIp, request, reply);
    const key = account(request);
    if (!byAccount || !key) return;
    accountKeys.set(request, key);
    await enforce(byAccount, request, reply);
  };
}
