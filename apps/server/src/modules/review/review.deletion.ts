import { forgetCappedCounts } from '../applicant-records/applicant-list-caps';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbTx } from '../../db/client';
import { applicants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { authorize } from '../../policies';
import type { ObjectStorage } from '../../storage/storage';
import { forgetApplicantsInActivities, recordActivity } from '../activities/activities.service';
import {
  deleteUploadsOfApplicants,
  listOrgStoredObjects,
} from '../interview-uploads/interview-uploads.service';
import { purgeStorage, queueStoragePurges, type PurgeItem } from '../retention/storage-purges';
import {
  type Reviewer,
  type ReviewActor,
  activityMeta,
  findOrgApplicants,
} from '../applicant-records/applicant-access';

/**
 * Deleting applicants for good with their files: the archive's `PUT job/applicantDelete`, a
 * candidate's deletion request (`DELETE job/{jobId}/{applicantId}/data`) and the retention sweep.
 * The rows go in one transaction that also queues every stored object of theirs
 * (`storage_purges`); the objects are then removed, and any that storage refused are tried again
 * by the daily sweep, so no file of a deleted applicant is left behind. The activity keeps ids
 * only: the deleted person's name and e-mail are not copied anywhere.
 */

type ApplicantRow = typeof applicants.$inferSelect;
type DeletionDeps = { db: Db; storage: ObjectStorage; now: Date; log: FastifyBaseLogger };

/** Storage keys an applicant's files live under: recordings, answer images, CV, face image. */
export function storedKeysOf(row: Pick<ApplicantRow, 'imgKey' | 'cvKey' | 'answerMap'>): string[] {
  const keys = [row.imgKey, row.cvKey];
  for (const answer of Object.values(row.answerMap ?? {})) {
    keys.push(answer.faceKey ?? '', answer.screenKey ?? '', answer.imgKey ?? '');
  }
  return keys.filter(Boolean);
}

/**
 * Deletes the applicants' rows (notes, timeline and ratings go with them by cascade, upload
 * rows here), queues all their stored objects for removal and blanks the candidate's name in
 * earlier activities about them, inside the caller's transaction.
 * Returns the keys queued.
 */
export async function eraseApplicantRows(
  tx: DbTx,
  orgId: string,
  rows: readonly Pick<ApplicantRow, 'id' | 'imgKey' | 'cvKey' | 'answerMap'>[],
  now: Date,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const items: PurgeItem[] = [];
  for (const upload of await deleteUploadsOfApplicants(tx, ids)) {
    items.push({
      key: upload.key,
      uploadId: upload.status === 'started' ? upload.uploadId : null,
    });
  }
  for (const row of rows) for (const key of storedKeysOf(row)) items.push({ key });
  await queueStoragePurges(tx, items, now);
  await forgetApplicantsInActivities(tx, ids);
  await tx.delete(applicants).where(and(eq(applicants.orgId, orgId), inArray(applicants.id, ids)));
  return [...new Set(items.map((item) => item.key))];
}

/** Removes the queued objects of a deletion now; what fails stays queued for the sweep. */
export async function purgeDeletedFiles(deps: DeletionDeps, keys: readonly string[]) {
  if (keys.length === 0) return { purged: 0, failed: 0 };
  return purgeStorage({ ...deps, keys });
}

/**
 * `PUT job/applicantDelete` (archived only, all or nothing: 409 when one is not archived, 404
 * when one is not the organisation's) and `DELETE job/{jobId}/{applicantId}/data` (`anyStatus`: a
 * candidate's request to be forgotten, whatever the applicant's state).
 */
export async function deleteApplicants(
  deps: DeletionDeps,
  viewer: Reviewer,
  actor: ReviewActor,
  requestedIds: readonly string[],
  options: { anyStatus?: boolean; jobId?: string } = {},
): Promise<number> {
  const { db, now } = deps;
  const ids = [...new Set(requestedIds)];
  let keys: string[] = [];

  // A status change, archive, restore or deletion can take a count back under its cap.
  forgetCappedCounts(viewer.orgId);
  const deleted = await db.transaction(async (tx) => {
    const found = await findOrgApplicants(tx, viewer.orgId, ids, { lock: true });
    for (const id of ids) {
      const { applicant } = found.get(id)!;
      if (options.jobId !== undefined && applicant.jobId !== options.jobId) {
        throw new AppError('NOT_FOUND_ERR', { message: `Applicant ${id} not found` });
      }
      authorize(viewer, 'applicant.delete', applicant);
      if (!options.anyStatus && !applicant.archivedAt) {
        throw new AppError('VALIDATION_ERR', {
          status: 409,
          message: `Applicant ${id} is not archived; only archived applicants can be deleted`,
        });
      }
    }
    const rows = ids.map((id) => found.get(id)!.applicant);
    keys = await eraseApplicantRows(tx, viewer.orgId, rows, now);
    for (const applicant of rows) {
      await recordActivity(tx, {
        type: 'remove',
        target: 'applicant',
        userId: actor.userId,
        orgId: viewer.orgId,
        meta: activityMeta(actor, {
          applicantId: applicant.id,
          jobId: applicant.jobId,
          reason: options.anyStatus ? 'request' : 'archive',
          files: storedKeysOf(applicant).length,
        }),
        date: now,
      });
    }
    return rows.length;
  });
  forgetCappedCounts(viewer.orgId);
  await purgeDeletedFiles(deps, keys);
  return deleted;
}

/**
 * An organisation is about to be deleted with everything in it (an admin deleting its last
 * account): inside that transaction, queues every stored object of it (its applicants' files and
 * the rest of its uploads) for removal and blanks its applicants' names in earlier activities,
 * which outlive the organisation. The rows themselves go by cascade with the organisation.
 */
export async function queueOrganizationErasure(tx: Db | DbTx, orgId: string, now: Date) {
  const rows = await tx
    .select({
      id: applicants.id,
      imgKey: applicants.imgKey,
      cvKey: applicants.cvKey,
      answerMap: applicants.answerMap,
    })
    .from(applicants)
    .where(eq(applicants.orgId, orgId));
  const items: PurgeItem[] = [];
  for (const upload of await listOrgStoredObjects(tx, orgId)) {
    items.push({
      key: upload.key,
      uploadId: upload.status === 'started' ? upload.uploadId : null,
    });
  }
  for (const row of rows) for (const key of storedKeysOf(row)) items.push({ key });
  await queueStoragePurges(tx, items, now);
  await forgetApplicantsInActivities(
    tx,
    rows.map((row) => row.id),
  );
}
