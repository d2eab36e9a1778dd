import {
  daysAgoToDate,
  type ApplicantCountQuery,
  SEARCH_COUNT_CAP,
  SEARCH_WALK_ROWS,
} from '@candid/domain';
import { and, eq, gte, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { likePattern, planConstant } from '../../db/list-query';
import { applicants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { jobsTableForJoin } from '../jobs/jobs.joins';
import { DEFAULT_SORT, orderBy } from './review.sort';

/** The applicant overview's filters: the conditions a list or count statement reads. */

/** The jobs table is the jobs module's; the list statement joins it for titles (one statement). */
const jobs = jobsTableForJoin();

/**
 * `true` when `jobId` is absent or one of the organisation's jobs (active or archived), read in
 * the list's own statement; a malformed id is NOT_FOUND_ERR before any query.
 */
export function jobInOrg(orgId: string, jobId: string | undefined): SQL {
  if (jobId === undefined) return sql`true`;
  if (!isUuid(jobId)) throw notFoundJob();
  return sql`exists (select 1 from ${jobs} where ${jobs.id} = ${jobId} and ${jobs.orgId} = ${orgId})`;
}

export function notFoundJob(): AppError {
  return new AppError('NOT_FOUND_ERR', { message: 'Job not found' });
}

export type ListFilter = Omit<ApplicantCountQuery, 'viewAsId'>;

/** A text search's test, in the two forms a statement needs (see filterParts). */
interface TextConditions {
  /** For the trigram indexes: a bitmap of every match. */
  indexed: SQL;
  /** A form no index serves, tested on each entry of a walk along the list index. */
  walked: SQL;
}

/**
 * The overview's filters (Filter) as SQL over applicants alone: every condition starts
 * from the organisation (the applicant row carries it), so no join to jobs is needed and the
 * partial list indexes (applicants_org_active_sort_idx and its siblings) serve each filter.
 * `daysAgo` reads the opening date, which is the creation date (an applicant is
 * created opened). The text search (apart, in two forms) reads the generated, lower-cased
 * `search_text` column (name, email, phone, hometown), or a job whose title matches.
 */
interface FilterParts {
  /** Everything but the text search. */
  base: SQL;
  text: TextConditions | undefined;
}

/**
 * The conditions of a list or count; `jobScope` keeps a reviewer's on their assigned jobs
 * (jobScopeCondition; docs/features.md, "Team and roles").
 */
export function filterParts(
  orgId: string,
  filter: ListFilter,
  now: Date,
  jobScope?: SQL,
): FilterParts {
  const conditions: (SQL | undefined)[] = [
    eq(applicants.orgId, orgId),
    jobScope,
    filter.showArchived ? isNotNull(applicants.archivedAt) : isNull(applicants.archivedAt),
  ];
  if (filter.jobId) conditions.push(eq(applicants.jobId, filter.jobId));
  if (filter.statuses.length > 0) conditions.push(inArray(applicants.status, filter.statuses));
  if (filter.daysAgo !== undefined) {
    conditions.push(gte(applicants.openedAt, daysAgoToDate(filter.daysAgo, now)));
  }
  if (filter.incomplete === true) {
    conditions.push(and(isNotNull(applicants.quitedAt), isNull(applicants.submittedAt)));
  } else if (filter.incomplete === false) {
    conditions.push(or(isNull(applicants.quitedAt), isNotNull(applicants.submittedAt)));
  }
  // Nobody rated yet, or an average of at least N; both a range of the rating index.
  if (filter.rating === 'none') conditions.push(isNull(applicants.ratingAvg));
  else if (filter.rating !== undefined) conditions.push(gte(applicants.ratingAvg, filter.rating));
  // "Score ≥ N": a range of the score index. Knocked out: a partial index in the default order.
  if (filter.minScore !== undefined) conditions.push(gte(applicants.score, filter.minScore));
  if (filter.knockedOut !== undefined) {
    conditions.push(eq(applicants.knockedOut, filter.knockedOut));
  }
  return {
    base: and(...conditions)!,
    text: filter.txt ? textConditions(orgId, filter.txt) : undefined,
  };
}

function textConditions(orgId: string, txt: string): TextConditions {
  const pattern = likePattern(txt);
  // search_text is stored lower-cased: LIKE on the lower-cased pattern is what ILIKE does,
  // without lower-casing every row it tests (a third of the cost of a walk). The pattern is
  // lower-cased once, in an InitPlan: in a generic plan `lower($1)` ran for every row tested
  // (1.3 of the 3.6 ms a 10,000-entry walk took).
  const own = sql`${applicants.searchText} like (select lower(${pattern}))`;
  const titled = sql`select ${jobs.id} from ${jobs} where ${jobs.orgId} = ${orgId} and ${jobs.title} ilike ${pattern}`;
  return {
    // The organisation's jobs whose title matches (archived ones too, their applicants stay
    // listed), read through the title's trigram index once (an InitPlan), then the job's
    // applicants through the job list index.
    indexed: sql`(${own} or ${applicants.jobId} = any(array(${titled})))`,
    // Tested on each entry: the titles' jobs as a hashed set (a 500-job array searched entry by
    // entry cost ten times more). In coalesce, so the planner can use no index for it and
    // walks the list index in its order instead of collecting every match into a bitmap.
    walked: sql`coalesce(${own} or ${applicants.jobId} in (${titled}), false)`,
  };
}

/** The whole filter as one condition, its text in the indexed or the walked form. */
export function conditionOf({ base, text }: FilterParts, options: { walk?: boolean } = {}): SQL {
  return text ? and(base, options.walk ? text.walked : text.indexed)! : base;
}

/**
 * Whether a text search first walks the newest SEARCH_WALK_ROWS entries of the active list
 * index (which holds the job and the search text): the organisation-wide active view. The
 * archived view (a twentieth of the applicants) and a job's own list are small enough for the
 * trigram index alone.
 */
export function walksFirst(filter: ListFilter): boolean {
  return Boolean(filter.txt) && !filter.showArchived && !filter.jobId;
}

/** The first, short walk of a search: a fifth of SEARCH_WALK_ROWS, and a fifth of the cap. */
const FIRST_WALK_ROWS = SEARCH_WALK_ROWS / 5;
const FIRST_WALK_DENSE = SEARCH_COUNT_CAP / 5;
/**
 * The longer second walk, for a word the first walk met often enough to expect the cap's
 * matches in it: at least 1.6 times cap + 1 matches expected over LONG_WALK_ROWS entries
 * (26 in 2,000, 1.3 %; such a word reaches the cap within 15,500 entries). A word just under
 * 1 in 50 ("cohen" in the bench: 190–199 in the newest 10,000) otherwise missed the cap in the
 * 10,000-entry walk and read its whole trigram bitmap (20,000 entries at 1 M, 5 ms, growing
 * with the table) only to count its 201st match.
 */
const LONG_WALK_ROWS = SEARCH_WALK_ROWS * 2.5;
const LONG_WALK_DENSE = Math.ceil(
  (1.6 * (SEARCH_COUNT_CAP + 1) * FIRST_WALK_ROWS) / LONG_WALK_ROWS,
);

/**
 * The CTEs that give `m`, the ids of at most cap + 1 applicants matching the filter (their
 * count is the capped count), and for a search that walks first (walksFirst) `probe`: matches
 * among the newest entries of the list index, in its order, complete for the entries walked
 * (an index-only walk that stops at the cap).
 *
 * The walk goes in two steps: `probe1`, the newest FIRST_WALK_ROWS entries (at most
 * FIRST_WALK_DENSE + 1 matches), then, only when that met the word often enough to be worth it,
 * a second walk from the top that stops at cap + 1 matches: over the newest LONG_WALK_ROWS for
 * a word met LONG_WALK_DENSE times (it is expected to reach the cap there), else over the
 * newest SEARCH_WALK_ROWS. "Often enough" for a second walk: for a count, LONG_WALK_DENSE; for
 * a numbered page (`pageEnd`, the page's last row), often enough to expect the page among the
 * 10,000-entry walk's matches. A rare word (a name, a phone number) so walks 2,000 entries, not
 * 10,000. A word that reaches the cap in the walk is counted from it; a rarer one from the
 * trigram index (a one-time filter: the bitmap is only built then), and then has at most about
 * 1 in 77 of the table to collect. Without the walk, "dav" (56,000 of 1 M applicants) built a
 * 56,000-entry bitmap to count 1,001 of them.
 */
export function matchesCtes(
  parts: FilterParts,
  filter: ListFilter,
  cap: number,
  pageEnd?: number,
): SQL {
  const { base, text } = parts;
  if (!text || !walksFirst(filter)) {
    return sql`m as (select ${applicants.id} from ${applicants} where ${conditionOf(parts)} limit ${planConstant(cap + 1)})`;
  }
  const walk = (rows: number, gate: SQL, stopAt: number) =>
    sql`(select id, submitted_at, created_at from (
      select ${applicants.id} as id, ${applicants.submittedAt} as submitted_at,
        ${applicants.createdAt} as created_at, ${text.walked} as hit
      from ${applicants} where ${base}
      order by ${orderBy(DEFAULT_SORT)} limit ${planConstant(rows)}) w
    where hit ${gate} limit ${planConstant(stopAt)})`;
  const further = Math.min(
    LONG_WALK_DENSE,
    pageEnd === undefined
      ? LONG_WALK_DENSE
      : Math.ceil((pageEnd * FIRST_WALK_ROWS) / SEARCH_WALK_ROWS),
  );
  const met = sql`(select count(*) from probe1)`;
  // The 10,000-entry walk, for a page whose word the first walk met less than LONG_WALK_DENSE
  // times (a count never takes it).
  const shorter =
    further < LONG_WALK_DENSE
      ? sql`${walk(SEARCH_WALK_ROWS, sql`and ${met} >= ${planConstant(further)} and ${met} < ${planConstant(LONG_WALK_DENSE)}`, cap + 1)}
    union all`
      : sql``;
  return sql`probe1 as ${walk(FIRST_WALK_ROWS, sql``, FIRST_WALK_DENSE + 1)},
  probe as (select id, submitted_at, created_at from probe1
      where ${met} < ${planConstant(further)}
    union all
    ${shorter}
    ${walk(LONG_WALK_ROWS, sql`and ${met} >= ${planConstant(LONG_WALK_DENSE)}`, cap + 1)}),
  m as (select id from probe where (select count(*) from probe) > ${planConstant(cap)}
    union all
    (select ${applicants.id} from ${applicants} where ${base} and ${text.indexed}
      and (select count(*) from probe) <= ${planConstant(cap)} limit ${planConstant(cap + 1)}))`;
}
