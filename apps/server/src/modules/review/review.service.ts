import {
  canSortApplicants,
  daysAgoToDate,
  DEFAULT_SORTS,
  getPageCount,
  getSkip,
  hasPermission,
  isApplicantLocked,
  type ApplicantChange,
  type ApplicantCountQuery,
  type ApplicantCountResponse,
  type ApplicantDetails,
  type ApplicantListItem,
  type ApplicantListQuery,
  type ApplicantListResponse,
  type ApplicantSort,
  type ApplicantVideosResponse,
  type PermissionSubject,
  type ReviewAnswer,
} from '@candid/domain';
import {
  and,
  asc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { cappedCount, readList } from '../../db/list-query';
import { applicants, jobs, notes, timelineEvents, uploads, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { ObjectStorage } from '../../storage/storage';
import { recordActivity, type NewActivity } from '../activities/activities.service';
import { storeApplicantCv } from '../applicants/store-cv';
import {
  toCvUrls,
  toListItem,
  toReviewAnswer,
  toReviewNote,
  toTimeline,
  type ApplicantListRow,
} from './review.mapping';

/**
 * The recruiter's review of applicants (spec §7 "Jobs": `job/applicant`, `job/applicantCount`,
 * `job/{jobId}/{applicantId}`, `job/applicantVideos/…`, `PUT job/applicant`,
 * `PUT job/applicantDelete`). Everything is scoped to one organisation; another organisation's
 * applicant is "not found". Locks (spec §6) are decided for the acting user (the admin's view-as
 * user when there is one), as that is whose product the caller is looking at.
 */

/** The user the call acts for, with the plan that decides locks, sorting and bookmarks. */
export interface Reviewer extends PermissionSubject {
  id: string;
  orgId: string;
}

/** Who did it, for the activity log: the real user (an admin when viewing as another). */
export interface ReviewActor {
  userId: string;
  /** The user the admin is viewing as, when that is someone else. */
  viewAsId?: string;
}

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

/** `%text%` for ILIKE with the user's `%`, `_` and `\` taken literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function fullName(row: { fName: string; lName: string }): string {
  return `${row.fName} ${row.lName}`.trim();
}

function activityMeta(actor: ReviewActor, meta: Record<string, unknown>) {
  return { ...meta, ...(actor.viewAsId ? { viewAsId: actor.viewAsId } : {}) };
}

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
  const sort = canSortApplicants(viewer) ? query.sort : DEFAULT_SORT;
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

/**
 * One applicant of the organisation with its job, or NOT_FOUND_ERR (also for a malformed id
 * and, when `jobId` is given, for an applicant of another job).
 */
async function findOrgApplicant(db: Db, orgId: string, applicantId: string, jobId?: string) {
  if (!isUuid(applicantId) || (jobId !== undefined && !isUuid(jobId))) {
    throw new AppError('NOT_FOUND_ERR');
  }
  const [found] = await db
    .select({ applicant: applicants, job: jobs })
    .from(applicants)
    .innerJoin(jobs, eq(jobs.id, applicants.jobId))
    .where(
      and(
        eq(applicants.id, applicantId),
        eq(applicants.orgId, orgId),
        jobId !== undefined ? eq(applicants.jobId, jobId) : undefined,
      ),
    );
  if (!found) throw new AppError('NOT_FOUND_ERR');
  return found;
}

function assertUnlocked(viewer: Reviewer, applicant: { isFree: boolean }): void {
  if (isApplicantLocked(viewer, applicant)) {
    throw new AppError('FORBIDDEN_ERR', {
      message: 'This applicant is locked: opening it needs the unlimited-interviews plan',
    });
  }
}

/**
 * `GET job/{jobId}/{applicantId}`: the applicant with signed CV URLs, notes (oldest first, with
 * their authors), the timeline (oldest first, from the created event) and the job's questions.
 * FORBIDDEN_ERR when it is locked for the viewer (spec §6: the web app goes back to the list).
 */
export async function getApplicantDetails(
  deps: { db: Db; storage: ObjectStorage },
  viewer: Reviewer,
  params: { jobId: string; applicantId: string },
): Promise<ApplicantDetails> {
  const { db, storage } = deps;
  const { applicant, job } = await findOrgApplicant(
    db,
    viewer.orgId,
    params.applicantId,
    params.jobId,
  );
  assertUnlocked(viewer, applicant);
  const noteRows = await db
    .select({
      note: notes,
      owner: {
        id: users.id,
        fName: users.fName,
        lName: users.lName,
        orgId: users.orgId,
        imgUrl: users.imgUrl,
        email: users.email,
      },
    })
    .from(notes)
    .leftJoin(users, eq(users.id, notes.ownerId))
    .where(eq(notes.applicantId, applicant.id))
    .orderBy(asc(notes.createdAt), asc(notes.id));
  const timelineRows = await db
    .select()
    .from(timelineEvents)
    .where(eq(timelineEvents.applicantId, applicant.id))
    .orderBy(asc(timelineEvents.createdAt), asc(timelineEvents.id));
  const item = await toListItem({ ...applicant, jobTitle: job.title }, viewer, storage);
  const cv = await toCvUrls(storage, { key: applicant.cvKey, name: applicant.cvName });
  return {
    ...item,
    info: {
      ...item.info,
      ...cv,
      cv: applicant.cvName || null,
      isPreview: applicant.isPreview,
    },
    notes: noteRows.map((row) => toReviewNote(row.note, row.owner)),
    timeline: toTimeline(timelineRows, applicant.createdAt),
    job: {
      _id: job.id,
      title: job.title,
      quests: job.quests,
      archivedAt: job.archivedAt ? job.archivedAt.toISOString() : null,
    },
  };
}

/**
 * `GET job/applicantVideos/{applicantId}/{jobId}`: the answers with short-lived signed URLs and
 * the recordings' lengths when known. Watching is recorded (spec §3: target interview, type
 * watch). FORBIDDEN_ERR when the applicant is locked for the viewer.
 */
export async function getApplicantVideos(
  deps: { db: Db; storage: ObjectStorage; now: Date },
  viewer: Reviewer,
  actor: ReviewActor,
  params: { jobId: string; applicantId: string },
): Promise<ApplicantVideosResponse> {
  const { db, storage, now } = deps;
  const { applicant } = await findOrgApplicant(db, viewer.orgId, params.applicantId, params.jobId);
  assertUnlocked(viewer, applicant);
  const answers = Object.entries(applicant.answerMap ?? {});
  const recordingKeys = answers.flatMap(([, answer]) =>
    [answer.faceKey, answer.screenKey].filter((key): key is string => Boolean(key)),
  );
  const durations = new Map<string, number | null>();
  if (recordingKeys.length > 0) {
    const rows = await db
      .select({ key: uploads.key, durationSec: uploads.durationSec })
      .from(uploads)
      .where(
        and(
          eq(uploads.applicantId, applicant.id),
          inArray(uploads.key, recordingKeys),
          eq(uploads.status, 'completed'),
        ),
      );
    for (const row of rows) durations.set(row.key, row.durationSec);
  }
  const answerMap: Record<string, ReviewAnswer> = {};
  for (const [questId, answer] of answers) {
    answerMap[questId] = await toReviewAnswer(answer, storage, durations);
  }
  await recordActivity(db, {
    type: 'watch',
    target: 'interview',
    userId: actor.userId,
    orgId: viewer.orgId,
    desc: fullName(applicant),
    meta: activityMeta(actor, { applicantId: applicant.id, jobId: applicant.jobId }),
    date: now,
  });
  return { answerMap };
}

/** What a change does to one applicant, worked out and checked before anything is written. */
interface PlannedChange {
  change: ApplicantChange;
  row: typeof applicants.$inferSelect;
  status?: number;
  archivedAt?: Date | null;
}

/** An applicant the update touched, for the reply and the realtime event. */
export interface UpdatedApplicant {
  row: typeof applicants.$inferSelect;
  item: ApplicantListItem;
  jobTitle: string;
  /** The job owner, whose back-office tabs are told (spec §7 "save applicant"). */
  ownerId: string;
  changed: boolean;
}

function assertUniqueIds(ids: readonly string[]): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) {
      throw new AppError('VALIDATION_ERR', {
        message: `Applicant ${id} appears more than once; send one change per applicant`,
      });
    }
    seen.add(id);
  }
}

/**
 * The organisation's applicants among `ids` with their job's title and owner; 404 for any other.
 * With `lock` (inside a transaction) the applicant rows stay locked until it ends, so two
 * recruiters changing the same applicant at once are applied one after the other, each checked
 * against what the other wrote.
 */
async function findOrgApplicants(
  db: Db,
  orgId: string,
  ids: readonly string[],
  options: { lock?: boolean } = {},
) {
  const valid = ids.filter(isUuid);
  const query = db
    .select({ applicant: applicants, jobTitle: jobs.title, ownerId: jobs.ownerId })
    .from(applicants)
    .innerJoin(jobs, eq(jobs.id, applicants.jobId))
    .where(and(eq(applicants.orgId, orgId), inArray(applicants.id, valid)));
  const rows =
    valid.length === 0
      ? []
      : options.lock
        ? await query.for('update', { of: applicants })
        : await query;
  const byId = new Map(rows.map((row) => [row.applicant.id, row]));
  for (const id of ids) {
    if (!byId.has(id)) {
      throw new AppError('NOT_FOUND_ERR', { message: `Applicant ${id} not found` });
    }
  }
  return byId;
}

/** Every field of a change besides its id that the caller actually sent. */
function changedFields(change: ApplicantChange): string[] {
  return Object.entries(change)
    .filter(([key, value]) => key !== 'id' && value !== undefined)
    .map(([key]) => key);
}

/**
 * Checks one change against the rules of spec §4–§6 and works out what it does. Throws (and so
 * writes nothing) on the first broken rule.
 */
function planChange(
  change: ApplicantChange,
  row: typeof applicants.$inferSelect,
  context: { viewer: Reviewer; noteOwners: Map<string, string>; now: Date },
): PlannedChange {
  const { viewer, noteOwners, now } = context;
  if (isApplicantLocked(viewer, row) && changedFields(change).some((f) => f !== 'archivedAt')) {
    throw new AppError('FORBIDDEN_ERR', {
      message: `Applicant ${row.id} is locked on your plan: it can only be archived or restored`,
    });
  }
  const archivedAt =
    change.archivedAt === undefined
      ? undefined
      : change.archivedAt === null
        ? null
        : (row.archivedAt ?? now);
  const archivedAfter = archivedAt === undefined ? row.archivedAt : archivedAt;
  const planned: PlannedChange = { change, row };
  if (archivedAt !== undefined && archivedAt?.getTime() !== row.archivedAt?.getTime()) {
    planned.archivedAt = archivedAt;
  }
  if (change.status !== undefined) {
    if (!row.submittedAt) {
      throw new AppError('VALIDATION_ERR', {
        status: 409,
        message: `The status of applicant ${row.id} can be set only once the interview is submitted`,
      });
    }
    if (archivedAfter) {
      throw new AppError('VALIDATION_ERR', {
        status: 409,
        message: `The status of applicant ${row.id} cannot be changed while it is archived`,
      });
    }
    if (change.status !== row.status) planned.status = change.status;
  }
  if (change.newNote?.timeStamp && !hasPermission(viewer, 'BOOKMARKS')) {
    throw new AppError('FORBIDDEN_ERR', {
      message: 'Bookmarks on notes are not included in your plan',
    });
  }
  if (change.removeNoteId !== undefined && noteOwners.get(change.removeNoteId) !== row.id) {
    throw new AppError('NOT_FOUND_ERR', {
      message: `Note ${change.removeNoteId} not found on applicant ${row.id}`,
    });
  }
  return planned;
}

/**
 * `PUT job/applicant`: applies every change in one transaction, all or nothing, after checking
 * them all (spec §4–§6): status only once submitted and while not archived (409), the same
 * status again is no change; a new status and a new note each add their timeline event; removing
 * a note removes its event with it; a bookmark needs BOOKMARKS (403); a locked applicant can only
 * be archived or restored (403). Read flags are not logged as activities (opening an applicant
 * sets one); everything else is.
 */
export async function updateApplicants(
  deps: { db: Db; storage: ObjectStorage; now: Date },
  viewer: Reviewer,
  actor: ReviewActor,
  changes: readonly ApplicantChange[],
): Promise<UpdatedApplicant[]> {
  const { db, storage, now } = deps;
  const ids = changes.map((change) => change.id);
  assertUniqueIds(ids);

  const changedIds = new Set<string>();
  await db.transaction(async (tx) => {
    // Everything is checked first, on locked rows; a broken rule throws before any write.
    const found = await findOrgApplicants(tx, viewer.orgId, ids, { lock: true });
    const noteIds = changes
      .map((change) => change.removeNoteId)
      .filter((id): id is string => id !== undefined && isUuid(id));
    const noteOwners = new Map<string, string>();
    if (noteIds.length > 0) {
      const rows = await tx
        .select({ id: notes.id, applicantId: notes.applicantId })
        .from(notes)
        .where(inArray(notes.id, noteIds));
      for (const row of rows) noteOwners.set(row.id, row.applicantId);
    }
    const plans = changes.map((change) =>
      planChange(change, found.get(change.id)!.applicant, { viewer, noteOwners, now }),
    );

    for (const plan of plans) {
      const { change, row } = plan;
      const log = (activity: Pick<NewActivity, 'type' | 'target'>, meta = {}) =>
        recordActivity(tx, {
          ...activity,
          userId: actor.userId,
          orgId: viewer.orgId,
          desc: fullName({
            fName: change.info?.fName ?? row.fName,
            lName: change.info?.lName ?? row.lName,
          }),
          meta: activityMeta(actor, { applicantId: row.id, jobId: row.jobId, ...meta }),
          date: now,
        });
      const values: Partial<typeof applicants.$inferInsert> = {};
      if (plan.status !== undefined) values.status = plan.status;
      if (change.isRead !== undefined && change.isRead !== row.isRead)
        values.isRead = change.isRead;
      if (plan.archivedAt !== undefined) values.archivedAt = plan.archivedAt;
      if (change.info) {
        for (const field of ['fName', 'lName', 'email', 'phone', 'hometown'] as const) {
          const value = change.info[field];
          if (value !== undefined && value !== row[field]) values[field] = value;
        }
      }
      const hasColumnChange = Object.keys(values).length > 0;
      if (hasColumnChange) {
        await tx
          .update(applicants)
          .set({ ...values, updatedAt: now })
          .where(and(eq(applicants.id, row.id), eq(applicants.orgId, viewer.orgId)));
      }
      if (plan.status !== undefined) {
        await tx.insert(timelineEvents).values({
          applicantId: row.id,
          type: 'status',
          statusCode: plan.status,
          createdAt: now,
        });
        await log({ type: 'update', target: 'status' }, { statusCode: plan.status });
      }
      if (plan.archivedAt !== undefined) {
        await log({ type: plan.archivedAt ? 'archive' : 'restore', target: 'applicant' });
      }
      if (
        change.info &&
        ['fName', 'lName', 'email', 'phone', 'hometown'].some((f) => f in values)
      ) {
        await log({ type: 'update', target: 'applicant' });
      }
      if (change.removeNoteId !== undefined) {
        // The note's timeline event goes with it (foreign key on delete cascade).
        await tx
          .delete(notes)
          .where(and(eq(notes.id, change.removeNoteId), eq(notes.applicantId, row.id)));
        await log({ type: 'remove', target: 'note' }, { noteId: change.removeNoteId });
      }
      if (change.newNote) {
        const timeStamp = change.newNote.timeStamp ?? null;
        const [note] = await tx
          .insert(notes)
          .values({
            applicantId: row.id,
            ownerId: viewer.id,
            txt: change.newNote.txt,
            timeStamp,
            createdAt: now,
          })
          .returning({ id: notes.id });
        await tx.insert(timelineEvents).values({
          applicantId: row.id,
          type: 'note',
          noteId: note!.id,
          txt: change.newNote.txt,
          timeStamp,
          createdAt: now,
        });
        await log({ type: 'create', target: 'note' }, { noteId: note!.id });
      }
      if (
        hasColumnChange ||
        plan.status !== undefined ||
        change.newNote ||
        change.removeNoteId !== undefined
      ) {
        changedIds.add(row.id);
      }
    }
  });

  const saved = await findOrgApplicants(db, viewer.orgId, ids);
  return Promise.all(
    ids.map(async (id) => {
      const { applicant, jobTitle, ownerId } = saved.get(id)!;
      return {
        row: applicant,
        item: await toListItem({ ...applicant, jobTitle }, viewer, storage),
        jobTitle,
        ownerId,
        changed: changedIds.has(id),
      };
    }),
  );
}

/** Storage keys an applicant's files live under: recordings, answer images, CV, face image. */
function storedKeysOf(row: typeof applicants.$inferSelect): string[] {
  const keys = [row.imgKey, row.cvKey];
  for (const answer of Object.values(row.answerMap ?? {})) {
    keys.push(answer.faceKey ?? '', answer.screenKey ?? '', answer.imgKey ?? '');
  }
  return keys.filter(Boolean);
}

/**
 * `PUT job/applicantDelete`: deletes archived applicants for good, all or nothing (409 when one
 * is not archived, 404 when one is not the organisation's). Notes and timeline go with the rows;
 * upload rows too; the stored objects are then removed best-effort (a failure is logged and
 * leaves an orphan object, never a half-deleted applicant).
 */
export async function deleteApplicants(
  deps: { db: Db; storage: ObjectStorage; now: Date; log: FastifyBaseLogger },
  viewer: Reviewer,
  actor: ReviewActor,
  requestedIds: readonly string[],
): Promise<number> {
  const { db, storage, now, log } = deps;
  const ids = [...new Set(requestedIds)];
  const keys = new Set<string>();
  let uploadRows: { key: string; uploadId: string | null; status: string }[] = [];

  const deleted = await db.transaction(async (tx) => {
    const found = await findOrgApplicants(tx, viewer.orgId, ids, { lock: true });
    for (const id of ids) {
      if (!found.get(id)!.applicant.archivedAt) {
        throw new AppError('VALIDATION_ERR', {
          status: 409,
          message: `Applicant ${id} is not archived; only archived applicants can be deleted`,
        });
      }
    }
    uploadRows = await tx
      .select({ key: uploads.key, uploadId: uploads.uploadId, status: uploads.status })
      .from(uploads)
      .where(inArray(uploads.applicantId, ids));
    for (const row of uploadRows) keys.add(row.key);
    for (const id of ids) for (const key of storedKeysOf(found.get(id)!.applicant)) keys.add(key);

    await tx.delete(uploads).where(inArray(uploads.applicantId, ids));
    const rows = await tx
      .delete(applicants)
      .where(and(eq(applicants.orgId, viewer.orgId), inArray(applicants.id, ids)))
      .returning({ id: applicants.id });
    for (const id of ids) {
      const { applicant } = found.get(id)!;
      await recordActivity(tx, {
        type: 'remove',
        target: 'applicant',
        userId: actor.userId,
        orgId: viewer.orgId,
        desc: fullName(applicant),
        meta: activityMeta(actor, { applicantId: id, jobId: applicant.jobId }),
        date: now,
      });
    }
    return rows.length;
  });

  for (const row of uploadRows) {
    if (row.status === 'started' && row.uploadId) {
      await storage.abortMultipartUpload(row.key, row.uploadId).catch((error: unknown) => {
        log.warn({ err: error, key: row.key }, 'could not abort a deleted applicant upload');
      });
    }
  }
  for (const key of keys) {
    await storage.deleteObject(key).catch((error: unknown) => {
      log.warn({ err: error, key }, 'could not delete a deleted applicant file');
    });
  }
  return deleted;
}

/**
 * A recruiter replaces the applicant's CV (spec §2 "Applicant details": the CV menu's
 * replace). Same rules as the candidate's upload (storeApplicantCv); locked applicants are
 * refused (FORBIDDEN_ERR) and another organisation's are not found. Answers the new CV's links.
 */
export async function replaceApplicantCv(
  deps: { db: Db; storage: ObjectStorage; now: Date },
  viewer: Reviewer,
  actor: ReviewActor,
  params: { jobId: string; applicantId: string },
  file: { name: string; contentType: string; body: unknown },
): Promise<{ cv: string; cvUrl: string | null; cvDownloadUrl: string | null }> {
  const { db, storage, now } = deps;
  const { applicant } = await findOrgApplicant(db, viewer.orgId, params.applicantId, params.jobId);
  assertUnlocked(viewer, applicant);
  const stored = await storeApplicantCv(
    deps,
    { applicantId: applicant.id, jobId: applicant.jobId, orgId: applicant.orgId },
    file,
  );
  await recordActivity(db, {
    type: 'update',
    target: 'applicant',
    userId: actor.userId,
    orgId: viewer.orgId,
    desc: fullName(applicant),
    meta: activityMeta(actor, { applicantId: applicant.id, jobId: applicant.jobId, cv: stored.cv }),
    date: now,
  });
  const urls = await toCvUrls(storage, { key: stored.key, name: stored.cv });
  return { cv: stored.cv, ...urls };
}
