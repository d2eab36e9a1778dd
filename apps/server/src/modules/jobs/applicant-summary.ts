import type { ApplicantSummary } from '@candid/domain';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicants } from '../../db/schema';
import { fileUrl } from '../uploads/uploads.service';

/** Avatars shown on a job card (spec §3 applicantSummary). */
export const SUMMARY_AVATAR_COUNT = 3;

/**
 * The applicant summary of each job (spec §3): how many applicants it has and the avatars of
 * the latest {@link SUMMARY_AVATAR_COUNT}. Counts what the recruiter's applicant list shows:
 * recruiter previews and archived applicants are left out. Two queries for a whole page, both
 * on applicants_job_visible_created_idx (the count index-only, the avatars a few rows a job).
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

  // The latest few of each job, each read straight off applicants_job_visible_created_idx.
  const jobList = sql.join(
    jobIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select a.job_id as "jobId", a.f_name as "fName", a.l_name as "lName", a.img_key as "imgKey"
    from unnest(array[${jobList}]) as j(id)
    cross join lateral (
      select job_id, f_name, l_name, img_key, created_at, id
      from ${applicants}
      where job_id = j.id and archived_at is null and is_preview = false
      order by created_at desc nulls last, id
      limit ${SUMMARY_AVATAR_COUNT}
    ) as a
    order by a.job_id, a.created_at desc nulls last, a.id`);
  const latest = (
    result as unknown as { rows: { jobId: string; fName: string; lName: string; imgKey: string }[] }
  ).rows;
  for (const row of latest) {
    summaries.get(row.jobId)?.avatars.push({
      img: row.imgKey ? fileUrl(row.imgKey) : null,
      username: `${row.fName} ${row.lName}`.trim(),
    });
  }
  return summaries;
}
