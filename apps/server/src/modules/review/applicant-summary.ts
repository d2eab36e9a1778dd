import { LIST_COUNT_CAP, type ApplicantSummary } from '@candid/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planConstant, runListStatement } from '../../db/list-query';
import { applicants } from '../../db/schema';
import { fileUrl } from '../uploads/uploads.service';

/** Avatars shown on a job card (spec §3 applicantSummary). */
export const SUMMARY_AVATAR_COUNT = 3;

/**
 * The applicant summary of each job (spec §3): how many applicants it has and the avatars of
 * the latest {@link SUMMARY_AVATAR_COUNT}. Counts what the recruiter's applicant list shows:
 * recruiter previews and archived applicants are left out. One query for a whole page, on
 * applicants_job_visible_created_idx (the count index-only, the avatars a few rows a job). The
 * count stops at LIST_COUNT_CAP (`applicantCountCapped`), so a page of jobs costs the same
 * however many applicants a job has (a job of 200,000 was counted on every jobs page).
 *
 * The review module owns the applicants table; the jobs list calls this for its cards.
 */
export async function getApplicantSummaries(
  db: Db,
  jobIds: readonly string[],
): Promise<Map<string, ApplicantSummary>> {
  const summaries = new Map<string, ApplicantSummary>(
    jobIds.map((id) => [id, { avatars: [], applicantCount: 0 }]),
  );
  if (jobIds.length === 0) return summaries;
  // One statement for the page: each job's count (index-only) and its latest few, both read
  // straight off applicants_job_visible_created_idx. A job without applicants gives one row
  // with its count (0) and no name. The ids are one array parameter and the avatar count a
  // constant, so the text is the same for every page and the list pool keeps it prepared.
  const latest = await runListStatement<{
    jobId: string;
    count: number;
    fName: string | null;
    lName: string | null;
    imgKey: string | null;
  }>(
    db,
    sql`
    select j.id as "jobId", c.n as "count", a.f_name as "fName", a.l_name as "lName",
      a.img_key as "imgKey"
    from unnest(${sql.param([...jobIds])}::uuid[]) as j(id)
    cross join lateral (
      select count(*)::int as n from (select 1 from ${applicants}
        where job_id = j.id and archived_at is null and is_preview = false
        limit ${planConstant(LIST_COUNT_CAP + 1)}) as counted
    ) as c
    left join lateral (
      select f_name, l_name, img_key, created_at, id
      from ${applicants}
      where job_id = j.id and archived_at is null and is_preview = false
      order by created_at desc nulls last, id
      limit ${planConstant(SUMMARY_AVATAR_COUNT)}
    ) as a on true
    order by j.id, a.created_at desc nulls last, a.id`,
  );
  for (const row of latest) {
    const summary = summaries.get(row.jobId);
    if (!summary) continue;
    const count = Number(row.count);
    summary.applicantCount = Math.min(count, LIST_COUNT_CAP);
    if (count > LIST_COUNT_CAP) summary.applicantCountCapped = true;
    if (row.fName === null) continue;
    summary.avatars.push({
      img: row.imgKey ? fileUrl(row.imgKey) : null,
      username: `${row.fName} ${row.lName}`.trim(),
    });
  }
  return summaries;
}
