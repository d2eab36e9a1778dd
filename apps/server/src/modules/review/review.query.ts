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
} from '@candid/domain';
import { and, eq, gte, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cappedCount, readList } from '../../db/list-query';
import { applicants, jobs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { can } from '../../policies';
import type { ObjectStorage } from '../../storage/storage';
import { toListItem, type ApplicantListRow } from './review.mapping';
import { type Reviewer } from './review.shared';
import { likePattern } from '../../db/list-query';

/**
 * The applicant overview's list and counts (`job/applicant`, `job/applicantCount`): filters,
 * sorts, numbered and keyset pages, all answered from the list indexes.
 */

/** The columns of a list row: the applicant without its answer map, plus its job's title. */
const listColumns = {
  id: applicants.id,
  jobId: applicants.jobId,
  fName: applicants.fName,
  lName: applicants.lName,
  email: applicants.email,
  phone: applicants.phone,
  hometown: applicants.hometown,
  imgKey: applicants.imgKey,
  status: applicants.status,
  sentAt: applicants.sentAt,
  openedAt: applicants.openedAt,
  submittedAt: applicants.submittedAt,
  quitedAt: applicants.quitedAt,
  isRead: applicants.isRead,
  isFree: applicants.isFree,
  archivedAt: applicants.archivedAt,
  jobTitle: jobs.title,
};

/** NOT_FOUND_ERR unless `jobId` is one of the organisation's jobs (active or archived). */
async function assertOrgJob(db: Db, orgId: string, jobId: string): Promise<void> {
  if (!isUuid(jobId)) throw new AppError('NOT_FOUND_ERR', { message: 'Job not found' });
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.orgId, orgId)));
  if (!row) throw new AppError('NOT_FOUND_ERR', { message: 'Job not found' });
}

type ListFilter = Omit<ApplicantCountQuery, 'viewAsId'>;

/**
 * The organisation's jobs whose title contains the search text (the applicant search also
 * matches the job title), read through the trigram index on the title; archived jobs too, as
 * their applicants stay listed.
 */
async function jobIdsMatching(db: Db, orgId: string, txt: string): Promise<string[]> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.orgId, orgId), ilike(jobs.title, likePattern(txt))));
  return rows.map((row) => row.id);
}

/**
 * The overview's filters (spec §3 Filter) as SQL over applicants alone: every condition starts
 * from the organisation (the applicant row carries it), so no join to jobs is needed and the
 * partial list indexes (applicants_org_active_sort_idx and its siblings) serve each filter.
 * `daysAgo` reads the opening date, which is the creation date (spec §4: an applicant is
 * created opened). The text search reads the generated `search_text` column (name, email,
 * phone, hometown) through its trigram index, or a job whose title matches (`titleJobIds`).
 */
function filterConditions(
  orgId: string,
  filter: ListFilter,
  now: Date,
  titleJobIds: readonly string[],
): SQL {
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
  if (filter.txt) {
    const pattern = likePattern(filter.txt);
    conditions.push(
      or(
        ilike(applicants.searchText, pattern),
        titleJobIds.length > 0 ? inArray(applicants.jobId, [...titleJobIds]) : undefined,
      ),
    );
  }
  return and(...conditions)!;
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
        : sortColumn(sort);
  return [
    sql`${column} ${direction} nulls last`,
    sql`${applicants.createdAt} desc nulls last`,
    sql`${applicants.id} desc nulls last`,
  ];
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
    (sort.field === 'status' && cursor.v !== null && typeof cursor.v !== 'number')
  ) {
    throw invalid();
  }
  return cursor as ApplicantCursor;
}

/** The cursor value as a typed SQL parameter. */
function cursorValue(sort: ApplicantSort, value: string | number): SQL {
  if (sort.field === 'timestamp.submitted') return sql`${value}::timestamptz`;
  if (sort.field === 'status') return sql`${value}::smallint`;
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

interface PageRow {
  id: string;
  key: string | number | null;
  createdAt: string;
}

/** The sort key of a page's last row, timestamps as PostgreSQL text (full precision). */
async function cursorKeyOf(db: Db, sort: ApplicantSort, id: string): Promise<PageRow | undefined> {
  const select = db
    .select({
      id: applicants.id,
      key:
        sort.field === 'timestamp.submitted'
          ? sql<string | null>`${applicants.submittedAt}::text`
          : sql<string | number | null>`${sortColumn(sort)}`,
      createdAt: sql<string>`${applicants.createdAt}::text`,
    })
    .from(applicants);
  const joined =
    sort.field === 'jobInfo.title' ? select.innerJoin(jobs, eq(jobs.id, applicants.jobId)) : select;
  const [row] = await joined.where(eq(applicants.id, id));
  return row;
}

/**
 * `GET job/applicant`: one page of the organisation's applicants matching the filters. A
 * `jobId` that is not one of the organisation's jobs is NOT_FOUND_ERR (as `GET job/{id}` is).
 * A free user (no UNLIMITED_INTERVIEWS) always gets the default sort (spec §6).
 *
 * Deferred join: the page's ids come first from the list index (OFFSET for numbered pages,
 * the keyset `cursor` for infinite scroll), then only those rows are read with their job.
 * The count stops at LIST_COUNT_CAP (`filteredApplicantCountCapped`).
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
  const { rows, filtered, last } = await readList(deps.db, async (db) => {
    if (query.jobId) await assertOrgJob(db, viewer.orgId, query.jobId);
    const titleJobIds = query.txt ? await jobIdsMatching(db, viewer.orgId, query.txt) : [];
    const where = filterConditions(viewer.orgId, query, now, titleJobIds);
    const filtered = await cappedCount(db, applicants, where);
    // A search with fewer matches than the cap sorts its matches (read through the trigram
    // index); with more, the matches are dense enough to meet walking the list index.
    const fromMatches = Boolean(query.txt) && !filtered.capped;
    // Only ids here: anything computed per row would be computed for every row OFFSET skips.
    const pageIds = (condition: SQL | undefined, take: number, skip: number) => {
      const select = db.select({ id: applicants.id }).from(applicants);
      const joined =
        sort.field === 'jobInfo.title'
          ? select.innerJoin(jobs, eq(jobs.id, applicants.jobId))
          : select;
      return joined
        .where(and(where, condition))
        .orderBy(...orderOf(sort, { fromMatches }))
        .limit(take)
        .offset(skip);
    };
    let page: { id: string }[];
    if (cursor) {
      const { valued, unvalued } = afterCursor(sort, cursor);
      page = valued ? await pageIds(valued, limit, 0) : [];
      if (page.length < limit) page = page.concat(await pageIds(unvalued, limit - page.length, 0));
    } else {
      page = await pageIds(undefined, limit, getSkip(query.currPage, limit));
    }
    const ids = page.map((row) => row.id);
    const found: ApplicantListRow[] =
      ids.length === 0
        ? []
        : await db
            .select(listColumns)
            .from(applicants)
            .innerJoin(jobs, eq(jobs.id, applicants.jobId))
            .where(and(eq(applicants.orgId, viewer.orgId), inArray(applicants.id, ids)));
    const byId = new Map(found.map((row) => [row.id, row]));
    return {
      rows: ids.map((id) => byId.get(id)).filter((row) => row !== undefined),
      filtered,
      last:
        page.length === limit ? await cursorKeyOf(db, sort, page[page.length - 1]!.id) : undefined,
    };
  });
  return {
    applicants: await Promise.all(rows.map((row) => toListItem(row, viewer, storage))),
    pageCount: getPageCount(filtered.value, limit),
    filteredApplicantCount: filtered.value,
    filteredApplicantCountCapped: filtered.capped,
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
 * applicants the organisation (or the job, with `jobId`) has in all; each stops at
 * LIST_COUNT_CAP (`…Capped`).
 */
export async function countApplicants(
  deps: { db: Db; now: Date },
  viewer: Reviewer,
  query: ApplicantCountQuery,
): Promise<ApplicantCountResponse> {
  const { now } = deps;
  return readList(deps.db, async (db) => {
    if (query.jobId) await assertOrgJob(db, viewer.orgId, query.jobId);
    const titleJobIds = query.txt ? await jobIdsMatching(db, viewer.orgId, query.txt) : [];
    const filtered = await cappedCount(
      db,
      applicants,
      filterConditions(viewer.orgId, query, now, titleJobIds),
    );
    const total = await cappedCount(
      db,
      applicants,
      and(
        eq(applicants.orgId, viewer.orgId),
        isNull(applicants.archivedAt),
        query.jobId ? eq(applicants.jobId, query.jobId) : undefined,
      )!,
    );
    return {
      filteredApplicantCount: filtered.value,
      totalApplicantCount: total.value,
      filteredApplicantCountCapped: filtered.capped,
      totalApplicantCountCapped: total.capped,
    };
  });
}
