import { isApplicantLocked, type PermissionSubject } from '@candid/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicants, jobs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';

/**
 * The recruiter's review of applicants (spec §7 "Jobs": `job/applicant`, `job/applicantCount`,
 * `job/{jobId}/{applicantId}`, `job/applicantVideos/…`, `PUT job/applicant`,
 * `PUT job/applicantDelete`). Everything is scoped to one organisation; another organisation's
 * applicant is "not found". Locks (spec §6) are decided for the acting user (the admin's view-as
 * user when there is one), as that is whose product the caller is looking at.
 */

/** The user the call acts for, with the plan that decides locks, sorting and bookmarks. */
export interface Reviewer extends PermissionSubject {
  id: string;
  orgId: string;
}

/** Who did it, for the activity log: the real user (an admin when viewing as another). */
export interface ReviewActor {
  userId: string;
  /** The user the admin is viewing as, when that is someone else. */
  viewAsId?: string;
}

export function fullName(row: { fName: string; lName: string }): string {
  return `${row.fName} ${row.lName}`.trim();
}

export function activityMeta(actor: ReviewActor, meta: Record<string, unknown>) {
  return { ...meta, ...(actor.viewAsId ? { viewAsId: actor.viewAsId } : {}) };
}

/**
 * One applicant of the organisation with its job, or NOT_FOUND_ERR (also for a malformed id
 * and, when `jobId` is given, for an applicant of another job).
 */
export async function findOrgApplicant(db: Db, orgId: string, applicantId: string, jobId?: string) {
  if (!isUuid(applicantId) || (jobId !== undefined && !isUuid(jobId))) {
    throw new AppError('NOT_FOUND_ERR');
  }
  const [found] = await db
    .select({ applicant: applicants, job: jobs })
    .from(applicants)
    .innerJoin(jobs, eq(jobs.id, applicants.jobId))
    .where(
      and(
        eq(applicants.id, applicantId),
        eq(applicants.orgId, orgId),
        jobId !== undefined ? eq(applicants.jobId, jobId) : undefined,
      ),
    );
  if (!found) throw new AppError('NOT_FOUND_ERR');
  return found;
}

export function assertUnlocked(viewer: Reviewer, applicant: { isFree: boolean }): void {
  if (isApplicantLocked(viewer, applicant)) {
    throw new AppError('FORBIDDEN_ERR', {
      message: 'This applicant is locked: opening it needs the unlimited-interviews plan',
    });
  }
}

/**
 * The organisation's applicants among `ids` with their job's title and owner; 404 for any other.
 * With `lock` (inside a transaction) the applicant rows stay locked until it ends, so two
 * recruiters changing the same applicant at once are applied one after the other, each checked
 * against what the other wrote.
 */
export async function findOrgApplicants(
  db: Db,
  orgId: string,
  ids: readonly string[],
  options: { lock?: boolean } = {},
) {
  const valid = ids.filter(isUuid);
  const query = db
    .select({ applicant: applicants, jobTitle: jobs.title, ownerId: jobs.ownerId })
    .from(applicants)
    .innerJoin(jobs, eq(jobs.id, applicants.jobId))
    .where(and(eq(applicants.orgId, orgId), inArray(applicants.id, valid)));
  const rows =
    valid.length === 0
      ? []
      : options.lock
        ? await query.for('update', { of: applicants })
        : await query;
  const byId = new Map(rows.map((row) => [row.applicant.id, row]));
  for (const id of ids) {
    if (!byId.has(id)) {
      throw new AppError('NOT_FOUND_ERR', { message: `Applicant ${id} not found` });
    }
  }
  return byId;
}
