import { cvStorageName, validateCvFile } from '@candid/domain';
import type { ObjectStorage } from '../../storage/storage';
import { AppError } from '../../lib/app-error';
import type { Db } from '../../db/client';
import { recordCandidateFile } from '../interview-uploads/interview-uploads.service';
import { applicantFileKey, declaredCvType, sniffCvType } from './applicant-files';
import { setApplicantCv } from '../applicant-records/applicant-store';
import type { CandidateScope } from './candidate-auth';

/**
 * Stores an applicant's CV: one PDF, DOC or DOCX of at most CV_MAX_BYTES, its type
 * checked both as declared (Content-Type or extension) and by its bytes, stored under the
 * file name, a dash and the upload timestamp. The candidate uploads it during onboarding; a
 * recruiter may replace it from the applicant's details. Nothing is written when it is refused.
 */
export async function storeApplicantCv(
  deps: { db: Db; storage: ObjectStorage; now: Date },
  scope: CandidateScope,
  file: { name: string; contentType: string; body: unknown },
): Promise<{ cv: string; key: string }> {
  const { body, name, contentType } = file;
  if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('VALIDATION_ERR');
  const check = validateCvFile(
    { name, type: contentType, size: body.length },
    { isCvRequired: true },
  );
  if (!check.ok) {
    throw check.key === 'validation.FILE_TOO_LARGE'
      ? new AppError('PAYLOAD_TOO_LARGE_ERR')
      : new AppError('VALIDATION_ERR', { message: check.key });
  }
  const actual = sniffCvType(body);
  if (!actual || actual !== declaredCvType(contentType, name)) {
    throw new AppError('VALIDATION_ERR', { message: 'validation.CV_FORMAT_VALIDATE' });
  }
  const stored = cvStorageName(name, deps.now);
  const key = applicantFileKey(scope.jobId, scope.applicantId, 'cv', stored);
  await deps.storage.putObject(key, body, { contentType: actual });
  await recordCandidateFile(deps.db, {
    scope,
    kind: 'cv',
    key,
    contentType: actual,
    sizeBytes: body.length,
    now: deps.now,
  });
  await setApplicantCv(deps.db, scope.applicantId, { name: stored, key }, deps.now);
  return { cv: stored, key };
}
