import {
  getPageCount,
  getSkip,
  type ApplicantCountQuery,
  type ApplicantCountResponse,
  type ApplicantListQuery,
  type ApplicantListResponse,
  LIST_COUNT_CAP,
  SEARCH_COUNT_CAP,
} from '@candid/domain';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  planConstant,
  planOffset,
  readList,
  renderOnce,
  runListStatement,
} from '../../db/list-query';
import { applicants } from '../../db/schema';
import { can } from '../../policies';
import type { ObjectStorage } from '../../storage/storage';
import { toListItem, type ApplicantListRow } from './review.presenter';
import { type Reviewer } from '../applicant-records/applicant-access';
import { cappedApplicantFilters } from '../applicant-records/applicant-list-caps';
import { jobsTableForJoin } from '../jobs/jobs.joins';
import { jobScopeCondition } from '../jobs/job-reviewers';
import { isUuid } from '../../lib/ids';
import {
  conditionOf,
  filterParts,
  jobInOrg,
  matchesCtes,
  notFoundJob,
  walksFirst,
  type ListFilter,
} from './review.filters';
import {
  afterCursor,
  decodeCursor,
  DEFAULT_SORT,
  encodeCursor,
  orderBy,
  sortKey,
} from './review.sort';

/** The jobs table is the jobs module's; the list statement joins it for titles (one statement). */
const jobs = jobsTableForJoin();

/**
 * The applicant overview's list and counts (`job/applicant`, `job/applicantCount`): filters,
 * sorts, numbered and keyset pages, all answered from the list indexes.
 */

/** A list row as json_agg gives it: timestamps as ISO text. */
type JsonListRow = Omit<
  ApplicantListRow,
  'sentAt' | 'openedAt' | 'submittedAt' | 'quitedAt' | 'archivedAt'
> & {
  sentAt: string | null;
  openedAt: string | null;
  submittedAt: string | null;
  quitedAt: string | null;
  archivedAt: string | null;
  /** The sort key and created_at as PostgreSQL text (full precision), for the next cursor. */
  key: string | number | null;
  createdAt: string;
};

/** The list's capped counts (applicant-records/applicant-list-caps.ts). */
const cappedFilters = cappedApplicantFilters;

/**
 * The remembered-cap key of a filter over the organisation's applicants; none for a text search,
 * and none for a reviewer, whose list is their assigned jobs' only.
 */
function cappedKey(viewer: Reviewer, filter: ListFilter): string | null {
  if (filter.txt || viewer.assignedJobIds !== null) return null;
  const { orgId } = viewer;
  const { jobId, statuses, daysAgo, incomplete, showArchived, rating, minScore, knockedOut } =
    filter;
  return cappedFilters.key(orgId, [
    jobId ?? null,
    [...statuses].sort(),
    daysAgo ?? null,
    incomplete ?? null,
    showArchived,
    rating ?? null,
    minScore ?? null,
    knockedOut ?? null,
  ]);
}

/**
 * `jobInOrg`, and for a reviewer a job they are assigned to: any other is "not found" before
 * anything is read.
 */
function jobInViewerScope(viewer: Reviewer, jobId: string | undefined): SQL {
  if (
    jobId !== undefined &&
    isUuid(jobId) &&
    !can(viewer, 'job.read', { orgId: viewer.orgId, jobId })
  ) {
    throw notFoundJob();
  }
  return jobInOrg(viewer.orgId, jobId);
}

/** How far the count of a filter goes: a text search stops sooner (it reads the table). */
function countCapOf(filter: ListFilter): number {
  return filter.txt ? SEARCH_COUNT_CAP : LIST_COUNT_CAP;
}

/** The columns of a list row (see JsonListRow), rendered once. */
const LIST_COLUMNS = renderOnce(sql`${applicants.id} as "id", ${applicants.jobId} as "jobId",
  ${applicants.fName} as "fName", ${applicants.lName} as "lName", ${applicants.email} as "email",
  ${applicants.phone} as "phone", ${applicants.hometown} as "hometown",
  ${applicants.imgKey} as "imgKey", ${applicants.status} as "status",
  ${applicants.sentAt} as "sentAt", ${applicants.openedAt} as "openedAt",
  ${applicants.submittedAt} as "submittedAt", ${applicants.quitedAt} as "quitedAt",
  ${applicants.isRead} as "isRead", ${applicants.isFree} as "isFree",
  ${applicants.archivedAt} as "archivedAt", ${applicants.ratingAvg} as "ratingAvg",
  ${applicants.ratingCount} as "ratingCount", ${applicants.score} as "score",
  ${applicants.knockedOut} as "knockedOut", ${applicants.answerMap} <> '{}'::jsonb as "started",
  ${jobs.title} as "jobTitle", ${applicants.createdAt}::text as "createdAt"`);

/** Applicants with their job (for its title), rendered once. */
const WITH_JOB = renderOnce(
  sql`${applicants} inner join ${jobs} on ${jobs.id} = ${applicants.jobId}`,
);

/**
 * `GET job/applicant`: one page of the organisation's applicants matching the filters. A
 * `jobId` that is not one of the organisation's jobs is NOT_FOUND_ERR (as `GET job/{id}` is).
 * A free user (no UNLIMITED_INTERVIEWS) always gets the default sort.
 *
 * One statement: the capped count (`m`, at most cap + 1 entries of the list index; a search's
 * matches), the page's ids (deferred join: ids first from the list index, OFFSET for numbered
 * pages or the keyset `cursor` for infinite scroll) and then only those rows with their job's
 * title and the sort key of each (the next cursor), as one JSON array. A search whose matches
 * are fewer than its cap sorts those matches; with more, they are dense enough to meet walking
 * the list index; a one-time filter on the count picks the branch, so only one runs.
 */
export async function listApplicants(
  deps: { db: Db; storage: ObjectStorage; now: Date },
  viewer: Reviewer,
  query: ApplicantListQuery,
): Promise<ApplicantListResponse> {
  const { storage, now } = deps;
  const sort = can(viewer, 'applicant.sort') ? query.sort : DEFAULT_SORT;
  const cursor = query.cursor ? decodeCursor(query.cursor, sort) : undefined;
  const limit = query.itemsPerPage;
  const cap = countCapOf(query);
  const jobOk = jobInViewerScope(viewer, query.jobId);
  const parts = filterParts(viewer.orgId, query, now, jobScopeCondition(viewer, applicants.jobId));
  const where = conditionOf(parts);
  const walkWhere = conditionOf(parts, { walk: true });
  const defaultOrder = sort.field === DEFAULT_SORT.field && sort.order === DEFAULT_SORT.order;
  const from = sort.field === 'jobInfo.title' ? WITH_JOB : sql`${applicants}`;
  // With text, whether the matches are dense enough to meet walking the list index: for a
  // search that walks first, the walk's own count (`probe`; the trigram count of a rarer word
  // can pass the cap with matches far down the list); otherwise the count.
  const probed = walksFirst(query);
  const dense = probed
    ? sql`(select count(*) from probe) > ${planConstant(cap)}`
    : sql`(select count(*) from m) > ${planConstant(cap)}`;
  const sparse = probed
    ? sql`(select count(*) from probe) <= ${planConstant(cap)}`
    : sql`(select count(*) from m) <= ${planConstant(cap)}`;
  /** The ids of one page part (after `condition`), from the list index or the sorted matches. */
  const part = (condition: SQL | undefined, take: number, skip: number): SQL => {
    const window = sql`limit ${planConstant(take)} offset ${planOffset(skip)}`;
    // A numbered page of the default sort that lies within the walk's matches (`probe`, in
    // the list's order) is taken from them; the others are read past them.
    const fromProbe = probed && !condition && defaultOrder;
    const past = fromProbe
      ? sql`and (select count(*) from probe) < ${planConstant(skip + take)}`
      : sql``;
    const walk = sql`(select ${applicants.id} from ${from} where ${and(walkWhere, condition)}
      ${query.txt ? sql`and ${dense} ${past}` : sql``}
      order by ${orderBy(sort)} ${window})`;
    if (!query.txt) return walk;
    // A search that walked first sorts all its matches (the trigram bitmap): their rarity in
    // the newest entries bounds them. Otherwise the counted ones (fewer than the cap).
    const matching = probed ? where : sql`${applicants.id} in (select id from m)`;
    const matches = sql`(select ${applicants.id} from ${from}
      where ${matching} ${condition ? sql`and ${condition}` : sql``} and ${sparse} ${past}
      order by ${orderBy(sort, { fromMatches: true })} ${window})`;
    if (!fromProbe) return sql`${walk} union all ${matches}`;
    const within = sql`(select id from probe
      where (select count(*) from probe) >= ${planConstant(skip + take)}
      order by submitted_at desc nulls last, created_at desc nulls last, id desc nulls last
      ${window})`;
    return sql`${within} union all ${walk} union all ${matches}`;
  };
  // A numbered page of the default sort can be taken from the walk's matches (see `part`).
  const pageEnd = !cursor && defaultOrder ? getSkip(query.currPage, limit) + limit : undefined;
  let page: SQL;
  if (cursor) {
    const { valued, unvalued } = afterCursor(sort, cursor);
    page = valued
      ? sql`${part(valued, limit, 0)} union all ${part(unvalued, limit, 0)}`
      : part(unvalued, limit, 0);
  } else {
    page = part(undefined, limit, getSkip(query.currPage, limit));
  }
  const key = sortKey(sort);
  // A filter known to be past its cap skips the count (the page never reads `m` without text).
  const capKey = cappedKey(viewer, query);
  const skipCount = capKey !== null && cappedFilters.has(capKey);
  const counted = skipCount
    ? sql`page as (${page})`
    : sql`${matchesCtes(parts, query, cap, pageEnd)},
    page as (${page})`;
  const statement = sql`with ${counted}
    select ${skipCount ? planConstant(cap + 1) : sql`(select count(*) from m)`}::int as "filtered", ${jobOk} as "jobOk",
      coalesce((select json_agg(r order by r.pos) from (
        select ${LIST_COLUMNS}, ${key} as "key",
          row_number() over (order by ${orderBy(sort)}) as pos
        from ${WITH_JOB}
        where ${applicants.orgId} = ${viewer.orgId} and ${applicants.id} in (select id from page)
        order by ${orderBy(sort)} limit ${planConstant(limit)}) r), '[]'::json) as "rows"`;
  const [result] = await readList(deps.db, (db) =>
    runListStatement<{ filtered: number; jobOk: boolean; rows: JsonListRow[] | string }>(
      db,
      statement,
    ),
  );
  if (!result?.jobOk) throw notFoundJob();
  // PGlite answers json as text.
  const found =
    typeof result.rows === 'string' ? (JSON.parse(result.rows) as JsonListRow[]) : result.rows;
  const rows: ApplicantListRow[] = found;
  const filtered = Number(result.filtered);
  if (capKey !== null && filtered > cap) cappedFilters.remember(capKey);
  const last = found.length === limit ? found[found.length - 1] : undefined;
  return {
    applicants: await Promise.all(rows.map((row) => toListItem(row, viewer, storage))),
    pageCount: getPageCount(Math.min(filtered, cap), limit),
    filteredApplicantCount: Math.min(filtered, cap),
    filteredApplicantCountCapped: filtered > cap,
    nextCursor: last
      ? encodeCursor({
          s: `${sort.field}:${sort.order}`,
          v: last.key,
          c: last.createdAt,
          i: last.id,
        })
      : null,
  };
}

/**
 * `GET job/applicantCount`: how many applicants match the filters, and how many unarchived
 * applicants the organisation (or the job, with `jobId`) has in all; each stops at its cap
 * (LIST_COUNT_CAP, SEARCH_COUNT_CAP for a text search) with `…Capped` set. One statement.
 */
export async function countApplicants(
  deps: { db: Db; now: Date },
  viewer: Reviewer,
  query: ApplicantCountQuery,
): Promise<ApplicantCountResponse> {
  const cap = countCapOf(query);
  const jobOk = jobInViewerScope(viewer, query.jobId);
  const jobScope = jobScopeCondition(viewer, applicants.jobId);
  const total = and(
    eq(applicants.orgId, viewer.orgId),
    jobScope,
    isNull(applicants.archivedAt),
    query.jobId ? eq(applicants.jobId, query.jobId) : undefined,
  )!;
  // No filter beyond the job: the filtered count is the total, counted once.
  const unfiltered =
    !query.txt &&
    !query.showArchived &&
    query.statuses.length === 0 &&
    query.daysAgo === undefined &&
    query.incomplete === undefined &&
    query.rating === undefined &&
    query.minScore === undefined &&
    query.knockedOut === undefined;
  // Counts known to be past their cap are not read again (see cappedFilters).
  const filteredKey = cappedKey(viewer, query);
  const totalKey = cappedKey(viewer, {
    ...query,
    txt: '',
    statuses: [],
    daysAgo: undefined,
    incomplete: undefined,
    rating: undefined,
    minScore: undefined,
    knockedOut: undefined,
    showArchived: false,
  });
  const knownFiltered = filteredKey !== null && cappedFilters.has(filteredKey);
  const knownTotal = totalKey !== null && cappedFilters.has(totalKey);
  const statement = sql`${knownFiltered ? sql`` : sql`with ${matchesCtes(filterParts(viewer.orgId, query, deps.now, jobScope), query, cap)}`} select
    ${knownFiltered ? planConstant(cap + 1) : sql`(select count(*) from m)`}::int as "filtered",
    ${unfiltered ? sql`null` : knownTotal ? planConstant(LIST_COUNT_CAP + 1) : sql`(select count(*) from (select 1 from ${applicants} where ${total} limit ${planConstant(LIST_COUNT_CAP + 1)}) t)`}::int as "total",
    ${jobOk} as "jobOk"`;
  const [row] = await readList(deps.db, (db) =>
    runListStatement<{ filtered: number; total: number; jobOk: boolean }>(db, statement),
  );
  if (!row?.jobOk) throw notFoundJob();
  const filtered = Number(row.filtered);
  const all = unfiltered ? filtered : Number(row.total);
  if (filteredKey !== null && filtered > cap) cappedFilters.remember(filteredKey);
  if (totalKey !== null && all > LIST_COUNT_CAP) cappedFilters.remember(totalKey);
  return {
    filteredApplicantCount: Math.min(filtered, cap),
    totalApplicantCount: Math.min(all, LIST_COUNT_CAP),
    filteredApplicantCountCapped: filtered > cap,
    totalApplicantCountCapped: all > LIST_COUNT_CAP,
  };
}
