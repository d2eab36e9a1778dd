import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_VISIBLE_LENGTH, type CreateApiKeyBody } from '@candid/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { apiKeys } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { StoredApiKey } from '../../plugins/auth';
import { findStoredUser } from '../users/users.service';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** SHA-256 (hex) of a whole key: what is stored, and what a request's key is looked up by. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A new key: `cnd_` + 32 random bytes in base64url (256 bits; nothing to guess). */
function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The organisation's keys: active ones first, newest first (revoked ones too, for the record). */
export async function listApiKeys(db: Db, orgId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.orgId, orgId))
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Makes a key; the answer is the only place its whole value ever appears. */
export async function createApiKey(
  db: Db,
  input: CreateApiKeyBody & { orgId: string; createdBy: string; now: Date },
): Promise<{ row: ApiKeyRow; key: string }> {
  const key = newApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      orgId: input.orgId,
      name: input.name,
      prefix: key.slice(0, API_KEY_VISIBLE_LENGTH),
      keyHash: hashApiKey(key),
      scope: input.scope,
      createdBy: input.createdBy,
      createdAt: input.now,
    })
    .returning();
  return { row: row!, key };
}

/** Revokes one of the organisation's keys (at once: the next request with it gets 401). */
export async function revokeApiKey(
  db: Db,
  orgId: string,
  id: string,
  now: Date,
): Promise<ApiKeyRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND_ERR');
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.orgId, orgId), isNull(apiKeys.revokedAt)))
    .returning();
  if (revoked) return revoked;
  const [existing] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.orgId, orgId)));
  if (!existing) throw new AppError('NOT_FOUND_ERR');
  return existing;
}

/** The auth plugin's lookup of a whole key: by its hash, with the owner it acts as. */
export async function findApiKey(db: Db, key: string): Promise<StoredApiKey | null> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      orgId: apiKeys.orgId,
      scope: apiKeys.scope,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      createdBy: apiKeys.createdBy,
    })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, hashApiKey(key)));
  if (!row) return null;
  const { createdBy, ...rest } = row;
  return { ...rest, owner: await findStoredUser(db, createdBy) };
}

/** Records a key's use (the auth plugin calls it at most once a minute per key). */
export async function touchApiKey(db: Db, id: string, now: Date): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id));
}
