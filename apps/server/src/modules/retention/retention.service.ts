import type { RetentionPreview, RetentionSettings } from '@candid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { authorize, loggedActor, type StaffActor } from '../../policies';
import type { ObjectStorage } from '../../storage/storage';
import { recordActivity } from '../activities/activities.service';
import { previewRetention, deleteRetentionBatch } from '../review/review.retention';
import {
  getOrgRetentionMonths,
  listOrgsWithRetention,
  setOrgRetentionMonths,
} from '../users/org-retention';
import { purgeStorage } from './storage-purges';

/**
 * Data retention: the owner's setting with its dry run, and the sweep that deletes
 * due applicants of every organisation with a period, then removes their files.
 */

/** Applicants deleted per transaction by the sweep. */
export const RETENTION_BATCH_SIZE = 50;

export async function getRetentionSettings(db: Db, actor: StaffActor): Promise<RetentionSettings> {
  authorize(actor, 'retention.manage');
  return { retentionMonths: await getOrgRetentionMonths(db, actor.orgId) };
}

export async function getRetentionPreview(
  db: Db,
  actor: StaffActor,
  months: number,
  now: Date,
): Promise<RetentionPreview> {
  authorize(actor, 'retention.manage');
  return previewRetention(db, actor.orgId, months, now);
}

/**
 * Sets or turns off the period. The activity keeps the periods and how many applicants were due
 * at that moment, nobody's name.
 */
export async function updateRetentionSettings(
  db: Db,
  actor: StaffActor,
  retentionMonths: number | null,
  now: Date,
): Promise<RetentionSettings> {
  authorize(actor, 'retention.manage');
  const dueNow =
    retentionMonths === null
      ? 0
      : (await previewRetention(db, actor.orgId, retentionMonths, now)).count;
  await db.transaction(async (tx) => {
    const previous = await setOrgRetentionMonths(tx, actor.orgId, retentionMonths, now);
    await recordActivity(tx, {
      type: 'update',
      target: 'retention',
      userId: loggedActor(actor).userId,
      orgId: actor.orgId,
      meta: { retentionMonths, previous, dueNow },
      date: now,
    });
  });
  return { retentionMonths };
}

export interface RetentionSweepResult {
  /** Applicants deleted. */
  deleted: number;
  /** Stored objects removed (this run's deletions and earlier failures). */
  purged: number;
  /** Stored objects storage refused: kept for the next run. */
  failed: number;
}

/**
 * One sweep: per organisation with a period, its due applicants in batches (each batch one
 * transaction: rows deleted, files queued, one activity), each batch's files removed right after;
 * then every file still queued from earlier runs. An organisation that fails is logged and left
 * for the next run; the others go on. Idempotent: what is gone is not found again.
 */
export async function runRetentionSweep(deps: {
  db: Db;
  storage: ObjectStorage;
  now: Date;
  log: FastifyBaseLogger;
  batchSize?: number;
}): Promise<RetentionSweepResult> {
  const batchSize = deps.batchSize ?? RETENTION_BATCH_SIZE;
  const result: RetentionSweepResult = { deleted: 0, purged: 0, failed: 0 };
  for (const org of await listOrgsWithRetention(deps.db)) {
    try {
      for (;;) {
        const batch = await deleteRetentionBatch(deps.db, org, deps.now, batchSize);
        result.deleted += batch.deleted;
        if (batch.keys.length > 0) {
          const purge = await purgeStorage({ ...deps, keys: batch.keys });
          result.purged += purge.purged;
          result.failed += purge.failed;
        }
        if (batch.deleted < batchSize) break;
      }
    } catch (error) {
      deps.log.warn({ err: error, orgId: org.orgId }, 'retention sweep of an organisation failed');
    }
  }
  // Files whose removal failed before (in a deletion request or an earlier sweep).
  const retried = await purgeStorage(deps);
  result.purged += retried.purged;
  result.failed += retried.failed;
  return result;
}
