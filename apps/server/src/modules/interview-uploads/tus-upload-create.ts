import { multipartKey, recordingFileName, type RecordingContainer } from '@candid/domain';
import type { Upload } from '@tus/server';
import type { FastifyInstance } from 'fastify';
import { AppError, isAppError } from '../../lib/app-error';
import { can, candidateActor } from '../../policies';
import type { CandidateScope } from '../applicants/candidate-auth';
import { assertAcceptsStartedInterview, getInterviewJob } from '../jobs/interview-job';
import {
  baseMimeType,
  findUpload,
  isOwnUpload,
  resolveRecordingTarget,
  saveStartedUpload,
} from './interview-uploads.service';
import { countNewTake } from './recording-takes';
import type { TusCandidateChecks } from './tus-candidate-checks';
import { isGoneUpload, tusError, type TusStore } from './tus-protocol';

const CONTAINERS: Record<string, RecordingContainer> = {
  'video/webm': 'webm',
  'video/mp4': 'mp4',
};

/**
 * A tus creation: the metadata names question and kind, the server derives the key (the
 * multipart path's), counts the take and writes the upload row; the metadata it answers is
 * what the upload keeps.
 */
export async function createTusUpload(
  app: FastifyInstance,
  store: TusStore,
  checks: TusCandidateChecks,
  scope: CandidateScope,
  upload: Upload,
) {
  const { assertOpen } = checks;
  const meta = upload.metadata ?? {};
  const fileType = meta.filetype ?? '';
  const container = CONTAINERS[baseMimeType(fileType)];
  if (!container) {
    throw tusError(
      new AppError('UNSUPPORTED_MEDIA_TYPE_ERR', {
        message: 'filetype must be video/webm or video/mp4',
      }),
    );
  }
  const { questId, kind, applicantId } = meta;
  if (!questId || (kind !== 'face' && kind !== 'screen')) {
    throw tusError(
      new AppError('VALIDATION_ERR', {
        message: 'Upload-Metadata must name questId and kind (face or screen)',
      }),
    );
  }
  if (!applicantId || !can(candidateActor(scope), 'interview.answer', { applicantId })) {
    throw tusError(
      new AppError('FORBIDDEN_ERR', { message: 'The upload names another applicant' }),
    );
  }
  await assertOpen(scope);
  const job = await getInterviewJob(app.db, scope.jobId, { activeOnly: false });
  try {
    assertAcceptsStartedInterview(job, app.now());
  } catch (error) {
    throw isAppError(error) ? tusError(error) : error;
  }
  const key = multipartKey(
    scope.jobId,
    recordingFileName({ applicantId, jobId: scope.jobId, questId, kind, container }),
  );
  let target;
  try {
    target = resolveRecordingTarget(scope, job, key, fileType);
  } catch (error) {
    throw isAppError(error) ? tusError(error) : error;
  }
  const previous = await findUpload(app.db, key);
  if (previous && !isOwnUpload(scope, previous)) {
    throw tusError(new AppError('FORBIDDEN_ERR'));
  }
  // A tus creation is a new take (a resume never creates): counted, and refused (409) on a
  // one-try job beyond 1 + the approved extra retakes, before the earlier take goes. Except
  // when it replaces an unfinished upload of the key that received no byte (the same take
  // created again: a POST whose answer was lost), or one the stale-upload sweep removed
  // (the candidate's device still holds that take and sends it again: refusing it would
  // lose a recorded answer).
  const replacesEmptyTake =
    previous?.status === 'started' &&
    previous.uploadId !== null &&
    previous.uploadId !== upload.id &&
    (await store.getUpload(previous.uploadId).then(
      (earlier) => earlier.offset === 0,
      (error: unknown) => isGoneUpload(error),
    ));
  if (!replacesEmptyTake) {
    try {
      await countNewTake(app.db, scope, job, target, app.now());
    } catch (error) {
      throw isAppError(error) ? tusError(error) : error;
    }
  }
  if (previous?.status === 'started' && previous.uploadId && previous.uploadId !== upload.id) {
    // A retake: the earlier take's unfinished upload is dropped.
    await store.remove(previous.uploadId).catch(() => undefined);
  }
  await saveStartedUpload(app.db, scope, target, upload.id, app.now());
  return {
    metadata: {
      applicantId: scope.applicantId,
      jobId: scope.jobId,
      questId,
      kind,
      filetype: target.contentType,
      key,
    },
  };
}
