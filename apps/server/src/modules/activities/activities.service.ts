import {
  ACTIVITY_CSV_COLUMNS,
  ACTIVITY_EXPORT_MAX_ROWS,
  csvLine,
  getSkip,
  GUEST_USER,
  LIST_COUNT_CAP,
  type Activity,
  type ActivityFilter,
  type ActivityListResponse,
  type ActivityTarget,
  type ActivityType,
  type MiniUser,
} from '@candid/domain';
import { and, asc, eq, gt, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import {
  cappedCountSql,
  planConstant,
  planOffset,
  readList,
  runListStatement,
} from '../../db/list-query';
import { activities } from '../../db/schema';
import { aliasedUsers } from '../users/users.joins';

export interface NewActivity {
  type: ActivityType;
  target: ActivityTarget;
  /** The acting user; null for a guest (a candidate). */
  userId: string | null;
  orgId: string | null;
  desc?: string;
  meta?: Record<string, unknown>;
  date: Date;
}

/** Records what a user or guest did, for the admin activity overview (Activity). */
export async function recordActivity(db: Db | DbTx, activity: NewActivity): Promise<void> {
  await db.insert(activities).values({
    type: activity.type,
    target: activity.target,
    userId: activity.userId,
    orgId: activity.orgId,
    description: activity.desc ?? '',
    meta: activity.meta ?? {},
    date: activity.date,
  });
}

/** The first instant after `date` when it names a day (so `toDate=2024-05-31` includes that day). */
function endOf(date: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    const day = new Date(`${date}T00:00:00.000Z`);
    return new Date(day.getTime() + 24 * 60 * 60 * 1000);
  }
  return new Date(new Date(date).getTime() + 1);
}

type ActivityConditions = Pick<ActivityFilter, 'userId' | 'fromDate' | 'toDate'>;

function activityConditions(filter: ActivityConditions): SQL[] {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(activities.userId, filter.userId));
  if (filter.fromDate) conditions.push(gte(activities.date, new Date(filter.fromDate)));
  if (filter.toDate) conditions.push(lt(activities.date, endOf(filter.toDate)));
  return conditions;
}

const actor = aliasedUsers('actor');
const viewedAs = aliasedUsers('viewed_as');
/** meta.viewAsId as a uuid when it is one (a malformed value joins nothing instead of failing). */
const viewAsIdSql = sql`(case when ${activities.meta} ->> 'viewAsId' ~* '^[0-9a-f-]{36}$' then (${activities.meta} ->> 'viewAsId')::uuid end)`;

function selectActivities(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: activities.id,
      date: activities.date,
      type: activities.type,
      target: activities.target,
      description: activities.description,
      meta: activities.meta,
      userId: activities.userId,
      actor: actor.columns,
      viewedAs: viewedAs.columns,
    })
    .from(activities)
    .leftJoin(actor.table, eq(actor.id, activities.userId))
    .leftJoin(viewedAs.table, eq(viewedAs.id, viewAsIdSql))
    .where(where)
    .orderBy(asc(activities.date), asc(activities.id));
}

type ActivityRow = Awaited<ReturnType<typeof selectActivities>>[number];

function toActivityUser(user: ActivityRow['actor']): MiniUser | null {
  if (!user) return null;
  return {
    _id: user.id,
    fName: user.fName,
    lName: user.lName,
    companyId: user.orgId,
    imgUrl: user.imgUrl,
    email: user.email,
  };
}

/** A stored activity as the overview shows it (mini user, or guest for a candidate). */
function toActivity(row: ActivityRow): Activity {
  const viewAs = toActivityUser(row.viewedAs);
  return {
    _id: row.id,
    date: row.date.toISOString(),
    type: row.type as Activity['type'],
    target: row.target as Activity['target'],
    desc: row.description,
    meta: row.meta,
    // A deleted user's activities keep their id in meta but no longer name anyone.
    user:
      toActivityUser(row.actor) ??
      (row.userId ? { _id: row.userId, fName: '', lName: '' } : GUEST_USER),
    ...(viewAs ? { viewAs } : {}),
  };
}

/**
 * `GET activity` (admin): the activity overview, oldest first, 50 per page by
 * default, filtered by the acting user and a date range; the total stops at LIST_COUNT_CAP.
 */
export async function listActivities(
  db: Db,
  filter: ActivityFilter,
): Promise<ActivityListResponse> {
  const where = and(...activityConditions(filter)) ?? sql`true`;
  // The page's size, a first page's offset and the count's cap are written into the statements
  // (planConstant, planOffset): on the list pool's generic plans `limit $1` was planned as a
  // tenth of the table, and page 1 sorted all 1 M activities (269 ms, against 1.2).
  const pageIds = sql`select ${activities.id} from ${activities} where ${where}
    order by ${activities.date} asc, ${activities.id} asc
    limit ${planConstant(filter.itemsPerPage)}
    offset ${planOffset(getSkip(filter.currPage, filter.itemsPerPage))}`;
  return readList(db, async (q) => {
    // Deferred join: the page's ids come from the activities index alone, and only those 50
    // rows are joined to their users, however deep the page.
    const rows = await selectActivities(q, sql`${activities.id} in (${pageIds})`);
    const [counted] = await runListStatement<{ value: number }>(
      q,
      sql`select ${cappedCountSql(activities, where, LIST_COUNT_CAP)} as "value"`,
    );
    const total = Number(counted?.value ?? 0);
    return {
      activities: rows.map(toActivity),
      totalActivityCount: Math.min(total, LIST_COUNT_CAP),
      totalActivityCountCapped: total > LIST_COUNT_CAP,
    };
  });
}

const EXPORT_BATCH_ROWS = 500;

function nameOf(user: MiniUser | typeof GUEST_USER): string {
  return user === GUEST_USER ? GUEST_USER : `${user.fName} ${user.lName ?? ''}`.trim();
}

/**
 * The filtered activity list as CSV lines, oldest first: a header, then the rows read in
 * batches with a keyset cursor (date, id), so a long export holds neither all rows in memory
 * nor one long-running statement. Stops after ACTIVITY_EXPORT_MAX_ROWS rows with a last line
 * saying so.
 */
export async function* exportActivitiesCsv(
  db: Db,
  filter: ActivityConditions,
): AsyncGenerator<string> {
  // A byte-order mark, so spreadsheet programs read the file (Hebrew included) as UTF-8.
  yield `\uFEFF${csvLine(ACTIVITY_CSV_COLUMNS)}`;
  const conditions = activityConditions(filter);
  let after: { date: Date; id: string } | null = null;
  let written = 0;
  for (;;) {
    const cursor: SQL | undefined = after
      ? or(
          gt(activities.date, after.date),
          and(eq(activities.date, after.date), gt(activities.id, after.id)),
        )
      : undefined;
    const rows: ActivityRow[] = await readList(db, (q) =>
      selectActivities(q, and(...conditions, cursor)).limit(EXPORT_BATCH_ROWS),
    );
    let chunk = '';
    for (const row of rows) {
      if (written >= ACTIVITY_EXPORT_MAX_ROWS) {
        yield `${chunk}${csvLine([`… stopped after ${ACTIVITY_EXPORT_MAX_ROWS} rows; narrow the filter`])}`;
        return;
      }
      const activity = toActivity(row);
      const { viewAsId, ...meta } = activity.meta as { viewAsId?: unknown };
      chunk += csvLine([
        activity.date,
        activity.type,
        activity.target,
        activity.desc,
        activity.user === GUEST_USER ? '' : activity.user._id,
        nameOf(activity.user),
        activity.user === GUEST_USER ? '' : (activity.user.email ?? ''),
        typeof viewAsId === 'string' ? viewAsId : '',
        activity.viewAs ? nameOf(activity.viewAs) : '',
        Object.keys(meta).length > 0 ? JSON.stringify(meta) : '',
      ]);
      written += 1;
    }
    if (chunk) yield chunk;
    if (rows.length < EXPORT_BATCH_ROWS) return;
    const last: ActivityRow = rows[rows.length - 1]!;
    after = { date: last.date, id: last.id };
  }
}

/**
 * Blanks the descriptions of the activities about deleted applicants: they name the
 * candidate ("Yael Cohen"), and a deleted person's name must not outlive them in the log. The
 * entries stay, with their ids, so the history of what was done remains.
 */
export async function forgetApplicantsInActivities(
  db: Db | DbTx,
  applicantIds: readonly string[],
): Promise<void> {
  if (applicantIds.length === 0) return;
  await db
    .update(activities)
    .set({ description: '' })
    .where(
      and(
        sql`${activities.meta} ? 'applicantId'`,
        inArray(sql`${activities.meta} ->> 'applicantId'`, [...applicantIds]),
      ),
    );
}
