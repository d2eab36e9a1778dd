import {
  REJECTED_STATUS_CODES,
  RETENTION_PREVIEW_LIMIT,
  retentionCutoff,
  type RetentionPreview,
} from '@candid/domain';
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicants } from '../../db/schema';
import { recordActivity } from '../activities/activities.service';
import { jobOf, jobsTableForJoin } from '../jobs/jobs.joins';
import { eraseApplicantRows } from './review.deletion';
import { forgetCappedCounts } from '../applicant-records/applicant-list-caps';

/**
 * Data retention over the organisation's applicants: which are due (the owner's dry
 * run) and deleting them (the daily sweep). Due: archived before the cut-off, or rejected ("not
 * a fit", "not interested") and not archived, last changed before it (domain
 * `retentionClockStart`). The dry run and the sweep read the same condition, so the list the
 * owner saw is what the sweep deletes at that moment.
 */

const jobs = jobsTableForJoin();

function dueCondition(orgId: string, cutoff: Date) {
  return and(
    eq(applicants.orgId, orgId),
    or(
      and(isNotNull(applicants.archivedAt), lt(applicants.archivedAt, cutoff)),
      and(
        isNull(applicants.archivedAt),
        inArray(applicants.status, [...REJECTED_STATUS_CODES]),
        lt(applicants.updatedAt, cutoff),
      ),
    ),
  );
}

const clockStart = sql<Date>`coalesce(${applicants.archivedAt}, ${applicants.updatedAt})`;

/** `GET org/retention/preview`: how many and which applicants `months` would delete now. */
export async function previewRetention(
  db: Db,
  orgId: string,
  months: number,
  now: Date,
): Promise<RetentionPreview> {
  const cutoff = retentionCutoff(now, months);
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(applicants)
    .where(dueCondition(orgId, cutoff));
  const rows = await db
    .select({
      id: applicants.id,
      fName: applicants.fName,
      lName: applicants.lName,
      jobId: applicants.jobId,
      jobTitle: jobs.title,
      status: applicants.status,
      archivedAt: applicants.archivedAt,
      updatedAt: applicants.updatedAt,
    })
    .from(applicants)
    .innerJoin(jobs, jobOf(applicants.jobId))
    .where(dueCondition(orgId, cutoff))
    .orderBy(asc(clockStart), asc(applicants.id))
    .limit(RETENTION_PREVIEW_LIMIT);
  return {
    months,
    cutoff: cutoff.toISOString(),
    count: counted?.count ?? 0,
    applicants: rows.map((row) => ({
      id: row.id,
      fName: row.fName,
      lName: row.lName,
      jobId: row.jobId,
      jobTitle: row.jobTitle,
      status: row.status,
      archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
      since: (row.archivedAt ?? row.updatedAt).toISOString(),
    })),
  };
}

/**
 * Deletes one batch of the organisation's due applicants (oldest first) in one transaction,
 * queueing their files, and records one activity with ids and counts only. Rows another process
 * is deleting are skipped (SKIP LOCKED), so two sweeps never fight. Returns what it deleted and
 * the keys to remove.
 */
export async function deleteRetentionBatch(
  db: Db,
  org: { orgId: string; retentionMonths: number },
  now: Date,
  batchSize: number,
): Promise<{ deleted: number; keys: string[] }> {
  const cutoff = retentionCutoff(now, org.retentionMonths);
  const result = await db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: applicants.id,
        jobId: applicants.jobId,
        imgKey: applicants.imgKey,
        cvKey: applicants.cvKey,
        answerMap: applicants.answerMap,
      })
      .from(applicants)
      .where(dueCondition(org.orgId, cutoff))
      .orderBy(asc(clockStart), asc(applicants.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return { deleted: 0, keys: [] };
    const keys = await eraseApplicantRows(tx, org.orgId, rows, now);
    await recordActivity(tx, {
      type: 'remove',
      target: 'applicant',
      userId: null,
      orgId: org.orgId,
      meta: {
        reason: 'retention',
        retentionMonths: org.retentionMonths,
        count: rows.length,
        applicantIds: rows.map((row) => row.id),
        jobIds: [...new Set(rows.map((row) => row.jobId))],
        files: keys.length,
      },
      date: now,
    });
    return { deleted: rows.length, keys };
  });
  if (result.deleted > 0) forgetCappedCounts(org.orgId);
  return result;
}
