import { DEFAULT_SORTS, type ApplicantSort } from '@candid/domain';
import { and, sql, type SQL } from 'drizzle-orm';
import { renderOnce } from '../../db/list-query';
import { applicants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { jobsTableForJoin } from '../jobs/jobs.joins';

/**
 * The applicant overview's sorts and keyset cursors: each sort is the order of a list index,
 * and a cursor is the sort key of the previous page's last row.
 */

/** The jobs table is the jobs module's; the list statement joins it for titles (one statement). */
const jobs = jobsTableForJoin();

/** The default: submitted, newest first. */
export const DEFAULT_SORT: ApplicantSort = {
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
    score: sql`${applicants.score}`,
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
          : sort.field === 'score'
            ? sql`(${applicants.score} + 0)`
            : sortColumn(sort);
  return [
    sql`${column} ${direction} nulls last`,
    sql`${applicants.createdAt} desc nulls last`,
    sql`${applicants.id} desc nulls last`,
  ];
}

/** orderOf joined and rendered, once per sort (see renderOnce). */
const renderedOrders = new Map<string, SQL>();
export function orderBy(sort: ApplicantSort, options: { fromMatches?: boolean } = {}): SQL {
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

export function encodeCursor(cursor: ApplicantCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(text: string, sort: ApplicantSort): ApplicantCursor {
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
    ((sort.field === 'status' || sort.field === 'rating' || sort.field === 'score') &&
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
  if (sort.field === 'status' || sort.field === 'score') return sql`${value}::smallint`;
  if (sort.field === 'rating') return sql`${value}::numeric`;
  return sql`${value}::text`;
}

/**
 * The rows after the cursor, in two parts: those with a value in the sorted column (`valued`)
 * and those without, which sort last (`unvalued`). Split, because the default sort's part is
 * then one row comparison the list index seeks to, so a deep page costs what the first does.
 */
export function afterCursor(sort: ApplicantSort, cursor: ApplicantCursor) {
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

/** The sort key a row's cursor carries (timestamps as PostgreSQL text, full precision). */
const sortKeys = new Map<string, SQL>();
export function sortKey(sort: ApplicantSort): SQL {
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
