import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './common';
import { users } from './users';

/**
 * Refresh tokens, stored as SHA-256 hashes. A rotation creates a new row in the same family;
 * presenting a token that was already rotated (reuse) revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Purpose of a one-time code: a 6-digit code (email verification, password reset, login by
 * OTP) or the long random token of a link (email verification, a new member's set-password).
 */
export type OneTimeCodePurpose =
  'verify_email' | 'reset_password' | 'login_otp' | 'verify_email_link' | 'set_password_link';

/** Single-use codes, stored hashed, with an expiry and a wrong-try counter. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<OneTimeCodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    // A verification link carries only its token: it is found by the token's hash.
    index('one_time_codes_code_hash_idx').on(t.codeHash),
  ],
);
