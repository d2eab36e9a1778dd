import type { Upload } from '@tus/server';
import type { FastifyInstance } from 'fastify';
import { AppError, isAppError } from '../../lib/app-error';
import { can, candidateActor } from '../../policies';
import { toCandidateScope, type CandidateScope } from '../applicants/candidate-auth';
import { assertInterviewOpen } from './interview-uploads.service';
import { tusError, type TusStore } from './tus-protocol';

/** The tus endpoint's checks of who is asking: the candidate token and the upload's owner. */
export function tusCandidateChecks(app: FastifyInstance, store: TusStore) {
  async function scopeOfHeader(header: string | null | undefined): Promise<CandidateScope> {
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) throw tusError(new AppError('LOGIN_REQUIRED_ERR'));
    let scope: CandidateScope | null;
    try {
      scope = toCandidateScope(await app.tokens.verify(match[1]!, 'candidate'));
    } catch (error) {
      throw tusError(isAppError(error) ? error : new AppError('INVALID_TOKEN_ERR'));
    }
    if (!scope) throw tusError(new AppError('INVALID_TOKEN_ERR'));
    return scope;
  }

  async function assertOpen(scope: CandidateScope): Promise<void> {
    try {
      await assertInterviewOpen(app.db, scope);
    } catch (error) {
      throw isAppError(error) ? tusError(error) : error;
    }
  }

  /** The upload's metadata as the server wrote it at creation; 403 for another applicant. */
  async function getOwnedUpload(scope: CandidateScope, id: string): Promise<Upload> {
    const upload = await store.getUpload(id);
    const meta = upload.metadata ?? {};
    const own = can(candidateActor(scope), 'interview.answer', {
      applicantId: meta.applicantId ?? '',
      jobId: meta.jobId ?? '',
    });
    if (!own || !meta.key) {
      throw tusError(
        new AppError('FORBIDDEN_ERR', { message: 'The upload belongs to another applicant' }),
      );
    }
    return upload;
  }

  return { scopeOfHeader, assertOpen, getOwnedUpload };
}

export type TusCandidateChecks = ReturnType<typeof tusCandidateChecks>;
