import {
  maxTakesPerQuestion,
  parseRecordingKey,
  RECORDING_MIME_TYPES,
  recordingKindsFor,
  type RecordingKind,
} from '@candid/domain';
import { and, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbTx } from '../../db/client';
import { recordingTakes, uploads } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isStorageError, type ObjectStorage, type UploadedPart } from '../../storage/storage';
import type { CandidateScope } from '../applicants/candidate-auth';
import type { InterviewJob } from '../jobs/interview-job';
import { findApplicantSubmittedAt } from '../review/applicant-records';
import { getAccommodation } from '../accommodations/accommodations.records';
import { can, candidateActor } from '../../policies';
import { measureStoredMp4DurationSec } from './mp4-duration';
import { fixStoredWebmDuration } from './webm-duration';

export type UploadRow = typeof uploads.$inferSelect;

/** Kinds of object a candidate stores: recordings, CV, face image, answer images. */
export type CandidateUploadKind = RecordingKind | 'cv' | 'face-image' | 'answer-image';

/** Lifetime of a signed part or PUT URL: a 5 MiB part on a slow uplink still makes it. */
export const UPLOAD_URL_TTL_SEC = 60 * 60;

/** A recording key checked against the candidate's scope and the job's questions. */
export interface RecordingTarget {
  key: string;
  questId: string;
  kind: RecordingKind;
  contentType: string;
}

/** The MIME type without parameters (`video/webm;codecs=vp8,opus` → `video/webm`). */
export function baseMimeType(type: string): string {
  return type.split(';')[0]!.trim().toLowerCase();
}

/**
 * Checks that `fileKey` is `<jobId>/<applicantId>_<jobId>_<questId>_<face|screen>.<ext>` of
 * this token's applicant and job (403 otherwise), that the question exists and records that
 * kind, and (when given) that `fileType` is the container's MIME type (400 otherwise).
 */
export function resolveRecordingTarget(
  scope: CandidateScope,
  job: InterviewJob,
  fileKey: string,
  fileType?: string,
): RecordingTarget {
  const parsed = parseRecordingKey(fileKey);
  if (!parsed) {
    throw new AppError('VALIDATION_ERR', { message: 'fileKey is not a recording key' });
  }
  if (
    parsed.interviewId !== parsed.jobId ||
    !can(candidateActor(scope), 'interview.answer', {
      applicantId: parsed.applicantId,
      jobId: parsed.jobId,
    })
  ) {
    throw new AppError('FORBIDDEN_ERR', {
      message: 'The key belongs to another applicant or job',
    });
  }
  const quest = job.quests.find((q) => q.id === parsed.questId);
  if (!quest || !recordingKindsFor(quest.ansRule).includes(parsed.kind)) {
    throw new AppError('VALIDATION_ERR', {
      message: `Question ${parsed.questId} takes no ${parsed.kind} recording`,
    });
  }
  const contentType = RECORDING_MIME_TYPES[parsed.container];
  if (fileType !== undefined && baseMimeType(fileType) !== contentType) {
    throw new AppError('VALIDATION_ERR', {
      message: `fileType must be ${contentType} for a .${parsed.container} key`,
    });
  }
  return { key: fileKey, questId: parsed.questId, kind: parsed.kind, contentType };
}

/**
 * Whether the upload row is the candidate's own (the `interview.answer` policy decides; a row
 * of no applicant, such as a logo, is nobody's answer).
 */
export function isOwnUpload(scope: CandidateScope, row: Pick<UploadRow, 'applicantId'>): boolean {
  return can(candidateActor(scope), 'interview.answer', { applicantId: row.applicantId ?? '' });
}

/** Turns storage errors a client caused into API errors. */
export function toUploadError(error: unknown): unknown {
  if (!isStorageError(error)) return error;
  switch (error.code) {
    case 'NO_SUCH_UPLOAD':
    case 'NOT_FOUND':
      return new AppError('NOT_FOUND_ERR', { message: error.message });
    case 'INVALID_PART':
    case 'INVALID_KEY':
      return new AppError('VALIDATION_ERR', { message: error.message });
    case 'TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE_ERR');
    default:
      return error;
  }
}

export async function findUpload(db: Db, key: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
  return row ?? null;
}

export async function saveStartedUpload(
  db: Db,
  scope: CandidateScope,
  target: RecordingTarget,
  uploadId: string | null,
  now: Date,
): Promise<void> {
  const values = {
    orgId: scope.orgId,
    applicantId: scope.applicantId,
    kind: target.kind,
    questionId: target.questId,
    key: target.key,
    uploadId,
    contentType: target.contentType,
    status: 'started' as const,
    sizeBytes: null,
    createdAt: now,
    completedAt: null,
  };
  const { key: _key, ...update } = values;
  await db.insert(uploads).values(values).onConflictDoUpdate({ target: uploads.key, set: update });
}

/**
 * Counts a new take of a recorded question (issue 14) before its upload begins, in one atomic
 * statement, and refuses it (409) on a one-try job once 1 + the approved extra retakes were
 * started for this applicant, question and kind. Jobs with retakes are counted, never refused.
 */
export async function countNewTake(
  db: Db,
  scope: Pick<CandidateScope, 'applicantId'>,
  job: Pick<InterviewJob, 'isOneTry'>,
  target: Pick<RecordingTarget, 'questId' | 'kind'>,
  now: Date,
): Promise<void> {
  const accommodation = await getAccommodation(db, scope.applicantId);
  const maxTakes = maxTakesPerQuestion(job, accommodation);
  const [counted] = await db
    .insert(recordingTakes)
    .values({
      applicantId: scope.applicantId,
      questionId: target.questId,
      kind: target.kind,
      takes: 1,
      lastStartedAt: now,
    })
    .onConflictDoUpdate({
      target: [recordingTakes.applicantId, recordingTakes.questionId, recordingTakes.kind],
      set: { takes: sql`${recordingTakes.takes} + 1`, lastStartedAt: now },
      ...(maxTakes === null ? {} : { setWhere: lt(recordingTakes.takes, maxTakes) }),
    })
    .returning({ takes: recordingTakes.takes });
  if (!counted) {
    throw new AppError('VALIDATION_ERR', {
      status: 409,
      message:
        maxTakes === 1
          ? 'This question was already recorded: a one-try interview allows one take per question'
          : `No retakes left for this question: all ${maxTakes} takes allowed were started`,
    });
  }
}

/** Gives a counted take back when its upload could not begin at all (a storage failure). */
export async function uncountTake(
  db: Db,
  scope: Pick<CandidateScope, 'applicantId'>,
  target: Pick<RecordingTarget, 'questId' | 'kind'>,
): Promise<void> {
  await db
    .update(recordingTakes)
    .set({ takes: sql`${recordingTakes.takes} - 1` })
    .where(
      and(
        eq(recordingTakes.applicantId, scope.applicantId),
        eq(recordingTakes.questionId, target.questId),
        eq(recordingTakes.kind, target.kind),
        gt(recordingTakes.takes, 1),
      ),
    );
}

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

/**
 * Makes a stored recording seekable where needed (webm: writes the Segment Duration), measures
 * its length (webm from its clusters, mp4 from its boxes: the time-limit check covers both) and
 * marks its upload completed with its final size. Failing to fix or measure a file never loses
 * it: the object stays as uploaded, its length unknown, and the failure is logged.
 */
export async function finishRecording(
  deps: { db: Db; storage: ObjectStorage; now: Date; log: FastifyBaseLogger },
  row: Pick<UploadRow, 'id' | 'key' | 'contentType'>,
  size: number,
  /** Set when the stored object already has its Duration written (tus: in the copy). */
  knownDurationSec?: number | null,
): Promise<{ size: number; durationSec: number | null }> {
  let finalSize = size;
  let durationSec: number | null = knownDurationSec ?? null;
  if (knownDurationSec === undefined && row.contentType === RECORDING_MIME_TYPES.webm) {
    try {
      const fixed = await fixStoredWebmDuration(deps.storage, row.key);
      if (fixed) {
        finalSize = fixed.size;
        durationSec = fixed.durationSec;
      }
    } catch (error) {
      deps.log.warn({ err: error, key: row.key }, 'could not write the webm duration');
    }
  }
  if (knownDurationSec === undefined && row.contentType === RECORDING_MIME_TYPES.mp4) {
    try {
      durationSec = await measureStoredMp4DurationSec(deps.storage, row.key);
    } catch (error) {
      deps.log.warn({ err: error, key: row.key }, 'could not measure the mp4 duration');
    }
  }
  await deps.db
    .update(uploads)
    .set({ status: 'completed', sizeBytes: finalSize, completedAt: deps.now, durationSec })
    .where(eq(uploads.id, row.id));
  return { size: finalSize, durationSec };
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

/**
 * Single-PUT recordings of the applicant whose object now exists are marked completed (there
 * is no complete call for a PUT). Returns the keys of recordings still not stored.
 */
export async function settlePendingRecordings(
  deps: { db: Db; storage: ObjectStorage; now: Date; log: FastifyBaseLogger },
  applicantId: string,
): Promise<string[]> {
  const pending = await deps.db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.applicantId, applicantId),
        inArray(uploads.kind, ['face', 'screen']),
        eq(uploads.status, 'started'),
      ),
    );
  const stillPending: string[] = [];
  for (const row of pending) {
    if (row.uploadId === null) {
      const info = await deps.storage.headObject(row.key);
      if (info) {
        await finishRecording(deps, row, info.size);
        continue;
      }
    }
    stillPending.push(row.key);
  }
  return stillPending;
}

/** The completed uploads among `keys` that belong to `applicantId`. */
export async function findCompletedUploads(
  db: Db,
  applicantId: string,
  keys: string[],
): Promise<Map<string, UploadRow>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.applicantId, applicantId),
        inArray(uploads.key, keys),
        eq(uploads.status, 'completed'),
      ),
    );
  return new Map(rows.map((row) => [row.key, row]));
}

/** Records a file the server stored itself in one request (CV, images): completed at once. */
export async function recordCandidateFile(
  db: Db,
  input: {
    scope: CandidateScope;
    kind: CandidateUploadKind;
    key: string;
    contentType: string;
    sizeBytes: number;
    questionId?: string;
    now: Date;
  },
): Promise<void> {
  await db.insert(uploads).values({
    orgId: input.scope.orgId,
    applicantId: input.scope.applicantId,
    kind: input.kind,
    questionId: input.questionId ?? null,
    key: input.key,
    contentType: input.contentType,
    status: 'completed',
    sizeBytes: input.sizeBytes,
    createdAt: input.now,
    completedAt: input.now,
  });
}

/**
 * 404 when the candidate's applicant is gone, 409 once the interview is submitted (answers are
 * final then): checked before a recording upload starts, is signed or is written.
 */
export async function assertInterviewOpen(
  db: Db,
  scope: Pick<CandidateScope, 'applicantId' | 'jobId'>,
): Promise<void> {
  const submittedAt = await findApplicantSubmittedAt(db, scope.applicantId, scope.jobId);
  if (submittedAt === undefined) throw new AppError('NOT_FOUND_ERR');
  if (submittedAt) {
    throw new AppError('VALIDATION_ERR', {
      status: 409,
      message: 'The interview was already submitted',
    });
  }
}

/** The stored lengths of the applicant's completed recordings among `keys` (null: unknown). */
export async function findRecordingDurations(
  db: Db,
  applicantId: string,
  keys: readonly string[],
): Promise<Map<string, number | null>> {
  const durations = new Map<string, number | null>();
  if (keys.length === 0) return durations;
  const rows = await db
    .select({ key: uploads.key, durationSec: uploads.durationSec })
    .from(uploads)
    .where(
      and(
        eq(uploads.applicantId, applicantId),
        inArray(uploads.key, [...keys]),
        eq(uploads.status, 'completed'),
      ),
    );
  for (const row of rows) durations.set(row.key, row.durationSec);
  return durations;
}

/**
 * Forgets a discarded take's upload (issue 13): its row goes, and the stored recording with it
 * when it was completed. Only while the row is still this upload's (a newer take of the same
 * key owns it otherwise). Returns whether anything was removed.
 */
export async function deleteDiscardedUpload(
  deps: { db: Db; storage: ObjectStorage },
  scope: CandidateScope,
  key: string,
  uploadId: string,
): Promise<boolean> {
  const [row] = await deps.db
    .delete(uploads)
    .where(
      and(
        eq(uploads.key, key),
        eq(uploads.uploadId, uploadId),
        eq(uploads.applicantId, scope.applicantId),
      ),
    )
    .returning({ status: uploads.status });
  if (!row) return false;
  if (row.status === 'completed') await deps.storage.deleteObject(key).catch(() => undefined);
  return true;
}

/**
 * Deletes the upload rows of the applicants (in the caller's transaction) and returns what they
 * were, so the caller can abort unfinished multipart uploads and remove the objects afterwards.
 */
export async function deleteUploadsOfApplicants(
  tx: Db | DbTx,
  applicantIds: readonly string[],
): Promise<{ key: string; uploadId: string | null; status: string }[]> {
  if (applicantIds.length === 0) return [];
  return tx
    .delete(uploads)
    .where(inArray(uploads.applicantId, [...applicantIds]))
    .returning({ key: uploads.key, uploadId: uploads.uploadId, status: uploads.status });
}

/**
 * The tus upload ids of recordings completed within `[from, to)`: their staging copies are
 * no longer needed once the recording was copied to its key.
 */
export async function findFinishedTusUploadIds(db: Db, from: Date, to: Date): Promise<string[]> {
  const rows = await db
    .select({ uploadId: uploads.uploadId })
    .from(uploads)
    .where(
      and(
        inArray(uploads.kind, ['face', 'screen']),
        eq(uploads.status, 'completed'),
        isNotNull(uploads.uploadId),
        lt(uploads.completedAt, to),
        gt(uploads.completedAt, from),
      ),
    );
  return rows.flatMap((row) => (row.uploadId ? [row.uploadId] : []));
}

/**
 * Records an object stored in one go as a completed upload (profile images, the seed's
 * recordings and CVs): the `uploads` row any later check or clean-up reads.
 */
export async function recordStoredObject(
  db: Db | DbTx,
  input: {
    orgId: string;
    applicantId?: string | null;
    kind: UploadRow['kind'];
    questionId?: string | null;
    key: string;
    contentType: string;
    sizeBytes: number;
    durationSec?: number | null;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(uploads).values({
    orgId: input.orgId,
    applicantId: input.applicantId ?? null,
    kind: input.kind,
    questionId: input.questionId ?? null,
    key: input.key,
    contentType: input.contentType,
    status: 'completed',
    sizeBytes: input.sizeBytes,
    durationSec: input.durationSec ?? null,
    createdAt: input.createdAt,
    completedAt: input.createdAt,
  });
}

/** True when `key` is a completed upload of one of `kinds`. */
export async function isCompletedUploadOfKind(
  db: Db,
  key: string,
  kinds: readonly UploadRow['kind'][],
): Promise<boolean> {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(eq(uploads.key, key), eq(uploads.status, 'completed'), inArray(uploads.kind, [...kinds])),
    );
  return Boolean(row);
}

/**
 * Whether the applicant has begun recording an answer (an upload of a camera or screen
 * recording, finished or not): the interview has started, even before an answer is saved.
 */
export async function hasRecordingUpload(db: Db, applicantId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.applicantId, applicantId), inArray(uploads.kind, ['face', 'screen'])))
    .limit(1);
  return row !== undefined;
}

/**
 * Every stored object recorded for an organisation (recordings, CVs, images, logos, covers): an
 * organisation about to be deleted queues them for removal (issue 15), as its rows cascade.
 */
export async function listOrgStoredObjects(
  tx: Db | DbTx,
  orgId: string,
): Promise<{ key: string; uploadId: string | null; status: string }[]> {
  return tx
    .select({ key: uploads.key, uploadId: uploads.uploadId, status: uploads.status })
    .from(uploads)
    .where(eq(uploads.orgId, orgId));
}
