import { and, eq, isNull } from 'drizzle-orm';
import {
  acceptsStartedInterview,
  isJobClosed,
  type Question,
  type StatusStages,
} from '@candid/domain';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';

/** What the candidate side needs of a job: its owner (realtime, isFree), title and questions. */
export interface InterviewJob {
  id: string;
  orgId: string;
  ownerId: string;
  title: string;
  companyName: string;
  companyLogoUrl: string;
  /** The status page's rules as stored (null: all defaults). */
  statusStages: Partial<StatusStages> | null;
  isCvRequired: boolean;
  isOneTry: boolean;
  quests: Question[];
  /** The closing date; null: never closes. */
  closesAt: Date | null;
}

/**
 * The job a candidate applies to or answers. `activeOnly` (a new applicant) turns a missing or
 * archived job into INTERVIEW_NOT_AVAILABLE_ERR; a candidate already in the interview may
 * finish it even if the recruiter archives the job meanwhile.
 */
export async function getInterviewJob(
  db: Db,
  id: string,
  options: { activeOnly: boolean },
): Promise<InterviewJob> {
  if (!isUuid(id)) throw new AppError('INTERVIEW_NOT_AVAILABLE_ERR');
  const [row] = await db
    .select({
      id: jobs.id,
      orgId: jobs.orgId,
      ownerId: jobs.ownerId,
      title: jobs.title,
      companyName: jobs.companyName,
      companyLogoUrl: jobs.companyLogoUrl,
      statusStages: jobs.statusStages,
      isCvRequired: jobs.isCvRequired,
      isOneTry: jobs.isOneTry,
      quests: jobs.quests,
      closesAt: jobs.closesAt,
    })
    .from(jobs)
    .where(options.activeOnly ? and(eq(jobs.id, id), isNull(jobs.archivedAt)) : eq(jobs.id, id));
  if (!row) throw new AppError('INTERVIEW_NOT_AVAILABLE_ERR');
  return row;
}

/** Starting an interview (a new applicant, an invitation opened): JOB_CLOSED_ERR once closed. */
export function assertJobOpen(job: Pick<InterviewJob, 'closesAt'>, now: Date): void {
  if (isJobClosed(job.closesAt, now)) throw new AppError('JOB_CLOSED_ERR');
}

/**
 * A started interview's answers, uploads and submit: accepted until the grace period after the
 * closing date ends (domain `acceptsStartedInterview`), JOB_CLOSED_ERR after it.
 */
export function assertAcceptsStartedInterview(
  job: Pick<InterviewJob, 'closesAt'>,
  now: Date,
): void {
  if (!acceptsStartedInterview(job.closesAt, now)) throw new AppError('JOB_CLOSED_ERR');
}
