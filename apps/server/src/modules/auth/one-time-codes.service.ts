import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@candid/domain';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeCodes, type OneTimeCodePurpose } from '../../db/schema';

/** A 6-digit code lives 15 minutes (issue: "Codes … expire (15 minutes)"). */
export const CODE_TTL_MS = 15 * 60 * 1000;
/** The 5th wrong try kills a code; after that even the right code is refused. */
export const CODE_MAX_WRONG_TRIES = 5;
/** An email-verification link lives 24 hours. */
export const EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** A new member's set-password link lives 7 days (they may not read their mail at once). */
export const PASSWORD_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Purposes of the link tokens. */
export type LinkPurpose = Extract<OneTimeCodePurpose, 'verify_email_link' | 'set_password_link'>;
/** Purposes of the 6-digit codes (the link tokens have their own). */
export type CodePurpose = Exclude<OneTimeCodePurpose, LinkPurpose>;

const LINK_PURPOSE = 'verify_email_link' satisfies OneTimeCodePurpose;
const LINK_TTL_MS: Record<LinkPurpose, number> = {
  verify_email_link: EMAIL_LINK_TTL_MS,
  set_password_link: PASSWORD_LINK_TTL_MS,
};

export interface OneTimeCodes {
  /** A fresh code for the purpose; every older unused code of that purpose dies. */
  issueCode(userId: string, purpose: CodePurpose): Promise<string>;
  /**
   * True when `code` is the user's live code of that purpose. A wrong code counts a try.
   * With `consume`, a right code is used up (single use); without (reset step 1) it stays.
   */
  checkCode(
    userId: string,
    purpose: CodePurpose,
    code: string,
    options: { consume: boolean },
  ): Promise<boolean>;
  /** A fresh link token (email verification by default); older unused ones of the user die. */
  issueLinkToken(userId: string, purpose?: LinkPurpose): Promise<string>;
  /** What a link token refers to, without using it up; null when no such token was issued. */
  findLinkToken(
    token: string,
    purpose?: LinkPurpose,
  ): Promise<{ id: string; userId: string; isLive: boolean } | null>;
  /** Uses up a live link token; false when it was used, expired or died meanwhile. */
  consumeLinkToken(id: string): Promise<boolean>;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A code of {@link OTP_LENGTH} digits from the CSPRNG, leading zeros kept. */
function generateCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * Single-use codes and link tokens (`one_time_codes`). Only hashes are stored: a code as an
 * HMAC keyed from JWT_SECRET (a million possible codes would fall to a plain hash), a link
 * token (256 random bits) as its SHA-256. "Used" also marks codes that a newer one replaced.
 */
export function createOneTimeCodes(deps: {
  db: Db;
  jwtSecret: string;
  now: () => Date;
}): OneTimeCodes {
  const { db, now } = deps;
  const codeKey = createHmac('sha256', deps.jwtSecret).update('candid/one-time-codes').digest();
  const hashCode = (userId: string, purpose: OneTimeCodePurpose, code: string) =>
    createHmac('sha256', codeKey).update(`${purpose}:${userId}:${code}`).digest('hex');

  async function issue(
    userId: string,
    purpose: OneTimeCodePurpose,
    codeHash: string,
    ttlMs: number,
  ): Promise<void> {
    const issuedAt = now();
    await db.transaction(async (tx) => {
      await tx
        .update(oneTimeCodes)
        .set({ usedAt: issuedAt })
        .where(
          and(
            eq(oneTimeCodes.userId, userId),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.usedAt),
          ),
        );
      await tx.insert(oneTimeCodes).values({
        userId,
        purpose,
        codeHash,
        expiresAt: new Date(issuedAt.getTime() + ttlMs),
        createdAt: issuedAt,
      });
    });
  }

  return {
    async issueCode(userId, purpose) {
      const code = generateCode();
      await issue(userId, purpose, hashCode(userId, purpose, code), CODE_TTL_MS);
      return code;
    },

    async checkCode(userId, purpose, code, options) {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.userId, userId),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.usedAt),
          ),
        )
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1);
      if (!row || row.expiresAt <= now() || row.attempts >= CODE_MAX_WRONG_TRIES) return false;
      if (!sameHash(hashCode(userId, purpose, code), row.codeHash)) {
        await db
          .update(oneTimeCodes)
          .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
          .where(eq(oneTimeCodes.id, row.id));
        return false;
      }
      // Conditions again in the update: a concurrent last wrong try or use wins over this one.
      const live = and(
        eq(oneTimeCodes.id, row.id),
        isNull(oneTimeCodes.usedAt),
        lt(oneTimeCodes.attempts, CODE_MAX_WRONG_TRIES),
      );
      if (!options.consume) {
        const [still] = await db.select({ id: oneTimeCodes.id }).from(oneTimeCodes).where(live);
        return Boolean(still);
      }
      const used = await db
        .update(oneTimeCodes)
        .set({ usedAt: now() })
        .where(live)
        .returning({ id: oneTimeCodes.id });
      return used.length > 0;
    },

    async issueLinkToken(userId, purpose = LINK_PURPOSE) {
      const token = randomBytes(32).toString('base64url');
      await issue(userId, purpose, sha256(token), LINK_TTL_MS[purpose]);
      return token;
    },

    async findLinkToken(token, purpose = LINK_PURPOSE) {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.codeHash, sha256(token)), eq(oneTimeCodes.purpose, purpose)));
      if (!row) return null;
      return { id: row.id, userId: row.userId, isLive: !row.usedAt && row.expiresAt > now() };
    },

    async consumeLinkToken(id) {
      const used = await db
        .update(oneTimeCodes)
        .set({ usedAt: now() })
        .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
        .returning({ id: oneTimeCodes.id, expiresAt: oneTimeCodes.expiresAt });
      return used.length > 0 && used[0]!.expiresAt > now();
    },
  };
}
