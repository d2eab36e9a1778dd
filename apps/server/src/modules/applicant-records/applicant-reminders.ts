import { and, count, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { applicants } from '../../db/schema';
import { jobOf, jobsTableForJoin } from '../jobs/jobs.joins';

/**
 * The applicant reads and claims the scheduled mail needs: invitation reminders, deadline
 * reminders and the submission digest (the applicants table is this module's).
 */

/** Invited applicants whose reminder is due and who have not finished, stopped or been archived. */
export async function findDueReminders(db: Db, now: Date, limit: number) {
  return db
    .select({
      id: applicants.id,
      orgId: applicants.orgId,
      jobId: applicants.jobId,
      fName: applicants.fName,
      email: applicants.email,
      deadlineRemindedAt: applicants.deadlineRemindedAt,
    })
    .from(applicants)
    .where(
      and(
        lte(applicants.reminderDueAt, now),
        isNull(applicants.submittedAt),
        isNull(applicants.quitedAt),
        isNull(applicants.archivedAt),
        isNull(applicants.remindersStoppedAt),
      ),
    )
    .limit(limit);
}

/** Clears a due reminder; false when another sender took it first. */
export async function clearReminderDue(tx: Db | DbTx, applicantId: string): Promise<boolean> {
  const cleared = await tx
    .update(applicants)
    .set({ reminderDueAt: null })
    .where(and(eq(applicants.id, applicantId), isNotNull(applicants.reminderDueAt)))
    .returning({ id: applicants.id });
  return cleared.length > 0;
}

/** The invited person asked for no more reminders. */
export async function stopApplicantReminders(db: Db, applicantId: string, now: Date) {
  await db
    .update(applicants)
    .set({ reminderDueAt: null, remindersStoppedAt: now })
    .where(and(eq(applicants.id, applicantId), isNull(applicants.remindersStoppedAt)));
}

/**
 * Invited applicants owed the deadline reminder: their job (active) closes within `beforeMs`
 * from `now` and has not closed yet; they were invited before that window opened (someone
 * invited the day before gets the invitation, not a reminder on its heels); they have not
 * submitted, quit, been archived or stopped reminders, the recruiter wanted reminders, and they
 * have not had this one. Reads the closing jobs from their partial index, then each job's
 * applicants by job.
 */
export async function findDueDeadlineReminders(db: Db, now: Date, beforeMs: number, limit: number) {
  const jobs = jobsTableForJoin();
  const windowEnd = new Date(now.getTime() + beforeMs);
  return db
    .select({
      id: applicants.id,
      orgId: applicants.orgId,
      jobId: applicants.jobId,
      fName: applicants.fName,
      email: applicants.email,
      closesAt: jobs.closesAt,
    })
    .from(applicants)
    .innerJoin(jobs, jobOf(applicants.jobId))
    .where(
      and(
        isNotNull(jobs.closesAt),
        isNull(jobs.archivedAt),
        sql`${jobs.closesAt} > ${now}`,
        lte(jobs.closesAt, windowEnd),
        isNotNull(applicants.inviteTokenHash),
        sql`${applicants.createdAt} < ${jobs.closesAt} - make_interval(secs => ${beforeMs / 1000})`,
        isNull(applicants.submittedAt),
        isNull(applicants.quitedAt),
        isNull(applicants.archivedAt),
        isNull(applicants.remindersStoppedAt),
        eq(applicants.remindersWanted, true),
        isNull(applicants.deadlineRemindedAt),
      ),
    )
    .limit(limit);
}

/** Marks the deadline reminder taken (queued); false when another sender took it first. */
export async function claimDeadlineReminder(
  tx: Db | DbTx,
  applicantId: string,
  now: Date,
): Promise<boolean> {
  const claimed = await tx
    .update(applicants)
    .set({ deadlineRemindedAt: now })
    .where(and(eq(applicants.id, applicantId), isNull(applicants.deadlineRemindedAt)))
    .returning({ id: applicants.id });
  return claimed.length > 0;
}

/** A submitted interview as a digest e-mail names it. */
export interface SubmittedInterview {
  id: string;
  jobId: string;
  fName: string;
  lName: string;
  jobTitle: string;
}

/**
 * The interviews of an organisation submitted in `(from, to]`, newest first (at most `limit`)
 * and how many in all: every job's, or those of the jobs `ownerId` owns. Archived applicants
 * are left out (the recruiter put them away already).
 */
export async function listSubmittedBetween(
  db: Db,
  input: {
    orgId: string;
    ownerId: string | null;
    /** A reviewer's assigned jobs: only theirs are listed (null: every job). */
    jobIds: ReadonlySet<string> | null;
    from: Date;
    to: Date;
    limit: number;
  },
): Promise<{ interviews: SubmittedInterview[]; total: number }> {
  const jobs = jobsTableForJoin();
  const where = and(
    eq(applicants.orgId, input.orgId),
    isNull(applicants.archivedAt),
    sql`${applicants.submittedAt} > ${input.from}`,
    lte(applicants.submittedAt, input.to),
    input.ownerId ? eq(jobs.ownerId, input.ownerId) : undefined,
    input.jobIds === null
      ? undefined
      : input.jobIds.size === 0
        ? sql`false`
        : inArray(applicants.jobId, [...input.jobIds]),
  );
  const [interviews, [totals]] = await Promise.all([
    db
      .select({
        id: applicants.id,
        jobId: applicants.jobId,
        fName: applicants.fName,
        lName: applicants.lName,
        jobTitle: jobs.title,
      })
      .from(applicants)
      .innerJoin(jobs, jobOf(applicants.jobId))
      .where(where)
      .orderBy(sql`${applicants.submittedAt} desc`)
      .limit(input.limit),
    db
      .select({ total: count() })
      .from(applicants)
      .innerJoin(jobs, jobOf(applicants.jobId))
      .where(where),
  ]);
  return { interviews, total: totals?.total ?? 0 };
}
