import type { ApplicantSummary } from '@candid/domain';
import { and, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicants } from '../../db/schema';
import { fileUrl } from '../uploads/uploads.service';

/** Avatars shown on a job card (spec §3 applicantSummary). */
export const SUMMARY_AVATAR_COUNT = 3;

/**
 * The applicant summary of each job (spec §3): how many applicants it has and the avatars of
 * the latest {@link SUMMARY_AVATAR_COUNT}. Counts what the recruiter's applicant list shows:
 * recruiter previews and archived applicants are left out. Two queries for a whole page.
 *
 * Reads the applicants table directly until an applicants module exists to own it; the job list only
 * needs this function's answer.
 */
export async function getApplicantSummaries(
  db: Db,
  jobIds: readonly string[],
): Promise<Map<string, ApplicantSummary>> {
  const summaries = new Map<string, ApplicantSummary>(
    jobIds.map((id) => [id, { avatars: [], applicantCount: 0 }]),
  );
  if (jobIds.length === 0) return summaries;
  const visible = and(
    inArray(applicants.jobId, [...jobIds]),
    eq(applicants.isPreview, false),
    isNull(applicants.archivedAt),
  );
  const counts = await db
    .select({ jobId: applicants.jobId, value: count() })
    .from(applicants)
    .where(visible)
    .groupBy(applicants.jobId);
  for (const row of counts) {
    const summary = summaries.get(row.jobId);
    if (summary) summary.applicantCount = Number(row.value);
  }

  const ranked = db
    .select({
      jobId: applicants.jobId,
      fName: applicants.fName,
      lName: applicants.lName,
      imgKey: applicants.imgKey,
      rank: sql<number>`row_number() over (partition by ${applicants.jobId} order by ${applicants.createdAt} desc, ${applicants.id})`.as(
        'rank',
      ),
    })
    .from(applicants)
    .where(visible)
    .as('ranked');
  const latest = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, SUMMARY_AVATAR_COUNT))
    .orderBy(ranked.jobId, ranked.rank);
  for (const row of latest) {
    summaries.get(row.jobId)?.avatars.push({
      img: row.imgKey ? fileUrl(row.imgKey) : null,
      username: `${row.fName} ${row.lName}`.trim(),
    });
  }
  return summaries;
}
