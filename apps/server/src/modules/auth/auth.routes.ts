import {
  authConfigResponseSchema,
  emptyReplySchema,
  getDefaultLanguage,
  googleLoginBodySchema,
  loginBodySchema,
  loginOtpInputSchema,
  logoutBodySchema,
  refreshTokenBodySchema,
  resetPasswordBodySchema,
  sendCodeBodySchema,
  sessionResponseSchema,
  setPasswordBodySchema,
  signupBodySchema,
  tokenPairSchema,
  verifyCodeBodySchema,
  verifyCodeResponseSchema,
  verifyEmailBodySchema,
} from '@candid/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import { AppError } from '../../lib/app-error';
import { isStaff, staffOf } from '../../policies';
import { recordActivity } from '../activities/activities.service';
import { findUserById } from '../users/users.service';
import { toUserDto } from '../users/users.presenter';
import { authRateLimit, type AuthRateLimitName } from './auth.rate-limits';
import { createAuthService, type ClientInfo } from './auth.service';
import {
  createLoginLimits,
  LOGIN_LIMITS,
  memoryFailureCounters,
  redisFailureCounters,
} from './login-limits';

const TAGS = ['auth'];
const BEARER = [{ bearerAuth: [] }];

function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return {
    userAgent: typeof userAgent === 'string' ? userAgent : undefined,
    // A new account without a chosen language gets the browser's (Hebrew or English).
    language: getDefaultLanguage(request.headers['accept-language']),
  };
}

/**
 * Auth: signup, logins, codes, email verification, password reset and sessions.
 * Calls that send a code to an email answer at once and the same way whether or not the
 * account exists; the lookup and the mail happen after the answer.
 */
export async function authRoutes(app: FastifyInstance, opts: { config: AppConfig }) {
  const { config } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const auth = createAuthService({
    db: app.db,
    mailer: app.mailer,
    now: () => app.now(),
    log: app.log,
    signAccessToken: (user) => app.signAccessToken(user),
    config,
  });
  const limit = (name: AuthRateLimitName) => authRateLimit(app, config, name);
  // AUTH_RATE_LIMIT_PER_ACCOUNT and AUTH_RATE_LIMIT_PER_IP override the login numbers too.
  const perAccount = config.authRateLimit.perAccountMax;
  const loginLimits = createLoginLimits({
    counters: app.rateLimitRedis
      ? redisFailureCounters(app.rateLimitRedis)
      : memoryFailureCounters(() => app.now()),
    settings: {
      perAccountAndIp: perAccount ?? LOGIN_LIMITS.perAccountAndIp,
      perIp: config.authRateLimit.perIpMax ?? LOGIN_LIMITS.perIp,
      accountSlowdownAfter: perAccount ?? LOGIN_LIMITS.accountSlowdownAfter,
    },
    log: app.log,
  });

  const background = new Set<Promise<void>>();
  const runInBackground = (request: FastifyRequest, task: () => Promise<void>) => {
    const running = task()
      .catch((error: unknown) => request.log.error({ err: error }, 'background auth task failed'))
      .finally(() => background.delete(running));
    background.add(running);
  };
  // A closing app lets codes already promised finish being sent.
  app.addHook('preClose', async () => {
    await Promise.allSettled([...background]);
  });

  api.get(
    '/auth/config',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign-in options for the login page (the Google client id when configured)',
        response: { 200: authConfigResponseSchema },
      },
    },
    async () => ({ googleClientId: auth.googleClientId }),
  );

  api.post(
    '/auth/signup',
    {
      schema: {
        tags: TAGS,
        summary:
          'Sign up: creates an organisation and its first user, sends the verification email',
        body: signupBodySchema,
        response: { 201: sessionResponseSchema },
      },
      preHandler: limit('signup'),
    },
    async (request, reply) => {
      const session = await auth.signup(request.body, clientOf(request));
      return reply.status(201).send(session);
    },
  );

  api.post(
    '/auth/login',
    {
      schema: {
        tags: TAGS,
        summary:
          'Log in with email and password. Failures are limited per account and address and per address (429 with Retry-After); many failures to one account slow its logins down, never refuse them',
        body: loginBodySchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      const admission = await loginLimits.admit(request.body.email ?? '', request.ip);
      if ('retryAfterSec' in admission) {
        reply.header('retry-after', admission.retryAfterSec);
        throw new AppError('RATE_LIMITED_ERR');
      }
      const { attempt } = admission;
      try {
        const session = await auth.login(request.body, clientOf(request));
        await attempt.succeed();
        return session;
      } catch (error) {
        if (error instanceof AppError && error.key === 'INVALID_CREDENTIALS_ERR') {
          await attempt.fail();
        } else {
          await attempt.cancel();
        }
        throw error;
      }
    },
  );

  api.post(
    '/auth/login-google',
    {
      schema: {
        tags: TAGS,
        summary: 'Log in (or sign up) with a Google ID token; 404 when Google sign-in is off',
        body: googleLoginBodySchema,
        response: { 200: sessionResponseSchema },
      },
      preHandler: limit('loginGoogle'),
    },
    async (request) => auth.loginWithGoogle(request.body, clientOf(request)),
  );

  api.post(
    '/auth/send-otp',
    {
      schema: {
        tags: TAGS,
        summary: 'Forgot password, "send OTP": emails a one-time login code if the account exists',
        body: sendCodeBodySchema,
        response: { 200: emptyReplySchema },
      },
      preHandler: limit('sendOtp'),
    },
    async (request) => {
      const { email } = request.body;
      runInBackground(request, () => auth.sendLoginCode(email));
      return {};
    },
  );

  api.post(
    '/auth/login-otp',
    {
      schema: {
        tags: TAGS,
        summary: 'Log in with the emailed one-time code',
        body: loginOtpInputSchema,
        response: { 200: sessionResponseSchema },
      },
      preHandler: limit('loginOtp'),
    },
    async (request) =>
      auth.loginWithCode(request.body.email, request.body.enteredCode, clientOf(request)),
  );

  api.post(
    '/auth/reset-password',
    {
      schema: {
        tags: TAGS,
        summary: 'Forgot password, "reset my password": emails a reset code if the account exists',
        body: sendCodeBodySchema,
        response: { 200: emptyReplySchema },
      },
      preHandler: limit('resetPassword'),
    },
    async (request) => {
      const { email } = request.body;
      runInBackground(request, () => auth.sendResetCode(email));
      return {};
    },
  );

  api.put(
    '/auth/verify-code',
    {
      schema: {
        tags: TAGS,
        summary:
          'Check a code: with email, the reset code (not used up); logged in, the email-verification code',
        body: verifyCodeBodySchema,
        response: { 200: verifyCodeResponseSchema },
        // Optional (OpenAPI's empty requirement): the reset code is checked with no login.
        security: [...BEARER, {}],
      },
      // A reviewer may call it (see docs/features.md, "Team and roles").
      config: { openToReviewers: true },
      preHandler: limit('verifyCode'),
    },
    async (request) => {
      const { email, enteredCode } = request.body;
      if (email) {
        await auth.checkResetCode(email, enteredCode);
        return { isVerified: true };
      }
      await app.requireUser(request);
      const row = await auth.verifyEmailWithCode(staffOf(request).user.id, enteredCode);
      return { isVerified: true, user: toUserDto(row) };
    },
  );

  api.put(
    '/auth/change-password',
    {
      schema: {
        tags: TAGS,
        summary: 'Forgot password, last step: set a new password with the reset code',
        body: resetPasswordBodySchema,
        response: { 200: emptyReplySchema },
      },
      preHandler: limit('changePassword'),
    },
    async (request) => {
      const { email, code, password } = request.body;
      await auth.resetPassword(email, code, password);
      return {};
    },
  );

  api.put(
    '/auth/verify-email',
    {
      schema: {
        tags: TAGS,
        summary: 'Open the verification link: verifies the email and logs in',
        body: verifyEmailBodySchema,
        response: { 200: sessionResponseSchema },
      },
      preHandler: limit('verifyEmail'),
    },
    async (request) => auth.verifyEmailWithLink(request.body.code, clientOf(request)),
  );

  api.put(
    '/auth/set-password',
    {
      schema: {
        tags: TAGS,
        summary:
          "Open a new member's set-password link: sets the password, verifies the email and logs in",
        body: setPasswordBodySchema,
        response: { 200: sessionResponseSchema },
      },
      preHandler: limit('verifyEmail'),
    },
    async (request) =>
      auth.setPasswordWithLink(request.body.token, request.body.password, clientOf(request)),
  );

  api.post(
    '/auth/send-verify-email',
    {
      schema: {
        tags: TAGS,
        summary: 'Send the verification email (link and code) again',
        response: { 200: emptyReplySchema },
        security: BEARER,
      },
      // A reviewer may call it (see docs/features.md, "Team and roles").
      config: { openToReviewers: true },
      onRequest: app.requireUser,
      preHandler: limit('sendVerifyEmail'),
    },
    async (request) => {
      const row = await findUserById(app.db, staffOf(request).user.id);
      if (!row) throw new AppError('INVALID_TOKEN_ERR');
      await auth.sendVerification(row, 'link');
      return {};
    },
  );

  api.post(
    '/auth/token',
    {
      schema: {
        tags: TAGS,
        summary:
          'Exchange the refresh token for new tokens (rotation; a reused token ends the session)',
        body: refreshTokenBodySchema,
        response: { 200: tokenPairSchema },
      },
    },
    async (request) => auth.refresh(request.body.refreshToken, clientOf(request)),
  );

  api.post(
    '/auth/logout',
    {
      schema: {
        tags: TAGS,
        summary:
          'Log out: ends the session of the given refresh token and of the access token sent with the call; its access tokens stop working at once',
        body: logoutBodySchema.nullish(),
        response: { 200: emptyReplySchema },
      },
      // Anyone logs out, a reviewer too.
      config: { openToReviewers: true },
    },
    async (request) => {
      // Who logged out, when the call says (the web app sends its access token with it).
      const actor = request.actor;
      const sessionId = isStaff(actor) && !actor.apiKey ? actor.sessionId : undefined;
      await auth.logout(request.body?.refreshToken, sessionId);
      if (isStaff(actor)) {
        await recordActivity(app.db, {
          type: 'logout',
          target: 'user',
          userId: actor.user.id,
          orgId: actor.user.orgId,
          date: app.now(),
        });
      }
      return {};
    },
  );
}
