import {
  DEFAULT_NOTIFICATION_PREFS,
  SUBMISSION_EMAIL_SCOPES,
  type NotificationPrefs,
  type SubmissionEmailMode,
  type SubmissionEmailScope,
  ACCOUNT_SORT_FIELDS,
  getPageCount,
  getSkip,
  isLanguage,
  LIST_COUNT_CAP,
  ORG_ROLES,
  SEARCH_COUNT_CAP,
  ROLES,
  type OrgRole,
  type Account,
  type AccountListQuery,
  type AccountListResponse,
  type AccountSortField,
  type Language,
  type Role,
  type SessionUser,
} from '@candid/domain';
import { and, eq, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
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
import { organizations, userApplicantCounts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { isUuid } from '../../lib/ids';
import type { AuthUser, StoredUser } from '../../plugins/auth';
import { authorize, type StaffActor } from '../../policies';

export type UserRow = typeof users.$inferSelect;

/**
 * Locks the organisation row until the caller's transaction ends, so that decisions counted
 * per organisation (the free interviews of DESIGN §7) are taken one at a time.
 */
export async function lockOrganization(tx: DbTx, orgId: string): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('update');
}

/** Emails are kept trimmed and lower-cased, so that lookups are case-insensitive. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toRole(role: string): Role {
  return role === ROLES.ADMIN ? ROLES.ADMIN : ROLES.USER;
}

function toOrgRole(orgRole: string): OrgRole {
  return orgRole === ORG_ROLES.OWNER ? ORG_ROLES.OWNER : ORG_ROLES.MEMBER;
}

function toLanguage(language: string): Language {
  return isLanguage(language) ? language : 'en';
}

/** A user row as the API returns it (spec §3 User, wire names). The one place columns map to the wire. */
export function toUserDto(row: UserRow): SessionUser {
  return {
    _id: row.id,
    fName: row.fName,
    lName: row.lName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    imgUrl: row.imgUrl,
    companyName: row.companyName,
    companyId: row.orgId,
    logoUrl: row.logoUrl,
    coverUrls: row.coverUrls.map((cover) => ({
      url: cover.regular,
      ...(cover.small ? { smallUrl: cover.small } : {}),
    })),
    role: toRole(row.role),
    orgRole: toOrgRole(row.orgRole),
    lastLogin: row.lastLogin ? row.lastLogin.toISOString() : null,
    perm: row.perm,
    advancedPrm: row.advancedPrm,
    emailVerified: row.emailVerified,
    language: toLanguage(row.language),
    notifications: notificationPrefsOf(row),
  };
}

/** The row's submission e-mail preferences (unknown stored values read as the defaults). */
export function notificationPrefsOf(
  row: Pick<UserRow, 'notifyScope' | 'notifyMode'>,
): NotificationPrefs {
  return {
    scope: (SUBMISSION_EMAIL_SCOPES as readonly string[]).includes(row.notifyScope)
      ? row.notifyScope
      : DEFAULT_NOTIFICATION_PREFS.scope,
    mode: row.notifyMode === 'digest' ? 'digest' : 'each',
  };
}

/**
 * The patch that sets submission e-mail preferences: a switch to the digest starts its first
 * period now (nothing submitted before the choice is sent again), any other mode ends it.
 */
export function notificationPatch(
  prefs: NotificationPrefs,
  current: Pick<UserRow, 'notifyMode' | 'digestFrom'>,
  now: Date,
): UserPatch {
  const digest = prefs.mode === 'digest' && prefs.scope !== 'off';
  return {
    notifyScope: prefs.scope,
    notifyMode: prefs.mode,
    digestFrom: digest
      ? current.notifyMode === 'digest' && current.digestFrom
        ? current.digestFrom
        : now
      : null,
  };
}

/** The parts of a user the access token carries. */
export function toAuthUser(row: UserRow): AuthUser {
  return { id: row.id, orgId: row.orgId, role: toRole(row.role) };
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

function prepareStoredUser(db: Db) {
  return db
    .select({
      id: users.id,
      orgId: users.orgId,
      role: users.role,
      orgRole: users.orgRole,
      perm: users.perm,
      advancedPrm: users.advancedPrm,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_stored_user');
}
const storedUserStatements = new WeakMap<Db, ReturnType<typeof prepareStoredUser>>();

/**
 * The auth plugin's lookup on every authenticated request (role and plan as stored now): the
 * few columns it needs, as a prepared statement built once per database (on PostgreSQL a named
 * statement, parsed and planned once per connection).
 */
export async function findStoredUser(db: Db, id: string): Promise<StoredUser | null> {
  if (!isUuid(id)) return null;
  let statement = storedUserStatements.get(db);
  if (!statement) {
    statement = prepareStoredUser(db);
    storedUserStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row ?? null;
}

export async function findUserByGoogleSub(db: Db, googleSub: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, googleSub));
  return row ?? null;
}

export interface NewUser {
  fName: string;
  lName: string;
  email: string;
  /** argon2id hash; null for a Google-only account. */
  passwordHash: string | null;
  role: Role;
  perm: number;
  advancedPrm?: Record<string, boolean>;
  emailVerified: boolean;
  language: Language;
  companyName?: string;
  googleSub?: string | null;
  imgUrl?: string;
  /** Adds the user to this organisation; a new one is created when unset. */
  orgId?: string;
  /** Name of the new organisation (default "<fName>'s organisation"). */
  orgName?: string;
}

/**
 * Creates a user, and their own organisation unless `orgId` names an existing one.
 * EMAIL_TAKEN_ERR when the email (case-insensitive) already has an account, also when two
 * signups race; NOT_FOUND_ERR for an unknown `orgId`.
 */
export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(db, email)) throw new AppError('EMAIL_TAKEN_ERR');
  try {
    return await db.transaction(async (tx) => {
      let orgId = input.orgId;
      // Who makes an organisation owns it; anyone added to an existing one is a member.
      const orgRole: OrgRole = orgId === undefined ? ORG_ROLES.OWNER : ORG_ROLES.MEMBER;
      if (orgId !== undefined) {
        const [org] = isUuid(orgId)
          ? await tx
              .select({ id: organizations.id })
              .from(organizations)
              .where(eq(organizations.id, orgId))
          : [];
        if (!org) throw new AppError('NOT_FOUND_ERR');
      } else {
        const name =
          input.orgName?.trim() || input.companyName?.trim() || `${input.fName}'s organisation`;
        const [org] = await tx.insert(organizations).values({ name }).returning();
        orgId = org!.id;
      }
      const [row] = await tx
        .insert(users)
        .values({
          orgId,
          orgRole,
          fName: input.fName,
          lName: input.lName,
          email,
          passwordHash: input.passwordHash,
          googleSub: input.googleSub ?? null,
          role: input.role,
          perm: input.perm,
          advancedPrm: input.advancedPrm ?? {},
          emailVerified: input.emailVerified,
          language: input.language,
          companyName: input.companyName ?? '',
          imgUrl: input.imgUrl ?? '',
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('EMAIL_TAKEN_ERR');
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN_ERR');
    throw error;
  }
}

/** Columns a user update may set (wire names where the spec has them). */
export interface UserPatch {
  fName?: string;
  lName?: string;
  email?: string;
  phone?: string;
  address?: string;
  companyName?: string;
  imgUrl?: string;
  logoUrl?: string;
  language?: Language;
  role?: Role;
  perm?: number;
  advancedPrm?: Record<string, boolean>;
  emailVerified?: boolean;
  passwordHash?: string;
  googleSub?: string;
  lastLogin?: Date;
  notifyScope?: SubmissionEmailScope;
  notifyMode?: SubmissionEmailMode;
  digestFrom?: Date | null;
}

/**
 * Keeps the company name a recruiter gave their first job on their profile (issue 13: asked
 * once), so every later new job is prefilled with it. Only a profile without one is changed, or
 * (with `previous`, when a job's company is edited) one that still holds the name taken from that
 * job: a job saved while its company was half typed ("Ac", autosave) leaves "Acme" on the profile
 * once the name is finished. The spec's blank fallback ("company") is not a name.
 */
export async function rememberCompanyName(
  tx: Db | DbTx,
  userId: string,
  companyName: string,
  fallbacks: readonly string[],
  previous?: string,
): Promise<void> {
  const name = companyName.trim();
  if (!name || fallbacks.includes(name)) return;
  const before = previous?.trim();
  const replaceable =
    before && before !== name
      ? or(eq(users.companyName, ''), eq(users.companyName, before))
      : eq(users.companyName, '');
  await tx
    .update(users)
    .set({ companyName: name })
    .where(and(eq(users.id, userId), replaceable));
}

/** Updates a user; EMAIL_TAKEN_ERR when the new email belongs to someone else. */
export async function updateUser(
  db: Db | DbTx,
  id: string,
  patch: UserPatch,
  now: Date,
): Promise<UserRow> {
  const values: UserPatch & { updatedAt: Date } = { ...patch, updatedAt: now };
  if (patch.email !== undefined) {
    values.email = normalizeEmail(patch.email);
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, values.email), ne(users.id, id)));
    if (other) throw new AppError('EMAIL_TAKEN_ERR');
  }
  try {
    const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND_ERR');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN_ERR');
    throw error;
  }
}

/**
 * Spec §6 organisations: an organisation works under one plan. When an admin changes one user's
 * plan (`perm`, `advancedPrm`), everyone else of that organisation gets the same, in the
 * caller's transaction; returns how many other users it changed.
 */
export async function shareOrganisationPlan(
  tx: Db | DbTx,
  from: Pick<UserRow, 'id' | 'orgId' | 'perm' | 'advancedPrm'>,
  now: Date,
): Promise<number> {
  const changed = await tx
    .update(users)
    .set({ perm: from.perm, advancedPrm: from.advancedPrm, updatedAt: now })
    .where(and(eq(users.orgId, from.orgId), ne(users.id, from.id)))
    .returning({ id: users.id });
  return changed.length;
}

/**
 * Loads the user a management call names, asking the policies whether `actor` may manage them:
 * NOT_FOUND_ERR when it does not exist or belongs to an organisation the actor cannot see,
 * FORBIDDEN_ERR for a visible colleague the actor may not manage.
 */
export async function getManagedUser(db: Db, actor: StaffActor, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw new AppError('NOT_FOUND_ERR');
  authorize(actor, 'user.manage', row);
  return row;
}

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
 * The admin account list (spec §2 account overview): search, sort and 1-based pages, in one
 * statement that reads indexes only (issue 9). The page's ids come from the sort's index (a
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

/**
 * Who inherits a departing user's work: `preferredId` when they are a colleague (the admin
 * deleting an account of their own organisation), else the oldest colleague; null when the
 * user is the organisation's last member.
 */
export async function findSuccessor(
  db: Db | DbTx,
  user: { id: string; orgId: string },
  preferredId?: string,
): Promise<UserRow | null> {
  const colleagues = await db
    .select()
    .from(users)
    .where(and(eq(users.orgId, user.orgId), ne(users.id, user.id)))
    .orderBy(users.createdAt, users.id);
  return colleagues.find((colleague) => colleague.id === preferredId) ?? colleagues[0] ?? null;
}

/** The interviews (applicants of their jobs) a user owns, as the accounts table counts them. */
export async function countInterviewsOfUser(db: Db, id: string): Promise<number> {
  const [row] = await db
    .select({ value: userApplicantCounts.applicants })
    .from(userApplicantCounts)
    .where(eq(userApplicantCounts.userId, id));
  return Number(row?.value ?? 0);
}

/**
 * Deletes an account. The last user of an organisation takes the organisation (and with it
 * every job, template and applicant of it) along; a user with colleagues leaves alone.
 */
export async function deleteUser(
  db: Db,
  id: string,
  options: {
    /** Who inherits the user's work when colleagues remain; the oldest colleague by default. */
    preferredSuccessorId?: string;
    /** Moves what other modules own (jobs, templates) to the successor, in the same transaction. */
    handOver?: (tx: DbTx, fromUserId: string, toUserId: string) => Promise<void>;
    /**
     * Runs in the transaction before the organisation is deleted with its last member, for what
     * other modules must do first (queue its stored files for removal).
     */
    beforeOrganizationDelete?: (tx: DbTx, orgId: string) => Promise<void>;
  } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ orgId: users.orgId }).from(users).where(eq(users.id, id));
    if (!row) throw new AppError('NOT_FOUND_ERR');
    const successor = await findSuccessor(
      tx,
      { id, orgId: row.orgId },
      options.preferredSuccessorId,
    );
    if (!successor) {
      // The last member: the organisation and everything in it go with them.
      await options.beforeOrganizationDelete?.(tx, row.orgId);
      await tx.delete(organizations).where(eq(organizations.id, row.orgId));
      return;
    }
    await options.handOver?.(tx, id, successor.id);
    await tx.delete(users).where(eq(users.id, id));
  });
}

/** The users of an organisation for the team screen: its owner first, then by joining date. */
export async function listOrgUsers(db: Db, orgId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.orgId, orgId))
    .orderBy(sql`${users.orgRole} = ${ORG_ROLES.OWNER} desc`, users.createdAt, users.id);
}

/** The organisation's owner (who receives a removed member's work); null for none left. */
export async function findOrgOwner(db: Db | DbTx, orgId: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.orgRole, ORG_ROLES.OWNER)))
    .orderBy(users.createdAt, users.id)
    .limit(1);
  return row ?? null;
}

/** The organisation's name (the new member's email names it). */
export async function getOrganizationName(db: Db, orgId: string): Promise<string> {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.name ?? '';
}

/** A recruiter as a submission e-mail addresses them. */
export type NotifiedUser = Pick<UserRow, 'id' | 'orgId' | 'email' | 'fName' | 'language'> & {
  notifyScope: SubmissionEmailScope;
};

const notifiedColumns = {
  id: users.id,
  orgId: users.orgId,
  email: users.email,
  fName: users.fName,
  language: users.language,
  notifyScope: users.notifyScope,
};

/**
 * Who gets an e-mail the moment an interview of `ownerId`'s job in `orgId` is submitted: the
 * owner on 'mine', anyone of the organisation on 'all', each of them on 'each' (issue 15).
 */
export async function findSubmissionRecipients(
  tx: Db | DbTx,
  orgId: string,
  ownerId: string,
): Promise<NotifiedUser[]> {
  return tx
    .select(notifiedColumns)
    .from(users)
    .where(
      and(
        eq(users.orgId, orgId),
        eq(users.notifyMode, 'each'),
        or(eq(users.notifyScope, 'all'), and(eq(users.notifyScope, 'mine'), eq(users.id, ownerId))),
      ),
    );
}

/** Recruiters on a daily digest whose period began at or before `before`. */
export async function findDueDigests(
  db: Db,
  before: Date,
  limit: number,
): Promise<(NotifiedUser & { digestFrom: Date })[]> {
  const rows = await db
    .select({ ...notifiedColumns, digestFrom: users.digestFrom })
    .from(users)
    .where(
      and(
        eq(users.notifyMode, 'digest'),
        ne(users.notifyScope, 'off'),
        lte(users.digestFrom, before),
      ),
    )
    .orderBy(users.digestFrom)
    .limit(limit);
  return rows.flatMap((row) => (row.digestFrom ? [{ ...row, digestFrom: row.digestFrom }] : []));
}

/**
 * Takes a recruiter's digest period `(from, to]`: moves its start to `to`. False when another
 * sweep took it first or the recruiter changed their choice meanwhile.
 */
export async function claimDigest(
  tx: Db | DbTx,
  userId: string,
  from: Date,
  to: Date,
): Promise<boolean> {
  const taken = await tx
    .update(users)
    .set({ digestFrom: to })
    .where(and(eq(users.id, userId), eq(users.notifyMode, 'digest'), eq(users.digestFrom, from)))
    .returning({ id: users.id });
  return taken.length > 0;
}
