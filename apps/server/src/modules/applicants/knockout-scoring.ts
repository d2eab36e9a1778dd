import { scoreAnswers, type ApplicantScore } from '@candid/domain';
import type { Db, DbTx } from '../../db/client';
import type { StoredAnswer } from '../../db/schema';
import { publish } from '../../lib/domain-events';
import { recordActivity } from '../activities/activities.service';
import type { InterviewJob } from '../jobs/interview-job';
import {
  appendTimeline,
  type ApplicantRow,
  type NewApplicantRow,
} from '../applicant-records/applicant-store';

/**
 * Scoring at submission (docs/features.md, "Scoring and knockout questions"): the score and
 * the knockout flag go with the submission's own update; a knockout answer on a question with a
 * chosen status sets it, unless a recruiter already set one. The candidate is never told: none of
 * this is in the candidate's answers, e-mails or status page.
 */
export interface SubmissionScore {
  set: Pick<NewApplicantRow, 'score' | 'knockedOut'> & { status?: number };
  knockout: ApplicantScore['knockout'];
  /** The status the knockout set (null: none). */
  status: number | null;
}

export function scoreSubmission(
  job: Pick<InterviewJob, 'quests'>,
  answerMap: Record<string, StoredAnswer>,
  currentStatus: number,
): SubmissionScore {
  const { scorePct, knockout } = scoreAnswers(job.quests, answerMap);
  const status = knockout?.status != null && currentStatus === 0 ? knockout.status : null;
  return {
    set: { score: scorePct, knockedOut: knockout !== null, ...(status !== null ? { status } : {}) },
    knockout,
    status,
  };
}

/** The knockout's status on the timeline and to webhooks, in the submission's transaction. */
export async function recordKnockoutStatus(
  tx: DbTx,
  applicant: ApplicantRow,
  scored: SubmissionScore,
  now: Date,
): Promise<void> {
  if (scored.status === null) return;
  await appendTimeline(tx, applicant.id, [
    {
      type: 'status',
      statusCode: scored.status,
      questId: scored.knockout?.questId,
      createdAt: now,
    },
  ]);
  await publish(tx, 'applicant.status_changed', { applicant, previousStatus: 0, now });
}

/** The activity log's line: nobody changed it, a knockout answer did. */
export async function logKnockoutStatus(
  db: Db,
  applicant: ApplicantRow,
  scored: SubmissionScore,
  now: Date,
): Promise<void> {
  if (scored.status === null) return;
  await recordActivity(db, {
    type: 'update',
    target: 'status',
    userId: null,
    orgId: applicant.orgId,
    desc: `${applicant.fName} ${applicant.lName}`.trim(),
    meta: {
      applicantId: applicant.id,
      jobId: applicant.jobId,
      statusCode: scored.status,
      knockoutQuestId: scored.knockout?.questId ?? null,
    },
    date: now,
  });
}
