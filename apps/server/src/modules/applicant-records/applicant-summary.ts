import type { ApplicantSummary } from '@candid/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planConstant, renderOnce, runListStatement } from '../../db/list-query';
import { applicants, jobApplicantCounts } from '../../db/schema';
import { fileUrl } from '../../storage/file-url';

/** Avatars shown on a job card (applicantSummary). */
export const SUMMARY_AVATAR_COUNT = 3;

/** A job's summary as applicantSummarySql reads it: the count, the latest few's names. */
export interface RawApplicantSummary {
  /** How many visible applicants (job_applicant_counts), as [visible, unread, unreviewed]. */
  n: [number, number, number] | null;
  /** [first name, last name, image key] of the latest SUMMARY_AVATAR_COUNT, newest first. */
  a: [string, string, string | null][] | null;
}

/**
 * The applicant summary of the job whose id is `jobId` (a column of the statement it goes
 * into), as one JSON value (see RawApplicantSummary; toApplicantSummary makes it
 * applicantSummary): how many applicants it has and the names and avatars of the latest
 * {@link SUMMARY_AVATAR_COUNT}. Counts what the recruiter's applicant list shows: recruiter
 * previews and archived applicants are left out; of those, how many are new (submitted, not
 * yet opened by a recruiter) and how many wait for a status. The counts are one row of
 * job_applicant_counts (kept by triggers), the avatars a few entries of applicants_job_visible_created_idx, so a
 * job's summary costs the same however many applicants it has (a job of 200,000 was counted on
 * every jobs page; capped at LIST_COUNT_CAP, still 10,001 index entries a card).
 *
 * modules/applicant-records owns the applicants table; the jobs list puts this into its statement.
 */
export function applicantSummarySql(jobId: SQL): SQL {
  return sql`json_build_object(
    'n', (select json_build_array(${jobApplicantCounts.visible}, ${jobApplicantCounts.unread},
        ${jobApplicantCounts.unreviewed}) from ${jobApplicantCounts}
      where ${jobApplicantCounts.jobId} = ${jobId}),
    'a', (select json_agg(json_build_array(l.f_name, l.l_name, l.img_key)) from (
      select ${applicants.fName} as f_name, ${applicants.lName} as l_name,
        ${applicants.imgKey} as img_key
      from ${applicants}
      where ${applicants.jobId} = ${jobId} and ${applicants.archivedAt} is null
        and ${applicants.isPreview} = false
      order by ${applicants.createdAt} desc nulls last, ${applicants.id}
      limit ${planConstant(SUMMARY_AVATAR_COUNT)}) as l))`;
}

/** The applicantSummary of what applicantSummarySql read. */
export function toApplicantSummary(raw: RawApplicantSummary): ApplicantSummary {
  return {
    avatars: (raw.a ?? []).map(([fName, lName, imgKey]) => ({
      img: imgKey ? fileUrl(imgKey) : null,
      username: `${fName} ${lName}`.trim(),
    })),
    applicantCount: Number(raw.n?.[0] ?? 0),
    newCount: Number(raw.n?.[1] ?? 0),
    toReviewCount: Number(raw.n?.[2] ?? 0),
  };
}

/** The summary of each job of `jobIds`, parsed (applicantSummarySql), in one statement. */
const SUMMARIES = renderOnce(
  sql`select j.id as "jobId", ${applicantSummarySql(sql`j.id`)} as "summary"`,
);

/**
 * The applicant summary of each of `jobIds`, in one statement. The ids are one array
 * parameter, so the text is the same for every call and the list pool keeps it prepared.
 */
export async function getApplicantSummaries(
  db: Db,
  jobIds: readonly string[],
): Promise<Map<string, ApplicantSummary>> {
  if (jobIds.length === 0) return new Map();
  const rows = await runListStatement<{ jobId: string; summary: RawApplicantSummary }>(
    db,
    sql`${SUMMARIES} from unnest(${sql.param([...jobIds])}::uuid[]) as j(id)`,
  );
  return new Map(rows.map((row) => [row.jobId, toApplicantSummary(row.summary)]));
}
