import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** A refresh token lives 30 days from its issue; every rotation starts a new 30 days. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const USER_AGENT_MAX_CHARS = 300;

export interface IssuedRefreshToken {
  token: string;
  /** The session: every token rotated from the same login shares it. */
  familyId: string;
}

export interface RefreshTokens {
  /** A new token, in `familyId` (a rotation) or in a new family (a login). */
  issue(
    userId: string,
    options: { familyId?: string; userAgent?: string },
  ): Promise<IssuedRefreshToken>;
  /**
   * Exchanges a live token for the next one of its family. A token presented again after its
   * rotation or revocation is taken as stolen: its whole family is revoked, the newest token
   * included. Anything but a live token is INVALID_REFRESH_TOKEN_ERR.
   */
  rotate(
    token: string,
    options: { userAgent?: string },
  ): Promise<IssuedRefreshToken & { userId: string }>;
  /** Ends the session the token belongs to (logout); an unknown token is ignored. */
  revokeFamilyOf(token: string): Promise<void>;
  /** Ends the session with this id (the `sid` of the access token a logout came with). */
  revokeFamily(familyId: string): Promise<void>;
  /** Ends every session of the user, except `exceptFamilyId` (the caller's own) when given. */
  revokeAllOfUser(userId: string, options?: { exceptFamilyId?: string }): Promise<void>;
}

function prepareSessionLookup(db: Db) {
  return db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(eq(refreshTokens.familyId, sql.placeholder('familyId')), isNull(refreshTokens.revokedAt)),
    )
    .limit(1)
    .prepare('auth_live_session');
}
const sessionStatements = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

/**
 * Whether a login session (refresh-token family) is live: some token of it not revoked.
 * Logout, a password change and a reused token revoke every token of the family. Asked on
 * every request with an access token, so it reads one row through the family index, as a
 * statement prepared once per database (on PostgreSQL parsed and planned once per connection).
 */
export async function isSessionLive(db: Db, familyId: string): Promise<boolean> {
  let statement = sessionStatements.get(db);
  if (!statement) {
    statement = prepareSessionLookup(db);
    sessionStatements.set(db, statement);
  }
  const [row] = await statement.execute({ familyId });
  return row !== undefined;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Rotating refresh tokens (`refresh_tokens`): 256 random bits, base64url on the wire, only
 * their SHA-256 stored, so a database leak yields no usable token.
 */
export function createRefreshTokens(deps: { db: Db; now: () => Date }): RefreshTokens {
  const { db, now } = deps;

  async function revokeFamily(familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  async function issue(
    userId: string,
    options: { familyId?: string; userAgent?: string },
  ): Promise<IssuedRefreshToken> {
    const token = randomBytes(32).toString('base64url');
    const familyId = options.familyId ?? randomUUID();
    const issuedAt = now();
    await db.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: hashToken(token),
      expiresAt: new Date(issuedAt.getTime() + REFRESH_TOKEN_TTL_MS),
      userAgent: (options.userAgent ?? '').slice(0, USER_AGENT_MAX_CHARS),
      createdAt: issuedAt,
    });
    return { token, familyId };
  }

  return {
    issue,
    revokeFamily,

    async rotate(token, options) {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)));
      if (!row) throw new AppError('INVALID_REFRESH_TOKEN_ERR');
      if (row.rotatedAt || row.revokedAt) {
        await revokeFamily(row.familyId);
        throw new AppError('INVALID_REFRESH_TOKEN_ERR');
      }
      if (row.expiresAt <= now()) throw new AppError('INVALID_REFRESH_TOKEN_ERR');
      const rotated = await db
        .update(refreshTokens)
        .set({ rotatedAt: now() })
        .where(
          and(
            eq(refreshTokens.id, row.id),
            isNull(refreshTokens.rotatedAt),
            isNull(refreshTokens.revokedAt),
          ),
        )
        .returning({ id: refreshTokens.id });
      if (rotated.length === 0) {
        // Another request rotated it a moment ago: the same token used twice.
        await revokeFamily(row.familyId);
        throw new AppError('INVALID_REFRESH_TOKEN_ERR');
      }
      const next = await issue(row.userId, {
        familyId: row.familyId,
        userAgent: options.userAgent,
      });
      return { ...next, userId: row.userId };
    },

    async revokeFamilyOf(token) {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)));
      if (row) await revokeFamily(row.familyId);
    },

    async revokeAllOfUser(userId, options = {}) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            options.exceptFamilyId ? ne(refreshTokens.familyId, options.exceptFamilyId) : undefined,
          ),
        );
    },
  };
}
