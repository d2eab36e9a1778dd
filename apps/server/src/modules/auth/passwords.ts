import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * argon2id with OWASP's baseline cost (19 MiB, 2 passes, 1 lane). `Algorithm` is a const
 * enum that isolated modules cannot read, hence its value (Argon2id = 2) spelled out.
 */
const ARGON2_OPTIONS: Options = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. With no hash (no such user, or a Google-only
 * account) it still runs one argon2 verification against a throwaway hash, so the answer
 * takes as long whether or not the account exists.
 */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A random password for accounts created without one (the CLI prints it once). */
export function generatePassword(): string {
  // base64url letters and digits, plus a fixed tail so the password rule always holds.
  return `${randomBytes(12).toString('base64url')}aA1`;
}
