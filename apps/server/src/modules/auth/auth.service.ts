import {
  DEFAULT_PLAN,
  emailSchema,
  ROLES,
  type GoogleLoginBody,
  type Language,
  type LoginBody,
  type SessionResponse,
  type SignupBody,
  type TokenPair,
} from '@candid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../mail/mailer';
import type { AuthUser } from '../../plugins/auth';
import { recordActivity } from '../activities/activities.service';
import {
  createUser,
  findUserByEmail,
  findUserByGoogleSub,
  findUserById,
  updateUser,
  type UserRow,
} from '../users/users.service';
import { toAuthUser, toUserDto } from '../users/users.presenter';
import { loginCodeEmail, resetCodeEmail, verificationEmail, type AuthEmail } from './auth.emails';
import { createGoogleVerifier, type GoogleTokenVerifier } from './google';
import { createOneTimeCodes } from './one-time-codes.service';
import { hashPassword, verifyPassword } from './passwords';
import { createRefreshTokens } from './refresh-tokens.service';

export interface AuthServiceDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  log: FastifyBaseLogger;
  signAccessToken: (user: AuthUser) => Promise<string>;
  config: Pick<AppConfig, 'jwtSecret' | 'publicUrl' | 'google'>;
}

/** Who is asking, for the session record. */
export interface ClientInfo {
  userAgent?: string;
  /** The browser's language, for a new account that names none. */
  language?: Language;
}

type LoginMethod = 'password' | 'google' | 'otp' | 'email_link' | 'password_link' | 'signup';

function languageOf(row: UserRow): Language {
  return row.language === 'he' ? 'he' : 'en';
}

/**
 * The account flows of the product "Auth flows": signup, the logins (password, Google, OTP,
 * verification link), email verification, password reset, sessions (rotating refresh
 * tokens) and the emails they send.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, now, log } = deps;
  const codes = createOneTimeCodes({ db, jwtSecret: deps.config.jwtSecret, now });
  const refreshTokens = createRefreshTokens({ db, now });
  const googleClientId = deps.config.google.clientId ?? null;
  const verifyGoogleToken: GoogleTokenVerifier | null = googleClientId
    ? createGoogleVerifier({ clientId: googleClientId, jwksUrl: deps.config.google.jwksUrl, now })
    : null;

  async function send(row: UserRow, email: AuthEmail): Promise<void> {
    await deps.mailer.send({ to: row.email, ...email });
  }

  /** Sends, but a mail failure does not undo the call that sent it (the user can resend). */
  async function sendQuietly(row: UserRow, email: AuthEmail): Promise<void> {
    try {
      await send(row, email);
    } catch (error) {
      log.error({ err: error, userId: row.id }, 'could not send an auth email');
    }
  }

  /** Starts a session: a refresh token in a new family and an access token naming it. */
  async function startSession(
    row: UserRow,
    client: ClientInfo,
    method: LoginMethod,
  ): Promise<SessionResponse> {
    const { token, familyId } = await refreshTokens.issue(row.id, { userAgent: client.userAgent });
    const accessToken = await deps.signAccessToken({ ...toAuthUser(row), sessionId: familyId });
    if (method !== 'signup') {
      await recordActivity(db, {
        type: 'login',
        target: 'user',
        userId: row.id,
        orgId: row.orgId,
        meta: { method },
        date: now(),
      });
    }
    return { accessToken, refreshToken: token, user: toUserDto(row) };
  }

  async function markLoggedIn(row: UserRow, extra: { emailVerified?: true } = {}) {
    return updateUser(db, row.id, { lastLogin: now(), ...extra }, now());
  }

  /**
   * Sends the verification email: a link (`/verify-email?token=…`) and a code, or with
   * `mode: 'code'` only a code. Every earlier link or code of the user dies.
   */
  async function sendVerification(row: UserRow, mode: 'link' | 'code'): Promise<void> {
    if (row.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED_ERR');
    const code = await codes.issueCode(row.id, 'verify_email');
    let link: string | undefined;
    if (mode === 'link') {
      const token = await codes.issueLinkToken(row.id);
      link = `${deps.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    }
    await send(row, verificationEmail({ lang: languageOf(row), fName: row.fName, link, code }));
  }

  async function recordPasswordChange(row: UserRow, actorId: string, how: string) {
    await recordActivity(db, {
      type: 'update',
      target: 'User Password',
      userId: actorId,
      orgId: row.orgId,
      desc: `${`${row.fName} ${row.lName}`.trim()} <${row.email}>`,
      meta: { userId: row.id, how },
      date: now(),
    });
  }

  return {
    googleClientId,

    async signup(body: SignupBody, client: ClientInfo): Promise<SessionResponse> {
      if (await findUserByEmail(db, body.email)) throw new AppError('EMAIL_TAKEN_ERR');
      const created = await createUser(db, {
        fName: body.fName,
        lName: body.lName,
        email: body.email,
        passwordHash: await hashPassword(body.password),
        role: ROLES.USER,
        perm: DEFAULT_PLAN,
        advancedPrm: {},
        emailVerified: false,
        language: body.lang ?? client.language ?? 'en',
        companyName: body.companyName ?? '',
      });
      const row = await markLoggedIn(created);
      await recordActivity(db, {
        type: 'signup',
        target: 'user',
        userId: row.id,
        orgId: row.orgId,
        date: now(),
      });
      await sendVerification(row, 'link').catch((error: unknown) => {
        log.error({ err: error, userId: row.id }, 'could not send the verification email');
      });
      return startSession(row, client, 'signup');
    },

    /**
     * Password login. A wrong email and a wrong password get the same answer, in the same
     * time (see verifyPassword).
     */
    async login(body: LoginBody, client: ClientInfo): Promise<SessionResponse> {
      const email = body.email?.trim() ?? '';
      const password = body.password ?? '';
      if (!email || !password) throw new AppError('EMAIL_PASSWORD_MISSING_ERR');
      const parsed = emailSchema.safeParse(email);
      const row = parsed.success ? await findUserByEmail(db, parsed.data) : null;
      const isValid = await verifyPassword(row?.passwordHash ?? null, password);
      if (!row || !isValid) throw new AppError('INVALID_CREDENTIALS_ERR');
      return startSession(await markLoggedIn(row), client, 'password');
    },

    /**
     * Google sign-in: the account with this Google id, else the account with this (verified)
     * email, which gets linked, else a new account and organisation.
     */
    async loginWithGoogle(body: GoogleLoginBody, client: ClientInfo): Promise<SessionResponse> {
      if (!verifyGoogleToken) throw new AppError('NOT_FOUND_ERR');
      const identity = await verifyGoogleToken(body.idToken);
      let row = await findUserByGoogleSub(db, identity.sub);
      if (!row) {
        const byEmail = await findUserByEmail(db, identity.email);
        if (byEmail) {
          // An account already tied to another Google identity is not taken over.
          if (byEmail.googleSub && byEmail.googleSub !== identity.sub) {
            throw new AppError('INVALID_PROVIDER_TOKEN_ERR');
          }
          row = await updateUser(
            db,
            byEmail.id,
            { googleSub: identity.sub, emailVerified: true },
            now(),
          );
        }
      }
      if (!row) {
        const localPart = identity.email.split('@')[0] ?? '';
        row = await createUser(db, {
          fName: identity.givenName || localPart,
          lName: identity.familyName,
          email: identity.email,
          passwordHash: null,
          googleSub: identity.sub,
          role: ROLES.USER,
          perm: DEFAULT_PLAN,
          advancedPrm: {},
          emailVerified: true,
          language: body.lang ?? client.language ?? 'en',
          imgUrl: identity.picture,
        });
        await recordActivity(db, {
          type: 'signup',
          target: 'user',
          userId: row.id,
          orgId: row.orgId,
          meta: { method: 'google' },
          date: now(),
        });
      }
      return startSession(await markLoggedIn(row), client, 'google');
    },

    /** Forgot password, "send OTP": mails a login code when the account exists; silent otherwise. */
    async sendLoginCode(email: string): Promise<void> {
      const row = await findUserByEmail(db, email);
      if (!row) return;
      const code = await codes.issueCode(row.id, 'login_otp');
      await sendQuietly(row, loginCodeEmail({ lang: languageOf(row), fName: row.fName, code }));
    },

    /** Logs in with a login code; entering it also proves the email address. */
    async loginWithCode(email: string, code: string, client: ClientInfo): Promise<SessionResponse> {
      const row = await findUserByEmail(db, email);
      if (!row || !(await codes.checkCode(row.id, 'login_otp', code, { consume: true }))) {
        throw new AppError('INVALID_CODE_ERR');
      }
      return startSession(await markLoggedIn(row, { emailVerified: true }), client, 'otp');
    },

    /** Forgot password, "reset my password": mails a reset code when the account exists. */
    async sendResetCode(email: string): Promise<void> {
      const row = await findUserByEmail(db, email);
      if (!row) return;
      const code = await codes.issueCode(row.id, 'reset_password');
      await sendQuietly(row, resetCodeEmail({ lang: languageOf(row), fName: row.fName, code }));
    },

    /** Reset step 1: checks the code without using it up (a wrong one still counts). */
    async checkResetCode(email: string, code: string): Promise<void> {
      const row = await findUserByEmail(db, email);
      if (!row || !(await codes.checkCode(row.id, 'reset_password', code, { consume: false }))) {
        throw new AppError('INVALID_CODE_ERR');
      }
    },

    /** Reset step 2: uses up the code, sets the password and ends every session of the user. */
    async resetPassword(email: string, code: string, password: string): Promise<void> {
      const row = await findUserByEmail(db, email);
      if (!row || !(await codes.checkCode(row.id, 'reset_password', code, { consume: true }))) {
        throw new AppError('INVALID_CODE_ERR');
      }
      await updateUser(
        db,
        row.id,
        { passwordHash: await hashPassword(password), emailVerified: true },
        now(),
      );
      await refreshTokens.revokeAllOfUser(row.id);
      await recordPasswordChange(row, row.id, 'reset_code');
    },

    /** A password set by the user themselves (logged in) or by an admin. */
    async setPassword(actor: AuthUser, row: UserRow, password: string): Promise<void> {
      await updateUser(db, row.id, { passwordHash: await hashPassword(password) }, now());
      // The caller's own session survives a change of their own password; every other ends.
      await refreshTokens.revokeAllOfUser(row.id, {
        exceptFamilyId: actor.id === row.id ? actor.sessionId : undefined,
      });
      await recordPasswordChange(row, actor.id, actor.id === row.id ? 'self' : 'admin');
    },

    sendVerification,

    /**
     * Verifies the user's email with the emailed code; a wrong or used-up code is
     * CONFIRMATION_CODE_MISMATCH_ERR, whose message also says to resend the email.
     */
    async verifyEmailWithCode(userId: string, code: string): Promise<UserRow> {
      const row = await findUserById(db, userId);
      if (!row) throw new AppError('INVALID_TOKEN_ERR');
      if (row.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED_ERR');
      if (!(await codes.checkCode(row.id, 'verify_email', code, { consume: true }))) {
        throw new AppError('CONFIRMATION_CODE_MISMATCH_ERR');
      }
      return updateUser(db, row.id, { emailVerified: true }, now());
    },

    /** Checks a user's verification code; a right one verifies the email. */
    async checkVerificationCode(row: UserRow, code: string): Promise<boolean> {
      if (row.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED_ERR');
      if (!(await codes.checkCode(row.id, 'verify_email', code, { consume: true }))) return false;
      await updateUser(db, row.id, { emailVerified: true }, now());
      return true;
    },

    /** Opening the verification link: verifies the email and logs in (single use, 24 hours). */
    async verifyEmailWithLink(token: string, client: ClientInfo): Promise<SessionResponse> {
      const link = await codes.findLinkToken(token);
      if (!link) throw new AppError('EMAIL_CONFIRMATION_FAILED_ERR');
      const row = await findUserById(db, link.userId);
      if (!row) throw new AppError('EMAIL_CONFIRMATION_FAILED_ERR');
      if (row.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED_ERR');
      if (!link.isLive || !(await codes.consumeLinkToken(link.id))) {
        throw new AppError('EMAIL_CONFIRMATION_FAILED_ERR');
      }
      const verified = await markLoggedIn(row, { emailVerified: true });
      return startSession(verified, client, 'email_link');
    },

    /**
     * A new member's set-password link (`/set-password?token=…`, single use, 7 days); an older
     * unused link of the user dies. No password travels by email and the owner never knows it.
     */
    async issuePasswordLink(row: UserRow): Promise<string> {
      const token = await codes.issueLinkToken(row.id, 'set_password_link');
      return `${deps.config.publicUrl}/set-password?token=${encodeURIComponent(token)}`;
    },

    /**
     * Opening the set-password link: uses it up, sets the password, verifies the email (the
     * link reached the inbox) and logs in. PASSWORD_LINK_INVALID_ERR for an unknown, used or
     * expired link.
     */
    async setPasswordWithLink(
      token: string,
      password: string,
      client: ClientInfo,
    ): Promise<SessionResponse> {
      const link = await codes.findLinkToken(token, 'set_password_link');
      const row = link ? await findUserById(db, link.userId) : null;
      if (!link || !row || !link.isLive || !(await codes.consumeLinkToken(link.id))) {
        throw new AppError('PASSWORD_LINK_INVALID_ERR');
      }
      await updateUser(db, row.id, { passwordHash: await hashPassword(password) }, now());
      await refreshTokens.revokeAllOfUser(row.id);
      await recordPasswordChange(row, row.id, 'invitation_link');
      const ready = await markLoggedIn(row, { emailVerified: true });
      return startSession(ready, client, 'password_link');
    },

    /** `POST auth/token`: the next refresh token of the session and a fresh access token. */
    async refresh(token: string, client: ClientInfo): Promise<TokenPair> {
      const next = await refreshTokens.rotate(token, { userAgent: client.userAgent });
      const row = await findUserById(db, next.userId);
      if (!row) throw new AppError('INVALID_REFRESH_TOKEN_ERR');
      const accessToken = await deps.signAccessToken({
        ...toAuthUser(row),
        sessionId: next.familyId,
      });
      return { accessToken, refreshToken: next.token };
    },

    /**
     * Ends the session of the refresh token and the one the access token names, when given:
     * either ends the access token too, on every process (see docs/security.md).
     */
    async logout(token: string | undefined, sessionId: string | undefined): Promise<void> {
      if (token) await refreshTokens.revokeFamilyOf(token);
      if (sessionId) await refreshTokens.revokeFamily(sessionId);
    },
  };
}
