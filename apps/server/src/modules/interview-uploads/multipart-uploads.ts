import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isStorageError, type ObjectStorage, type UploadedPart } from '../../storage/storage';
import type { CandidateScope } from '../applicants/candidate-auth';
import type { InterviewJob } from '../jobs/interview-job';
import {
  findUpload,
  finishRecording,
  isOwnUpload,
  saveStartedUpload,
  toUploadError,
  UPLOAD_URL_TTL_SEC,
  type RecordingTarget,
  type UploadRow,
} from './interview-uploads.service';
import { countNewTake, uncountTake } from './recording-takes';

/**
 * `start_multipart`: a started upload of the same key is handed back (a reloaded page resumes
 * it with list_parts) unless `restart` (a retake), which aborts it and starts afresh. A
 * completed key starts a new upload too: the retake replaces the object when it completes.
 * Every upload that is not a resume is a new take, counted and, on a one-try job beyond the
 * allowance, refused (409) before anything is aborted.
 */
export async function startMultipart(
  deps: { db: Db; storage: ObjectStorage; now: Date },
  scope: CandidateScope,
  job: Pick<InterviewJob, 'isOneTry'>,
  target: RecordingTarget,
  restart: boolean,
): Promise<{ uploadId: string; resumed: boolean }> {
  const { db, storage, now } = deps;
  const existing = await findUpload(db, target.key);
  if (existing && !isOwnUpload(scope, existing)) throw new AppError('FORBIDDEN_ERR');
  if (existing?.status === 'started' && existing.uploadId) {
    if (!restart) {
      // Still known to storage? (A stale-upload sweep may have removed it.)
      const alive = await storage.listParts(target.key, existing.uploadId).then(
        () => true,
        (error: unknown) => {
          if (isStorageError(error) && error.code === 'NO_SUCH_UPLOAD') return false;
          throw error;
        },
      );
      if (alive) return { uploadId: existing.uploadId, resumed: true };
    }
  }
  // An unfinished upload that received nothing yet is the same take asked for again (a start
  // whose answer was lost), and so is one the stale-upload sweep removed (the device still holds
  // that take): it is replaced without counting, so no recorded answer is refused.
  const replacesEmptyTake =
    existing?.status === 'started' &&
    existing.uploadId !== null &&
    (await storage.listParts(target.key, existing.uploadId).then(
      (parts) => parts.length === 0,
      (error: unknown) => isStorageError(error) && error.code === 'NO_SUCH_UPLOAD',
    ));
  if (!replacesEmptyTake) await countNewTake(db, scope, job, target, now);
  if (restart && existing?.status === 'started' && existing.uploadId) {
    await storage.abortMultipartUpload(target.key, existing.uploadId).catch(() => undefined);
  }
  const { uploadId } = await storage
    .createMultipartUpload(target.key, { contentType: target.contentType })
    .catch(async (error: unknown) => {
      await uncountTake(db, scope, target);
      throw error;
    });
  await saveStartedUpload(db, scope, target, uploadId, now);
  return { uploadId, resumed: false };
}

/**
 * The upload row of `key` when `uploadId` is its current multipart upload and belongs to the
 * token's applicant: a client cannot sign, list, complete or abort anyone else's upload.
 */
export async function getOwnedMultipart(
  db: Db,
  scope: CandidateScope,
  key: string,
  uploadId: string,
): Promise<UploadRow> {
  const row = await findUpload(db, key);
  if (!row || !isOwnUpload(scope, row) || row.uploadId !== uploadId) {
    throw new AppError('NOT_FOUND_ERR', { message: 'No such upload for this key' });
  }
  return row;
}

/** Parts stored so far, in S3's wire names. */
export function toWireParts(parts: UploadedPart[]) {
  return parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag, Size: part.size }));
}

/** `complete_multipart`: joins the parts, fixes the recording, marks the upload completed. */
export async function completeMultipart(
  deps: { db: Db; storage: ObjectStorage; now: Date; log: FastifyBaseLogger },
  row: UploadRow,
  parts: { PartNumber: number; ETag: string }[],
): Promise<{ size: number; durationSec: number | null }> {
  if (row.status === 'completed') {
    // A retried complete whose first answer was lost: the same result again.
    return { size: row.sizeBytes ?? 0, durationSec: row.durationSec };
  }
  if (row.status !== 'started' || !row.uploadId) throw new AppError('NOT_FOUND_ERR');
  const { size } = await deps.storage
    .completeMultipartUpload(
      row.key,
      row.uploadId,
      parts.map((part) => ({ partNumber: part.PartNumber, etag: part.ETag })),
    )
    .catch((error: unknown) => {
      throw toUploadError(error);
    });
  return finishRecording(deps, row, size);
}

/** `abort_multipart`: drops the parts and marks the upload aborted. */
export async function abortMultipart(
  deps: { db: Db; storage: ObjectStorage },
  row: UploadRow,
): Promise<void> {
  if (row.status === 'started' && row.uploadId) {
    await deps.storage.abortMultipartUpload(row.key, row.uploadId).catch((error: unknown) => {
      if (isStorageError(error) && error.code === 'NO_SUCH_UPLOAD') return;
      throw toUploadError(error);
    });
  }
  if (row.status !== 'completed') {
    await deps.db.update(uploads).set({ status: 'aborted' }).where(eq(uploads.id, row.id));
  }
}

/**
 * `sign`: a single-PUT upload of a whole recording; confirmed when an answer names it. A new
 * take is counted (and refused beyond a one-try job's allowance) unless the key's current
 * upload is a single PUT whose object has not arrived yet: signing it again (a retry) is the
 * same take.
 */
export async function signSinglePut(
  deps: { db: Db; storage: ObjectStorage; now: Date },
  scope: CandidateScope,
  job: Pick<InterviewJob, 'isOneTry'>,
  target: RecordingTarget,
): Promise<string> {
  const existing = await findUpload(deps.db, target.key);
  if (existing && !isOwnUpload(scope, existing)) throw new AppError('FORBIDDEN_ERR');
  const isResigned =
    existing?.status === 'started' &&
    existing.uploadId === null &&
    (await deps.storage.headObject(target.key)) === null;
  if (!isResigned) await countNewTake(deps.db, scope, job, target, deps.now);
  if (existing?.status === 'started' && existing.uploadId) {
    await deps.storage.abortMultipartUpload(target.key, existing.uploadId).catch(() => undefined);
  }
  await saveStartedUpload(deps.db, scope, target, null, deps.now);
  return deps.storage.signPutUrl(target.key, {
    contentType: target.contentType,
    expiresInSec: UPLOAD_URL_TTL_SEC,
  });
}
