import { forgetCappedCounts } from './review.query';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { applicants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ObjectStorage } from '../../storage/storage';
import { recordActivity } from '../activities/activities.service';
import { deleteUploadsOfApplicants } from '../interview-uploads/interview-uploads.service';
import {
  type Reviewer,
  type ReviewActor,
  fullName,
  activityMeta,
  findOrgApplicants,
} from './review.shared';

/** Deleting archived applicants for good (`PUT job/applicantDelete`), with their files. */

/** Storage keys an applicant's files live under: recordings, answer images, CV, face image. */
function storedKeysOf(row: typeof applicants.$inferSelect): string[] {
  const keys = [row.imgKey, row.cvKey];
  for (const answer of Object.values(row.answerMap ?? {})) {
    keys.push(answer.faceKey ?? '', answer.screenKey ?? '', answer.imgKey ?? '');
  }
  return keys.filter(Boolean);
}

/**
 * `PUT job/applicantDelete`: deletes archived applicants for good, all or nothing (409 when one
 * is not archived, 404 when one is not the organisation's). Notes and timeline go with the rows;
 * upload rows too; the stored objects are then removed best-effort (a failure is logged and
 * leaves an orphan object, never a half-deleted applicant).
 */
export async function deleteApplicants(
  deps: { db: Db; storage: ObjectStorage; now: Date; log: FastifyBaseLogger },
  viewer: Reviewer,
  actor: ReviewActor,
  requestedIds: readonly string[],
): Promise<number> {
  const { db, storage, now, log } = deps;
  const ids = [...new Set(requestedIds)];
  const keys = new Set<string>();
  let uploadRows: { key: string; uploadId: string | null; status: string }[] = [];

  // A status change, archive, restore or deletion can take a count back under its cap.
  forgetCappedCounts(viewer.orgId);
  const deleted = await db.transaction(async (tx) => {
    const found = await findOrgApplicants(tx, viewer.orgId, ids, { lock: true });
    for (const id of ids) {
      if (!found.get(id)!.applicant.archivedAt) {
        throw new AppError('VALIDATION_ERR', {
          status: 409,
          message: `Applicant ${id} is not archived; only archived applicants can be deleted`,
        });
      }
    }
    uploadRows = await deleteUploadsOfApplicants(tx, ids);
    for (const row of uploadRows) keys.add(row.key);
    for (const id of ids) for (const key of storedKeysOf(found.get(id)!.applicant)) keys.add(key);

    const rows = await tx
      .delete(applicants)
      .where(and(eq(applicants.orgId, viewer.orgId), inArray(applicants.id, ids)))
      .returning({ id: applicants.id });
    for (const id of ids) {
      const { applicant } = found.get(id)!;
      await recordActivity(tx, {
        type: 'remove',
        target: 'applicant',
        userId: actor.userId,
        orgId: viewer.orgId,
        desc: fullName(applicant),
        meta: activityMeta(actor, { applicantId: id, jobId: applicant.jobId }),
        date: now,
      });
    }
    return rows.length;
  });
  forgetCappedCounts(viewer.orgId);

  for (const row of uploadRows) {
    if (row.status === 'started' && row.uploadId) {
      await storage.abortMultipartUpload(row.key, row.uploadId).catch((error: unknown) => {
        log.warn({ err: error, key: row.key }, 'could not abort a deleted applicant upload');
      });
    }
  }
  for (const key of keys) {
    await storage.deleteObject(key).catch((error: unknown) => {
      log.warn({ err: error, key }, 'could not delete a deleted applicant file');
    });
  }
  return deleted;
}
