import {
  getPageCount,
  getSkip,
  LIST_COUNT_CAP,
  SEARCH_COUNT_CAP,
  type JobCountQuery,
  type JobListQuery,
  type JobListResponse,
} from '@candid/domain';
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  cappedCount,
  cappedCountSql,
  searchPattern,
  listColumns,
  planConstant,
  planOffset,
  readList,
  renderOnce,
  runListStatement,
  toCapped,
  type CappedCount,
} from '../../db/list-query';
import { jobCounts, jobs } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { ownerJoin } from '../users/users.joins';
import {
  applicantSummarySql,
  toApplicantSummary,
  type RawApplicantSummary,
} from '../applicant-records/applicant-summary';
import { cappedJobCountKey, cappedJobCounts } from './job-counts';
import { ownerColumns, toJobDto, type JobFields, type OwnerRow } from './jobs.presenter';

/** The department value for the filter `departmentId`: one of them, or `none` for jobs without. */
export const NO_DEPARTMENT = 'none';

function departmentCondition(departmentId: string | undefined): SQL | undefined {
  if (!departmentId) return undefined;
  if (departmentId === NO_DEPARTMENT) return isNull(jobs.departmentId);
  // Not an id: no job can match (and the database is not asked to parse it).
  return isUuid(departmentId) ? eq(jobs.departmentId, departmentId) : sql`false`;
}

function archiveCondition(showArchived: boolean): SQL {
  return showArchived ? isNotNull(jobs.archivedAt) : isNull(jobs.archivedAt);
}

/**
 * Whose jobs a list reads: the organisation's, and for a reviewer only those assigned to them
 * (`jobs`, from jobScopeCondition; docs/features.md, "Team and roles").
 */
export interface JobListScope {
  orgId: string;
  jobs?: SQL;
}

/** The organisation's jobs in one archive view, searched by title or location (trimmed, case-insensitive). */
function listConditions(
  { orgId, jobs: assigned }: JobListScope,
  filter: { txt: string; showArchived: boolean; departmentId?: string },
) {
  const scope = and(eq(jobs.orgId, orgId), archiveCondition(filter.showArchived), assigned)!;
  const department = departmentCondition(filter.departmentId);
  if (!filter.txt && !department && !assigned) return { where: scope, isFiltered: false };
  // The pattern is written into the statement (planText): a search runs as an unnamed
  // statement to be planned for its word (the trigram index for a rare one, the list index for
  // a common one), and the list pool's forced generic plans apply to unnamed statements too, so
  // as a parameter the planner never saw the word.
  const pattern = filter.txt ? searchPattern(filter.txt) : null;
  return {
    where: and(
      scope,
      department,
      pattern
        ? sql`(${jobs.title} ilike ${pattern} or ${jobs.location} ilike ${pattern})`
        : undefined,
    )!,
    isFiltered: true,
  };
}

/**
 * ORDER BY of a job sort, rendered once per sort. createdAt (default, newest first)
 * is spelled to match the partial list indexes (`created_at desc nulls last, id desc nulls
 * last`, read backwards for ascending; the column is never null, so either NULLS choice gives
 * the same order).
 */
const jobOrders = new Map<string, SQL>();
function jobOrder(sort: JobListQuery['sort']): SQL {
  const key = `${sort.field}:${sort.order}`;
  let order = jobOrders.get(key);
  if (!order) {
    const direction = sort.order === 'desc' ? sql`desc nulls last` : sql`asc nulls first`;
    const column = {
      createdAt: sql`${jobs.createdAt}`,
      title: sql`lower(${jobs.title})`,
      location: sql`lower(${jobs.location})`,
    }[sort.field];
    order = renderOnce(sql`${column} ${direction}, ${jobs.id} ${direction}`);
    jobOrders.set(key, order);
  }
  return order;
}

/**
 * How far a filter's count goes: LIST_COUNT_CAP, or SEARCH_COUNT_CAP for a text search, as the
 * applicant overview's ("200+"): a search's count reads every match it counts (a common word
 * was 1,500 of the bench's 10,000 jobs, rechecked row by row on every page), and past a few
 * pages of matches a recruiter narrows the search rather than pages on.
 */
function jobCountCap(filter: { txt: string }): number {
  return filter.txt ? SEARCH_COUNT_CAP : LIST_COUNT_CAP;
}

/**
 * How many jobs the organisation has in one archive view, exactly: one row of job_counts,
 * which triggers on jobs keep (a scalar subquery). A reviewer's view counts their few jobs.
 */
function viewCountSql({ orgId, jobs: assigned }: JobListScope, showArchived: boolean): SQL<number> {
  if (assigned) {
    return sql<number>`(select count(*)::int from ${jobs} where ${and(eq(jobs.orgId, orgId), archiveCondition(showArchived), assigned)})`;
  }
  const column = showArchived ? jobCounts.archived : jobCounts.active;
  return sql<number>`coalesce((select ${column} from ${jobCounts} where ${jobCounts.orgId} = ${orgId}), 0)`;
}

/** The remembered-cap key of a filter: the organisation's whole list only (never a reviewer's). */
function capKey(scope: JobListScope, query: JobCountQuery): string | null {
  return query.txt || scope.jobs ? null : cappedJobCountKey(scope.orgId, query);
}

/**
 * A job list row: the job's columns (timestamps as ISO text), its owner, its applicant summary
 * and the counts, read in one statement (JOB_LIST_COLUMNS).
 */
type JobListRow = JobFields & {
  owner: OwnerRow;
  summary: RawApplicantSummary;
  filtered: number;
  total: number | null;
};

/** The select list of a job list row, rendered once (see JobListRow). */
const JOB_LIST_COLUMNS = (() => {
  const owner = Object.entries(ownerColumns).flatMap(([key, column]) => [
    sql.raw(`'${key}'`),
    sql`${column}`,
  ]);
  const [ownerTable, ownerOn] = ownerJoin(jobs.ownerId);
  return {
    select: renderOnce(
      sql.join(
        [
          listColumns(jobs, { iso: ['createdAt', 'archivedAt', 'closesAt'], omit: ['updatedAt'] }),
          sql`json_build_object(${sql.join(owner, sql`, `)}) as "owner"`,
          sql`${applicantSummarySql(sql`${jobs.id}`)} as "summary"`,
        ],
        sql`, `,
      ),
    ),
    from: renderOnce(sql`${jobs} inner join ${ownerTable} on ${ownerOn}`),
  };
})();

/**
 * The job overview (`GET job`): one archive view of the organisation's jobs, searched,
 * sorted (default createdAt desc) and paged. `filteredJobCount` counts the search's matches,
 * `totalJobCount` the whole view, so the web app can tell "no exact matches" from an empty list.
 *
 * One statement: the page's ids from the list index (a deferred join), then only those rows
 * with their owner, their applicant summary (applicantSummarySql) and the counts as columns; a
 * search takes two (its ids and counts planned for its text, then the rows by id).
 * The whole view's count is exact, from job_counts; a filter's is counted on the index and
 * stops at LIST_COUNT_CAP (`…Capped`). The statement is written once per filter shape (columns,
 * joins and sorts are rendered once), so a page costs the server little besides its rows.
 */
export async function listJobs(
  db: Db,
  listScope: JobListScope,
  query: JobListQuery,
): Promise<JobListResponse> {
  const { orgId } = listScope;
  const { where, isFiltered } = listConditions(listScope, query);
  const skip = getSkip(query.currPage, query.itemsPerPage);
  // A filter's count known to be past the cap is not read again (see CappedCounts).
  const filteredKey = capKey(listScope, query);
  const knownFiltered = filteredKey !== null && cappedJobCounts.has(filteredKey);
  const viewCount = viewCountSql(listScope, query.showArchived);
  const cap = jobCountCap(query);
  const filteredSql = !isFiltered
    ? viewCount
    : knownFiltered
      ? pastCap()
      : cappedCountSql(jobs, where, cap);
  const totalSql = isFiltered ? viewCount : sql<number>`null`;
  const order = jobOrder(query.sort);
  // The page's ids from the list index (a deferred join); its size and a first page's offset
  // as constants (see planConstant).
  const pageIds = sql`select ${jobs.id} from ${jobs} where ${where} order by ${order}
    limit ${planConstant(query.itemsPerPage)} offset ${planOffset(skip)}`;
  return readList(db, async (q) => {
    let found: JobListRow[];
    let counts: { filtered: number; total: number | null } | undefined;
    if (query.txt) {
      // A search: its ids and counts planned for the text every time (an unnamed statement:
      // the trigram index for a rare word, the list index for a common one), then the rows on
      // a kept plan. Planning the whole page for each search took 3 ms, mostly the applicant
      // summaries' subqueries weighing the applicants table's indexes.
      const [matched] = await runListStatement<{
        ids: string[];
        filtered: number;
        total: number | null;
      }>(
        q,
        sql`select array(${pageIds}) as "ids", ${filteredSql} as "filtered", ${totalSql} as "total"`,
        { planEachTime: true },
      );
      counts = matched;
      found = matched!.ids.length
        ? await runListStatement<JobListRow>(
            q,
            sql`select ${JOB_LIST_COLUMNS.select} from ${JOB_LIST_COLUMNS.from}
              where ${jobs.orgId} = ${orgId} and ${jobs.id} = any(${sql.param(matched!.ids)}::uuid[])
              order by ${order}`,
          )
        : [];
    } else {
      found = await runListStatement<JobListRow>(
        q,
        sql`select ${JOB_LIST_COLUMNS.select}, ${filteredSql} as "filtered", ${totalSql} as "total"
          from ${JOB_LIST_COLUMNS.from}
          where ${jobs.orgId} = ${orgId} and ${jobs.id} in (${pageIds})
          order by ${order}`,
      );
      // A page past the end has no row to carry the counts: they are read on their own then.
      [counts] = found.length
        ? found
        : await runListStatement<{ filtered: number; total: number | null }>(
            q,
            sql`select ${filteredSql} as "filtered", ${totalSql} as "total"`,
          );
    }
    const view = { value: Number(isFiltered ? counts!.total : counts!.filtered), capped: false };
    const filtered = isFiltered ? toCapped(Number(counts!.filtered), cap) : view;
    if (filteredKey !== null && isFiltered && filtered.capped) {
      cappedJobCounts.remember(filteredKey);
    }
    return {
      jobs: found.map((row) => toJobDto(row, row.owner, toApplicantSummary(row.summary))),
      pageCount: getPageCount(filtered.value, query.itemsPerPage),
      filteredJobCount: filtered.value,
      filteredJobCountCapped: filtered.capped,
      totalJobCount: view.value,
      totalJobCountCapped: false,
    };
  });
}

/**
 * `GET job/jobCount`: how many of the organisation's jobs match the filters: a whole archive
 * view exactly (job_counts), a filter up to LIST_COUNT_CAP, a text search up to
 * SEARCH_COUNT_CAP (jobCountCap).
 */
export async function countJobs(
  db: Db,
  listScope: JobListScope,
  query: JobCountQuery,
): Promise<CappedCount> {
  const { where, isFiltered } = listConditions(listScope, query);
  if (!isFiltered) {
    const [row] = await readList(db, (q) =>
      runListStatement<{ value: number }>(
        q,
        sql`select ${viewCountSql(listScope, query.showArchived)} as "value"`,
      ),
    );
    return { value: Number(row?.value ?? 0), capped: false };
  }
  const key = capKey(listScope, query);
  if (key !== null && cappedJobCounts.has(key)) return toCapped(LIST_COUNT_CAP + 1);
  const counted = await readList(db, (q) =>
    cappedCount(q, jobs, where, { planEachTime: Boolean(query.txt), cap: jobCountCap(query) }),
  );
  if (key !== null && counted.capped) cappedJobCounts.remember(key);
  return counted;
}

/** A count known to be past the cap, as the counting subquery would answer it. */
function pastCap(): SQL<number> {
  return sql<number>`${planConstant(LIST_COUNT_CAP + 1)}::int`;
}
