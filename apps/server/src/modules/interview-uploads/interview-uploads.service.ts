import {
  parseRecordingKey,
  RECORDING_MIME_TYPES,
  recordingKindsFor,
  type RecordingKind,
} from '@candid/domain';
import { and, eq, gt, inArray, isNotNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbTx } from '../../db/client';
import { uploads } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isStorageError, type ObjectStorage } from '../../storage/storage';
import type { CandidateScope } from '../applicants/candidate-auth';
import type { InterviewJob } from '../jobs/interview-job';
import { findApplicantRecordingState } from '../applicant-records/applicant-store';
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
 * 404 when the candidate's applicant is gone, 403 CONSENT_REQUIRED_ERR when it never accepted
 * the consent notice, 409 once the interview is submitted (answers are final then): checked
 * before a recording upload starts, is signed or is written.
 */
export async function assertInterviewOpen(
  db: Db,
  scope: Pick<CandidateScope, 'applicantId' | 'jobId'>,
): Promise<void> {
  const state = await findApplicantRecordingState(db, scope.applicantId, scope.jobId);
  if (state === undefined) throw new AppError('NOT_FOUND_ERR');
  // 'before-notice': interviews started before the notice existed (the migration) may finish.
  if (state.consentChoice !== 'accepted' && state.consentChoice !== 'before-notice') {
    throw new AppError('CONSENT_REQUIRED_ERR');
  }
  if (state.submittedAt) {
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
 * Forgets a discarded take's upload: its row goes, and the stored recording with it
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
 * organisation about to be deleted queues them for removal, as its rows cascade.
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
