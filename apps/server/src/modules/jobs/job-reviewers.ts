import { ORG_ROLES, toOrgRole, type JobAccessResponse, type OrgRole } from '@candid/domain';
import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbTx } from '../../db/types';
import { jobReviewers, jobs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { authorize, can, loggedActor, viewAsMeta, type StaffActor } from '../../policies';
import { recordActivity } from '../activities/activities.service';
import { listOrgUsers } from '../users/users.service';
import type { JobListScope } from './jobs.list';

/**
 * Who sees which job (docs/features.md, "Team and roles"): the owner and recruiters see every job
 * of the organisation; a reviewer sees the jobs they are assigned to here. The reviewer's
 * assigned jobs are read with their user on every request (`findAssignedJobIds`, given to the
 * auth plugin), and every list, count and lookup narrows by `jobScopeCondition`.
 */

/** The jobs a reviewer is assigned to (one index lookup). */
export async function findAssignedJobIds(db: Db, userId: string): Promise<ReadonlySet<string>> {
  const rows = await db
    .select({ jobId: jobReviewers.jobId })
    .from(jobReviewers)
    .where(eq(jobReviewers.userId, userId));
  return new Set(rows.map((row) => row.jobId));
}

/**
 * The condition that keeps a query on the jobs `actor` sees: nothing for the owner, recruiters
 * and admins (undefined, so `and(…)` drops it), `column in (assigned)` for a reviewer, and a
 * condition true of no row for a reviewer with no job.
 */
export function jobScopeCondition(
  actor: Pick<StaffActor, 'assignedJobIds'>,
  column: AnyPgColumn,
): SQL | undefined {
  const assigned = actor.assignedJobIds;
  if (assigned === null) return undefined;
  if (assigned.size === 0) return sql`false`;
  return inArray(column, [...assigned]);
}

/** The jobs a list of `actor` reads (see JobListScope). */
export function jobListScope(actor: StaffActor): JobListScope {
  const assigned = jobScopeCondition(actor, jobs.id);
  return assigned ? { orgId: actor.orgId, jobs: assigned } : { orgId: actor.orgId };
}

/** The users of `orgId` who see job `jobId`: everyone but the reviewers not assigned to it. */
export async function listJobViewerIds(db: Db | DbTx, orgId: string, jobId: string) {
  const [users, assigned] = await Promise.all([
    listOrgUsers(db as Db, orgId),
    db
      .select({ userId: jobReviewers.userId })
      .from(jobReviewers)
      .where(eq(jobReviewers.jobId, jobId)),
  ]);
  const reviewers = new Set(assigned.map((row) => row.userId));
  return users
    .filter((user) => toOrgRole(user.orgRole) !== ORG_ROLES.REVIEWER || reviewers.has(user.id))
    .map((user) => user.id);
}

/** The job of the organisation `actor` acts in, for its access list; 404 for any other. */
async function findAccessJob(db: Db, actor: StaffActor, jobId: string) {
  const [job] = isUuid(jobId)
    ? await db
        .select({ id: jobs.id, orgId: jobs.orgId, title: jobs.title })
        .from(jobs)
        .where(and(eq(jobs.id, jobId), eq(jobs.orgId, actor.orgId)))
    : [];
  if (!job) throw new AppError('NOT_FOUND_ERR');
  authorize(actor, 'job.read', { orgId: job.orgId, jobId: job.id });
  return job;
}

/** `GET job/{id}/access`: everyone of the organisation and whether they see the job. */
export async function getJobAccess(
  db: Db,
  actor: StaffActor,
  jobId: string,
): Promise<JobAccessResponse> {
  const job = await findAccessJob(db, actor, jobId);
  const [users, assigned] = await Promise.all([
    listOrgUsers(db, actor.orgId),
    db
      .select({ userId: jobReviewers.userId })
      .from(jobReviewers)
      .where(eq(jobReviewers.jobId, job.id)),
  ]);
  const reviewers = new Set(assigned.map((row) => row.userId));
  return {
    members: users.map((user) => {
      const orgRole: OrgRole = toOrgRole(user.orgRole);
      return {
        _id: user.id,
        fName: user.fName,
        lName: user.lName,
        email: user.email,
        ...(user.imgUrl ? { imgUrl: user.imgUrl } : {}),
        orgRole,
        canSee: orgRole !== ORG_ROLES.REVIEWER || reviewers.has(user.id),
      };
    }),
    canManage: can(actor, 'job.manageAccess', { orgId: job.orgId }),
  };
}

/**
 * `PUT job/{id}/access`: the job's reviewers become `reviewerIds`, all or nothing. Each must be a
 * reviewer of the organisation (400 naming the first that is not: the owner and recruiters see
 * every job already, and another organisation's user is no one here).
 */
export async function setJobReviewers(
  db: Db,
  actor: StaffActor,
  jobId: string,
  reviewerIds: readonly string[],
  now: Date,
): Promise<JobAccessResponse> {
  const job = await findAccessJob(db, actor, jobId);
  authorize(actor, 'job.manageAccess', { orgId: job.orgId });
  const wanted = [...new Set(reviewerIds)];
  const users = new Map((await listOrgUsers(db, actor.orgId)).map((user) => [user.id, user]));
  for (const id of wanted) {
    const user = users.get(id);
    if (!user || toOrgRole(user.orgRole) !== ORG_ROLES.REVIEWER) {
      throw new AppError('VALIDATION_ERR', {
        message: user
          ? `${id} is not a reviewer: the owner and recruiters see every job`
          : `${id} is not a member of the organisation`,
      });
    }
  }
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(jobReviewers)
      .where(
        and(
          eq(jobReviewers.jobId, job.id),
          wanted.length > 0 ? notInArray(jobReviewers.userId, wanted) : undefined,
        ),
      )
      .returning({ userId: jobReviewers.userId });
    const added =
      wanted.length === 0
        ? []
        : await tx
            .insert(jobReviewers)
            .values(
              wanted.map((userId) => ({
                jobId: job.id,
                userId,
                orgId: job.orgId,
                assignedBy: actor.user.id,
                createdAt: now,
              })),
            )
            .onConflictDoNothing()
            .returning({ userId: jobReviewers.userId });
    if (removed.length === 0 && added.length === 0) return;
    await recordActivity(tx, {
      type: 'update',
      target: 'jobAccess',
      userId: loggedActor(actor).userId,
      orgId: job.orgId,
      desc: job.title,
      meta: {
        jobId: job.id,
        added: added.map((row) => row.userId),
        removed: removed.map((row) => row.userId),
        ...viewAsMeta(actor),
      },
      date: now,
    });
  });
  return getJobAccess(db, actor, job.id);
}

/**
 * A member's role changed (the team screen): a new reviewer keeps seeing the jobs they own; a
 * reviewer made recruiter sees every job, so their assignments go.
 */
export async function applyRoleChange(
  tx: Db | DbTx,
  change: { userId: string; orgId: string; orgRole: OrgRole; now: Date },
): Promise<void> {
  if (change.orgRole !== ORG_ROLES.REVIEWER) {
    await tx.delete(jobReviewers).where(eq(jobReviewers.userId, change.userId));
    return;
  }
  const owned = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.ownerId, change.userId), eq(jobs.orgId, change.orgId)));
  if (owned.length === 0) return;
  await tx
    .insert(jobReviewers)
    .values(
      owned.map((job) => ({
        jobId: job.id,
        userId: change.userId,
        orgId: change.orgId,
        createdAt: change.now,
      })),
    )
    .onConflictDoNothing();
}
