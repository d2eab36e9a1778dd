import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbTx } from '../../db/client';
import { storagePurges } from '../../db/schema';
import type { ObjectStorage } from '../../storage/storage';

/**
 * The stored objects of deleted applicants, removed after the rows. Why the rows go
 * first: a deletion request is answered at once (the applicant disappears for everyone in the
 * same transaction), while storage can be slow or down; the keys written here in that same
 * transaction are the durable promise that the files follow, tried again by every sweep until
 * storage confirms. The reverse order (files first) would leave an applicant whose recordings are
 * gone but whose row still shows, or a row never deleted because one file keeps failing.
 */

/** How long a claimed key is left to the process removing it before another may try. */
const PURGE_LEASE_MS = 10 * 60_000;
/** Keys removed per claim. */
export const PURGE_BATCH_SIZE = 100;

export interface PurgeItem {
  key: string;
  /** A multipart upload still open for the key: aborted before the object is deleted. */
  uploadId?: string | null;
}

/** Queues keys for removal inside the caller's transaction (the one deleting their rows). */
export async function queueStoragePurges(
  tx: Db | DbTx,
  items: readonly PurgeItem[],
  now: Date,
): Promise<void> {
  const unique = new Map<string, PurgeItem>();
  for (const item of items) {
    if (!item.key) continue;
    const seen = unique.get(item.key);
    if (!seen || (!seen.uploadId && item.uploadId)) unique.set(item.key, item);
  }
  if (unique.size === 0) return;
  await tx.insert(storagePurges).values(
    [...unique.values()].map((item) => ({
      key: item.key,
      uploadId: item.uploadId ?? null,
      createdAt: now,
      dueAt: now,
    })),
  );
}

/**
 * Removes the due keys from storage, batch by batch: a removed object's row goes, a failure
 * stays with its error for the next run. Each key is claimed under a lease first, so two
 * processes never remove the same one at once. Returns how many were removed and how many failed.
 */
export async function purgeStorage(deps: {
  db: Db;
  storage: ObjectStorage;
  now: Date;
  log: FastifyBaseLogger;
  batchSize?: number;
  /** Only these keys (a deletion removing its own files at once); all due keys otherwise. */
  keys?: readonly string[];
}): Promise<{ purged: number; failed: number }> {
  const { db, storage, now, log } = deps;
  const batchSize = deps.batchSize ?? PURGE_BATCH_SIZE;
  let purged = 0;
  let failed = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(storagePurges)
        .where(
          and(
            lte(storagePurges.dueAt, now),
            deps.keys ? inArray(storagePurges.key, [...deps.keys]) : undefined,
          ),
        )
        .orderBy(asc(storagePurges.dueAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (rows.length > 0) {
        await tx
          .update(storagePurges)
          .set({ dueAt: new Date(now.getTime() + PURGE_LEASE_MS) })
          .where(
            inArray(
              storagePurges.id,
              rows.map((row) => row.id),
            ),
          );
      }
      return rows;
    });
    if (claimed.length === 0) break;
    for (const row of claimed) {
      try {
        if (row.uploadId) {
          // An upload that never finished: abort it (a missing one is already gone).
          await storage.abortMultipartUpload(row.key, row.uploadId).catch((error: unknown) => {
            log.debug({ err: error, key: row.key }, 'no multipart upload to abort');
          });
        }
        await storage.deleteObject(row.key);
        await db.delete(storagePurges).where(eq(storagePurges.id, row.id));
        purged += 1;
      } catch (error) {
        failed += 1;
        log.warn({ err: error, key: row.key }, 'could not remove a deleted applicant file');
        // Left for the next run (the lease keeps this run from looping on it).
        await db
          .update(storagePurges)
          .set({
            tries: sql`${storagePurges.tries} + 1`,
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          })
          .where(eq(storagePurges.id, row.id));
      }
    }
    if (claimed.length < batchSize) break;
  }
  return { purged, failed };
}
