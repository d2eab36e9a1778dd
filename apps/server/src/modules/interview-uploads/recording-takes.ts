import { maxTakesPerQuestion } from '@candid/domain';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordingTakes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CandidateScope } from '../applicants/candidate-auth';
import type { InterviewJob } from '../jobs/interview-job';
import { getAccommodation } from '../accommodations/accommodations.lookups';
import type { RecordingTarget } from './interview-uploads.service';

/**
 * Counts a new take of a recorded question before its upload begins, in one atomic
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
