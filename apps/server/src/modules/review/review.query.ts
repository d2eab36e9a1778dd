import {
  daysAgoToDate,
  DEFAULT_SORTS,
  getPageCount,
  getSkip,
  type ApplicantCountQuery,
  type ApplicantCountResponse,
  type ApplicantListQuery,
  type ApplicantListResponse,
  type ApplicantSort,
  LIST_COUNT_CAP,
  SEARCH_COUNT_CAP,
  SEARCH_WALK_ROWS,
} from '@candid/domain';
import { and, eq, gte, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  CappedCounts,
  planConstant,
  planOffset,
  readList,
  renderOnce,
  runListStatement,
} from '../../db/list-query';
import { applicants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { can } from '../../policies';
import type { ObjectStorage } from '../../storage/storage';
import { toListItem, type ApplicantListRow } from './review.mapping';
import { type Reviewer } from './review.shared';
import { likePattern } from '../../db/list-query';
import { jobsTableForJoin } from '../jobs/jobs.joins';

/** The jobs table is the jobs module's; the list statement joins it for titles (one statement). */
const jobs = jobsTableForJoin();

/**
 * The applicant overview's list and counts (`job/applicant`, `job/applicantCount`): filters,
 * sorts, numbered and keyset pages, all answered from the list indexes.
 */

/**
 * `true` when `jobId` is absent or one of the organisation's jobs (active or archived), read in
 * the list's own statement; a malformed id is NOT_FOUND_ERR before any query.
 */
function jobInOrg(orgId: string, jobId: string | undefined): SQL {
  if (jobId === undefined) return sql`true`;
  if (!isUuid(jobId)) throw notFoundJob();
  return sql`exists (select 1 from ${jobs} where ${jobs.id} = ${jobId} and ${jobs.orgId} = ${orgId})`;
}

function notFoundJob(): AppError {
  return new AppError('NOT_FOUND_ERR', { message: 'Job not found' });
}

type ListFilter = Omit<ApplicantCountQuery, 'viewAsId'>;

/** A text search's test, in the two forms a statement needs (see filterParts). */
interface TextConditions {
  /** For the trigram indexes: a bitmap of every match. */
  indexed: SQL;
  /** A form no index serves, tested on each entry of a walk along the list index. */
  walked: SQL;
}

/**
 * The overview's filters (spec §3 Filter) as SQL over applicants alone: every condition starts
 * from the organisation (the applicant row carries it), so no join to jobs is needed and the
 * partial list indexes (applicants_org_active_sort_idx and its siblings) serve each filter.
 * `daysAgo` reads the opening date, which is the creation date (spec §4: an applicant is
 * created opened). The text search (apart, in two forms) reads the generated, lower-cased
 * `search_text` column (name, email, phone, hometown), or a job whose title matches.
 */
interface FilterParts {
  /** Everything but the text search. */
  base: SQL;
  text: TextConditions | undefined;
}

function filterParts(orgId: string, filter: ListFilter, now: Date): FilterParts {
  const conditions: (SQL | undefined)[] = [
    eq(applicants.orgId, orgId),
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
  // Issue 15: nobody rated yet, or an average of at least N; both a range of the rating index.
  if (filter.rating === 'none') conditions.push(isNull(applicants.ratingAvg));
  else if (filter.rating !== undefined) conditions.push(gte(applicants.ratingAvg, filter.rating));
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
function conditionOf({ base, text }: FilterParts, options: { walk?: boolean } = {}): SQL {
  return text ? and(base, options.walk ? text.walked : text.indexed)! : base;
}

/**
 * Whether a text search first walks the newest SEARCH_WALK_ROWS entries of the active list
 * index (which holds the job and the search text): the organisation-wide active view. The
 * archived view (a twentieth of the applicants) and a job's own list are small enough for the
 * trigram index alone.
 */
function walksFirst(filter: ListFilter): boolean {
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
function matchesCtes(parts: FilterParts, filter: ListFilter, cap: number, pageEnd?: number): SQL {
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

/** The spec §9 default: submitted, newest first. */
const DEFAULT_SORT: ApplicantSort = {
  field: DEFAULT_SORTS.applicants.field,
  order: DEFAULT_SORTS.applicants.order,
};

/** The sorted column of a sort (texts case-insensitive, an empty hometown counted as none). */
function sortColumn(sort: ApplicantSort): SQL {
  return {
    'timestamp.submitted': sql`${applicants.submittedAt}`,
    'info.fName': sql`lower(${applicants.fName})`,
    'jobInfo.title': sql`lower(${jobs.title})`,
    'info.hometown': sql`nullif(lower(${applicants.hometown}), '')`,
    status: sql`${applicants.status}`,
    rating: sql`${applicants.ratingAvg}`,
  }[sort.field];
}

/**
 * ORDER BY of a sort: the column, NULLs last in either direction (applicants who have not
 * submitted go after those who have), then creation time newest first and id, so pages never
 * overlap or skip a row. Spelled out to match the list indexes, which serve the default sort.
 */
function orderOf(sort: ApplicantSort, options: { fromMatches?: boolean } = {}): SQL[] {
  const direction = sort.order === 'desc' ? sql`desc` : sql`asc`;
  // `fromMatches`: the same order as an expression no index provides, so the planner sorts the
  // (few, counted) matches of a search instead of walking the list index until it meets enough
  // of them, which costs the whole index when the matches all sort last.
  const column = !options.fromMatches
    ? sortColumn(sort)
    : sort.field === 'timestamp.submitted'
      ? sql`(${applicants.submittedAt} + interval '0 seconds')`
      : sort.field === 'status'
        ? sql`(${applicants.status} + 0)`
        : sort.field === 'rating'
          ? sql`(${applicants.ratingAvg} + 0)`
          : sortColumn(sort);
  return [
    sql`${column} ${direction} nulls last`,
    sql`${applicants.createdAt} desc nulls last`,
    sql`${applicants.id} desc nulls last`,
  ];
}

/** orderOf joined and rendered, once per sort (see renderOnce). */
const renderedOrders = new Map<string, SQL>();
function orderBy(sort: ApplicantSort, options: { fromMatches?: boolean } = {}): SQL {
  const key = `${sort.field}:${sort.order}:${options.fromMatches ? 1 : 0}`;
  let order = renderedOrders.get(key);
  if (!order) {
    order = renderOnce(sql.join(orderOf(sort, options), sql`, `));
    renderedOrders.set(key, order);
  }
  return order;
}

/** Where a keyset page starts: the sort key of the previous page's last row. */
interface ApplicantCursor {
  /** `field:order` of the sort the cursor was made for. */
  s: string;
  /** The sorted column's value (timestamps as PostgreSQL text, full precision), or null. */
  v: string | number | null;
  /** created_at as PostgreSQL text. */
  c: string;
  i: string;
}

function encodeCursor(cursor: ApplicantCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string, sort: ApplicantSort): ApplicantCursor {
  const invalid = () =>
    new AppError('VALIDATION_ERR', {
      message: 'cursor: not a cursor of this list; start again from the first page',
    });
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const cursor = value as Partial<ApplicantCursor> | null;
  if (
    !cursor ||
    cursor.s !== `${sort.field}:${sort.order}` ||
    !(cursor.v === null || typeof cursor.v === 'string' || typeof cursor.v === 'number') ||
    typeof cursor.c !== 'string' ||
    Number.isNaN(Date.parse(cursor.c)) ||
    typeof cursor.i !== 'string' ||
    !isUuid(cursor.i) ||
    (sort.field === 'timestamp.submitted' &&
      typeof cursor.v === 'string' &&
      Number.isNaN(Date.parse(cursor.v))) ||
    ((sort.field === 'status' || sort.field === 'rating') &&
      cursor.v !== null &&
      typeof cursor.v !== 'number')
  ) {
    throw invalid();
  }
  return cursor as ApplicantCursor;
}

/** The cursor value as a typed SQL parameter. */
function cursorValue(sort: ApplicantSort, value: string | number): SQL {
  if (sort.field === 'timestamp.submitted') return sql`${value}::timestamptz`;
  if (sort.field === 'status') return sql`${value}::smallint`;
  if (sort.field === 'rating') return sql`${value}::numeric`;
  return sql`${value}::text`;
}

/**
 * The rows after the cursor, in two parts: those with a value in the sorted column (`valued`)
 * and those without, which sort last (`unvalued`). Split, because the default sort's part is
 * then one row comparison the list index seeks to, so a deep page costs what the first does.
 */
function afterCursor(sort: ApplicantSort, cursor: ApplicantCursor) {
  const column = sortColumn(sort);
  const tail = sql`(${applicants.createdAt}, ${applicants.id}) < (${cursor.c}::timestamptz, ${cursor.i}::uuid)`;
  if (cursor.v === null) {
    return { valued: undefined, unvalued: and(sql`${column} is null`, tail) };
  }
  const value = cursorValue(sort, cursor.v);
  const valued =
    sort.order === 'desc' && sort.field === 'timestamp.submitted'
      ? sql`(${applicants.submittedAt}, ${applicants.createdAt}, ${applicants.id}) < (${value}, ${cursor.c}::timestamptz, ${cursor.i}::uuid)`
      : sql`(${column} ${sort.order === 'desc' ? sql`<` : sql`>`} ${value} or (${column} = ${value} and ${tail}))`;
  return { valued, unvalued: sql`${column} is null` };
}

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

/**
 * Filters (without text) whose count lately reached the cap (see CappedCounts): a new
 * applicant only adds to a count; what can take one back under the cap (a status change,
 * archive, restore, deletion: in this module; a job deleted with its applicants) forgets the
 * organisation's entries.
 */
const cappedFilters = new CappedCounts();

function cappedKey(orgId: string, filter: ListFilter): string | null {
  if (filter.txt) return null;
  const { jobId, statuses, daysAgo, incomplete, showArchived, rating } = filter;
  return cappedFilters.key(orgId, [
    jobId ?? null,
    [...statuses].sort(),
    daysAgo ?? null,
    incomplete ?? null,
    showArchived,
    rating ?? null,
  ]);
}

/** The organisation's applicants changed in a way that can lower a count: count again. */
export function forgetCappedCounts(orgId: string): void {
  cappedFilters.forget(orgId);
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
  ${applicants.ratingCount} as "ratingCount", ${applicants.answerMap} <> '{}'::jsonb as "started",
  ${jobs.title} as "jobTitle", ${applicants.createdAt}::text as "createdAt"`);

/** Applicants with their job (for its title), rendered once. */
const WITH_JOB = renderOnce(
  sql`${applicants} inner join ${jobs} on ${jobs.id} = ${applicants.jobId}`,
);

/** The sort key a row's cursor carries (timestamps as PostgreSQL text, full precision). */
const sortKeys = new Map<string, SQL>();
function sortKey(sort: ApplicantSort): SQL {
  let key = sortKeys.get(sort.field);
  if (!key) {
    key = renderOnce(
      sort.field === 'timestamp.submitted'
        ? sql`${applicants.submittedAt}::text`
        : sortColumn(sort),
    );
    sortKeys.set(sort.field, key);
  }
  return key;
}

/**
 * `GET job/applicant`: one page of the organisation's applicants matching the filters. A
 * `jobId` that is not one of the organisation's jobs is NOT_FOUND_ERR (as `GET job/{id}` is).
 * A free user (no UNLIMITED_INTERVIEWS) always gets the default sort (spec §6).
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
  const jobOk = jobInOrg(viewer.orgId, query.jobId);
  const parts = filterParts(viewer.orgId, query, now);
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
  const capKey = cappedKey(viewer.orgId, query);
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
  const jobOk = jobInOrg(viewer.orgId, query.jobId);
  const total = and(
    eq(applicants.orgId, viewer.orgId),
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
    query.rating === undefined;
  // Counts known to be past their cap are not read again (see cappedFilters).
  const filteredKey = cappedKey(viewer.orgId, query);
  const totalKey = cappedKey(viewer.orgId, {
    ...query,
    txt: '',
    statuses: [],
    daysAgo: undefined,
    incomplete: undefined,
    rating: undefined,
    showArchived: false,
  });
  const knownFiltered = filteredKey !== null && cappedFilters.has(filteredKey);
  const knownTotal = totalKey !== null && cappedFilters.has(totalKey);
  const statement = sql`${knownFiltered ? sql`` : sql`with ${matchesCtes(filterParts(viewer.orgId, query, deps.now), query, cap)}`} select
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
