import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicants } from '../../db/schema';
import { jobOf, jobsTableForJoin } from '../jobs/jobs.joins';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { actorMeta, authorize, type LoggedActor, type StaffActor } from '../../policies';

/**
 * Finding an organisation's applicant for a staff call and checking it may be opened: the
 * review (modules/review), the accommodation decisions and the device checks all start here.
 * Everything is scoped to one organisation; another organisation's applicant is "not found".
 * Locks are decided for the acting user (the admin's view-as user when there is one), as that
 * is whose product the caller is looking at.
 */

/**
 * The staff actor of the call: `id`, `orgId` and plan are the acting user's (an admin's
 * view-as target), which decide scope, locks, sorting and bookmarks through `policies/`.
 */
export type Reviewer = StaffActor;

/** Who did it, for the activity log: the real user (an admin when viewing as another). */
export type ReviewActor = LoggedActor;

/** The jobs module's table, joined for the applicant's job (title, owner, questions). */
const jobs = jobsTableForJoin();

export function fullName(row: { fName: string; lName: string }): string {
  return `${row.fName} ${row.lName}`.trim();
}

export function activityMeta(actor: ReviewActor, meta: Record<string, unknown>) {
  return { ...meta, ...actorMeta(actor) };
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
    .innerJoin(jobs, jobOf(applicants.jobId))
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

/**
 * 403 unless the viewer may open the applicant (locked ones stay closed); 404 when it is of a job
 * the viewer does not see (a reviewer's job they are not assigned to).
 */
export function assertUnlocked(
  viewer: Reviewer,
  applicant: { orgId: string; jobId: string; isFree: boolean },
): void {
  authorize(viewer, 'applicant.open', applicant);
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
    .select({
      applicant: applicants,
      jobTitle: jobs.title,
      ownerId: jobs.ownerId,
      // The job's question ids, in order: a bookmark names one of them.
      questIds: sql<
        string[]
      >`coalesce(jsonb_path_query_array(${jobs.quests}, '$[*].id'), '[]'::jsonb)`,
    })
    .from(applicants)
    .innerJoin(jobs, jobOf(applicants.jobId))
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
