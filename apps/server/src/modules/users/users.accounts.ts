import {
  ACCOUNT_SORT_FIELDS,
  getPageCount,
  getSkip,
  LIST_COUNT_CAP,
  SEARCH_COUNT_CAP,
  type Account,
  type AccountListQuery,
  type AccountListResponse,
  type AccountSortField,
} from '@candid/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  cappedCountSql,
  isoTime,
  planConstant,
  planOffset,
  searchPattern,
  readList,
  renderOnce,
  runListStatement,
  toCapped,
} from '../../db/list-query';
import { userApplicantCounts, users } from '../../db/schema';
import { toRole } from './users.presenter';

/** How an account-list sort orders users: the page's ids from its index, and its rows. */
interface AccountOrder {
  /** ORDER BY of the page's ids (users `u`, user_applicant_counts `c` when `fromCounts`). */
  ids: SQL;
  /** The same order over the page's rows (users `u` joined to their count `c`). */
  rows: SQL;
  /** The ids come from user_applicant_counts' index (interviewCount). */
  fromCounts: boolean;
}

/**
 * The account-list sorts, each the order of one index (see the users schema): ties go by id in
 * the sort's direction, so one index serves both directions of a column that is never null, and
 * the unique email needs none. Never logged in sorts last both ways (an index per direction).
 */
function accountOrder(field: AccountSortField, order: 'asc' | 'desc'): AccountOrder {
  const dir = sql.raw(order);
  if (field === 'interviewCount') {
    return {
      ids: sql`c.applicants ${dir}, c.user_id ${dir}`,
      rows: sql`coalesce(c.applicants, 0) ${dir}, u.id ${dir}`,
      fromCounts: true,
    };
  }
  if (field === 'lastLogin') {
    const ordered = sql`u.last_login ${dir} nulls last, u.id ${dir} nulls last`;
    return { ids: ordered, rows: ordered, fromCounts: false };
  }
  if (field === 'email')
    return { ids: sql`u.email ${dir}`, rows: sql`u.email ${dir}`, fromCounts: false };
  const column = {
    fName: 'f_name',
    lName: 'l_name',
    perm: 'perm',
    role: 'role',
    companyName: 'company_name',
  }[field];
  const ordered = sql`u.${sql.identifier(column)} ${dir}, u.id ${dir}`;
  return { ids: ordered, rows: ordered, fromCounts: false };
}

const ACCOUNT_ORDERS = new Map(
  ACCOUNT_SORT_FIELDS.flatMap((field) =>
    (['asc', 'desc'] as const).map((order) => {
      const { ids, rows, fromCounts } = accountOrder(field, order);
      return [`${field}:${order}`, { ids: renderOnce(ids), rows: renderOnce(rows), fromCounts }];
    }),
  ),
);

const ACCOUNT_COLUMNS = renderOnce(sql`u.id as "_id", u.f_name as "fName", u.l_name as "lName",
  u.email as "email", ${isoTime(sql`u.last_login`)} as "lastLogin",
  coalesce(c.applicants, 0) as "interviewCount", u.perm as "perm", u.role as "role",
  u.company_name as "companyName"`);

type AccountListRow = Omit<Account, 'role'> & { role: string };

interface AccountListStatementRow {
  filtered: number;
  /** Null without a search (the filtered count is the total then). */
  total: number | null;
  /** The page's accounts in order (PGlite answers json as text). */
  rows: AccountListRow[] | string;
}

/**
 * The admin account list (account overview): search, sort and 1-based pages, in one
 * statement that reads indexes only. The page's ids come from the sort's index (a
 * deferred join: a deep page walks index entries, not rows), a search from the trigram index of
 * `users.search_text`; interviews are one lookup each in user_applicant_counts (kept by
 * triggers). The counts stop at LIST_COUNT_CAP, a search's at SEARCH_COUNT_CAP (`…Capped`).
 */
export async function listAccounts(db: Db, query: AccountListQuery): Promise<AccountListResponse> {
  const order = ACCOUNT_ORDERS.get(`${query.sort.field}:${query.sort.order}`)!;
  // search_text is stored lower-cased: LIKE on the lower-cased pattern is what ILIKE on each
  // field did. The pattern is written into the statement (planText), so its plan is made for
  // the word: a rare one reads the trigram index, a common one walks the sort's index.
  const pattern = query.txt ? searchPattern(query.txt) : null;
  const search = pattern === null ? undefined : sql`u.search_text like lower(${pattern})`;
  const skip = getSkip(query.currPage, query.itemsPerPage);
  const window = sql`limit ${planConstant(query.itemsPerPage)} offset ${planOffset(skip)}`;
  let pageIds: SQL;
  if (order.fromCounts && !search) {
    // Every user has a count row (made with the user): the ids are an index-only walk.
    pageIds = sql`select c.user_id from ${userApplicantCounts} c order by ${order.ids} ${window}`;
  } else if (order.fromCounts) {
    pageIds = sql`select u.id from ${users} u join ${userApplicantCounts} c on c.user_id = u.id
      where ${search} order by ${order.ids} ${window}`;
  } else {
    pageIds = sql`select u.id from ${users} u ${search ? sql`where ${search}` : sql``}
      order by ${order.ids} ${window}`;
  }
  const total = cappedCountSql(users, sql`true`, LIST_COUNT_CAP);
  // A search counts to SEARCH_COUNT_CAP, as the applicant and job searches do: a common word
  // ("gmail", a quarter of the users) is then counted by a short walk of the index, where
  // counting 10,001 of its matches read the whole trigram bitmap (44 ms at 100,000 users).
  const filteredCap = pattern === null ? LIST_COUNT_CAP : SEARCH_COUNT_CAP;
  const filtered =
    pattern === null
      ? total
      : cappedCountSql(users, sql`${users.searchText} like lower(${pattern})`, filteredCap);
  const statement = sql`select ${filtered} as "filtered", ${search ? total : sql`null`} as "total",
    coalesce((select json_agg(r order by r.pos) from (
      select ${ACCOUNT_COLUMNS}, row_number() over (order by ${order.rows}) as pos
      from ${users} u left join ${userApplicantCounts} c on c.user_id = u.id
      where u.id in (${pageIds})) r), '[]'::json) as "rows"`;
  const [result] = await readList(db, (q) =>
    runListStatement<AccountListStatementRow>(q, statement, { planEachTime: Boolean(search) }),
  );
  const found: AccountListRow[] =
    typeof result!.rows === 'string' ? JSON.parse(result!.rows) : result!.rows;
  const filteredCount = toCapped(Number(result!.filtered), filteredCap);
  const totalCount = search ? toCapped(Number(result!.total), LIST_COUNT_CAP) : filteredCount;
  return {
    accounts: found.map((row) => ({
      _id: row._id,
      fName: row.fName,
      lName: row.lName,
      email: row.email,
      lastLogin: row.lastLogin,
      interviewCount: Number(row.interviewCount),
      perm: row.perm,
      role: toRole(row.role),
      companyName: row.companyName,
    })),
    pageCount: getPageCount(filteredCount.value, query.itemsPerPage),
    filteredAccountCount: filteredCount.value,
    filteredAccountCountCapped: filteredCount.capped,
    totalAccountCount: totalCount.value,
    totalAccountCountCapped: totalCount.capped,
  };
}
