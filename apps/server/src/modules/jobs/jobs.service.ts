import {
  canUseScorecard,
  cloneJob,
  defaultScorecard,
  getClosingDateIssue,
  getDefaultTexts,
  getPageCount,
  getSkip,
  resolveStatusStages,
  LIST_COUNT_CAP,
  SEARCH_COUNT_CAP,
  toPublicJob,
  type ApplicantSummary,
  type Job,
  type JobCountQuery,
  type JobListQuery,
  type JobListResponse,
  type JobSaveInput,
  type MiniUser,
  type PermissionSubject,
  type PublicJob,
} from '@candid/domain';
import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import {
  cappedCount,
  cappedCountSql,
  isoOrNull,
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
import { AppError } from '../../lib/app-error';
import { actorMeta, authorize, can, loggedActor, type StaffActor } from '../../policies';
import { isUuid } from '../../lib/ids';
import { recordActivity } from '../activities/activities.service';
import { findUserById, rememberCompanyName } from '../users/users.service';
import { findDepartment } from '../departments/departments.service';
import { miniUserColumns, ownerJoin } from '../users/users.joins';
import {
  applicantSummarySql,
  getApplicantSummaries,
  toApplicantSummary,
  type RawApplicantSummary,
} from '../review/applicant-summary';
import { forgetCappedCounts } from '../review/review.query';
import { cappedJobCountKey, cappedJobCounts, forgetJobCounts } from './job-counts';
import { toStoredQuests } from './questions';
import { assertSafeMediaUrls, sanitizeRichText } from './rich-text';

export type JobRow = typeof jobs.$inferSelect;

/** The job owner's columns read with every job (spec §3 Mini user). */
const ownerColumns = miniUserColumns;
type OwnerRow = {
  id: string;
  fName: string;
  lName: string;
  orgId: string;
  imgUrl: string;
  email: string;
};

function toMiniUser(owner: OwnerRow): MiniUser {
  return {
    _id: owner.id,
    fName: owner.fName,
    lName: owner.lName,
    companyId: owner.orgId,
    imgUrl: owner.imgUrl || null,
    email: owner.email,
  };
}

/**
 * A job's columns, its timestamps as Dates (read by drizzle) or as ISO text (read by a list
 * statement, see isoTime).
 */
type JobFields = Omit<JobRow, 'createdAt' | 'updatedAt' | 'archivedAt' | 'closesAt'> & {
  createdAt: Date | string;
  archivedAt: Date | string | null;
  closesAt: Date | string | null;
};

/** What a job is about, in wire names: the part the public invitation data shares. */
function toJobContent(
  row: Omit<JobFields, 'createdAt' | 'archivedAt'>,
): Pick<Job, '_id' | 'info' | 'company' | 'rule' | 'quests' | 'closesAt'> {
  return {
    _id: row.id,
    info: {
      title: row.title,
      location: row.location,
      desc: row.description,
      coverUrl: row.coverUrl,
    },
    company: { name: row.companyName, logoUrl: row.companyLogoUrl },
    rule: { isCvRequired: row.isCvRequired, isOneTry: row.isOneTry, hasPractice: row.hasPractice },
    quests: row.quests,
    closesAt: isoOrNull(row.closesAt),
  };
}

/** The department value for the filter `departmentId`: one of them, or `none` for jobs without. */
export const NO_DEPARTMENT = 'none';

function departmentCondition(departmentId: string | undefined): SQL | undefined {
  if (!departmentId) return undefined;
  if (departmentId === NO_DEPARTMENT) return isNull(jobs.departmentId);
  // Not an id: no job can match (and the database is not asked to parse it).
  return isUuid(departmentId) ? eq(jobs.departmentId, departmentId) : sql`false`;
}

/**
 * The department a save names, checked: one of the organisation's, and the plan allows
 * departments (403/404 from the policies). Undefined leaves the job's department as it is.
 */
async function checkedDepartmentId(
  db: Db,
  actor: StaffActor,
  departmentId: string | null | undefined,
): Promise<string | null | undefined> {
  if (departmentId === undefined || departmentId === null) return departmentId;
  authorize(actor, 'department.use');
  const department = await findDepartment(db, departmentId);
  if (!department) throw new AppError('NOT_FOUND_ERR');
  authorize(actor, 'department.assign', department);
  return department.id;
}

/**
 * A job row as the API returns it (spec §3 Job, wire names). The one place columns map to the
 * wire. Written out property by property: an object literal that spreads another and then adds
 * properties (`{ ...content, owner, … }`) took V8 (Node 20) 15 µs here against 0.2 µs, which
 * was a tenth of a jobs page's server time.
 */
export function toJobDto(row: JobFields, owner: OwnerRow, summary?: ApplicantSummary): Job {
  const content = toJobContent(row);
  return {
    _id: content._id,
    info: content.info,
    company: content.company,
    rule: content.rule,
    quests: content.quests,
    closesAt: content.closesAt,
    owner: toMiniUser(owner),
    statusStages: resolveStatusStages(row.statusStages),
    scorecard: row.scorecard ?? defaultScorecard(),
    departmentId: row.departmentId,
    // Applicants travel through the applicant calls, never inside a job (spec §7).
    applicants: [],
    applicantSummary: summary ?? { avatars: [], applicantCount: 0 },
    createdAt: isoOrNull(row.createdAt)!,
    archivedAt: isoOrNull(row.archivedAt),
  };
}

/** The columns a create or update writes, from a validated job: HTML sanitised, URLs checked. */
function toJobValues(input: JobSaveInput) {
  assertSafeMediaUrls({
    'info.coverUrl': input.info.coverUrl,
    'company.logoUrl': input.company.logoUrl,
  });
  return {
    title: input.info.title,
    location: input.info.location,
    description: sanitizeRichText(input.info.desc),
    coverUrl: input.info.coverUrl,
    companyName: input.company.name,
    companyLogoUrl: input.company.logoUrl,
    isCvRequired: input.rule.isCvRequired,
    isOneTry: input.rule.isOneTry,
    hasPractice: input.rule.hasPractice ?? false,
    quests: toStoredQuests(input.quests),
    // Left out: what is stored stays (the column is not in the update then).
    ...(input.statusStages ? { statusStages: input.statusStages } : {}),
    ...(input.scorecard
      ? { scorecard: input.scorecard.map(({ id, label }) => ({ id, label })) }
      : {}),
  };
}

/**
 * The closing date a save writes: left out keeps `previous`, null removes it; a new or changed
 * date must lie in the future (400 VALIDATION_ERR on `path`), an unchanged past one stays.
 */
function toClosesAt(
  input: JobSaveInput,
  previous: Date | null,
  now: Date,
  path: string,
): Date | null {
  if (input.closesAt === undefined) return previous;
  const issue = getClosingDateIssue(input.closesAt, previous, now);
  if (issue) throw new AppError('VALIDATION_ERR', { issues: [{ path, message: issue }] });
  return input.closesAt === null ? null : new Date(input.closesAt);
}

function archiveCondition(showArchived: boolean): SQL {
  return showArchived ? isNotNull(jobs.archivedAt) : isNull(jobs.archivedAt);
}

/** The organisation's jobs in one archive view, searched by title or location (spec §5: trimmed, case-insensitive). */
function listConditions(
  orgId: string,
  filter: { txt: string; showArchived: boolean; departmentId?: string },
) {
  const scope = and(eq(jobs.orgId, orgId), archiveCondition(filter.showArchived))!;
  const department = departmentCondition(filter.departmentId);
  if (!filter.txt && !department) return { where: scope, isFiltered: false };
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

async function attachSummaries(
  db: Db,
  rows: readonly { job: JobRow; owner: OwnerRow }[],
): Promise<Job[]> {
  const summaries = await getApplicantSummaries(
    db,
    rows.map((row) => row.job.id),
  );
  return rows.map((row) => toJobDto(row.job, row.owner, summaries.get(row.job.id)));
}

/**
 * ORDER BY of a job sort, rendered once per sort. createdAt (the spec §9 default, newest first)
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
 * which triggers on jobs keep (a scalar subquery).
 */
function viewCountSql(orgId: string, showArchived: boolean): SQL<number> {
  const column = showArchived ? jobCounts.archived : jobCounts.active;
  return sql<number>`coalesce((select ${column} from ${jobCounts} where ${jobCounts.orgId} = ${orgId}), 0)`;
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
 * The job overview (spec §7 `GET job`): one archive view of the organisation's jobs, searched,
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
  orgId: string,
  query: JobListQuery,
): Promise<JobListResponse> {
  const { where, isFiltered } = listConditions(orgId, query);
  const skip = getSkip(query.currPage, query.itemsPerPage);
  // A filter's count known to be past the cap is not read again (see CappedCounts).
  const filteredKey = query.txt ? null : cappedJobCountKey(orgId, query);
  const knownFiltered = filteredKey !== null && cappedJobCounts.has(filteredKey);
  const viewCount = viewCountSql(orgId, query.showArchived);
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
export async function countJobs(db: Db, orgId: string, query: JobCountQuery): Promise<CappedCount> {
  const { where, isFiltered } = listConditions(orgId, query);
  if (!isFiltered) {
    const [row] = await readList(db, (q) =>
      runListStatement<{ value: number }>(
        q,
        sql`select ${viewCountSql(orgId, query.showArchived)} as "value"`,
      ),
    );
    return { value: Number(row?.value ?? 0), capped: false };
  }
  const key = query.txt ? null : cappedJobCountKey(orgId, query);
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

async function findJobRows(
  db: Db,
  orgId: string,
  ids: readonly string[],
): Promise<{ job: JobRow; owner: OwnerRow }[]> {
  const validIds = ids.filter(isUuid);
  if (validIds.length === 0) return [];
  return db
    .select({ job: jobs, owner: ownerColumns })
    .from(jobs)
    .innerJoin(...ownerJoin(jobs.ownerId))
    .where(and(eq(jobs.orgId, orgId), inArray(jobs.id, validIds)));
}

/** Every job row of the organisation, archived ones too (the seed finds its demo jobs here). */
export async function listOrgJobRows(db: Db, orgId: string): Promise<JobRow[]> {
  return db.select().from(jobs).where(eq(jobs.orgId, orgId));
}

/** One of the organisation's jobs; NOT_FOUND_ERR for a missing job or another organisation's. */
export async function getJob(db: Db, orgId: string, id: string): Promise<Job> {
  const [row] = await findJobRows(db, orgId, [id]);
  if (!row) throw new AppError('NOT_FOUND_ERR');
  const [job] = await attachSummaries(db, [row]);
  return job!;
}

/** The spec's blank company fallbacks ("company" in each language): not a company's name. */
function companyFallbacks(): string[] {
  return [getDefaultTexts('en').company, getDefaultTexts('he').company];
}

/**
 * Creates a job (spec §7 `POST job`) owned by the acting user (an admin's view-as target), in
 * their organisation. Their plan gates the answer types (403, policies); the body schema has
 * already applied the job defaults and rules. The row and its activity are written together.
 */
export async function createJob(
  db: Db,
  params: { actor: StaffActor; input: JobSaveInput; now: Date },
): Promise<Job> {
  const { actor: owner, input, now } = params;
  const actor = loggedActor(owner);
  authorize(owner, 'job.useAnswerTypes', { quests: input.quests });
  const scorecard = input.scorecard ?? defaultScorecard();
  authorize(owner, 'job.useScorecard', { scorecard });
  const values = {
    ...toJobValues(input),
    scorecard,
    closesAt: toClosesAt(input, null, now, 'job.closesAt'),
  };
  const departmentId = await checkedDepartmentId(db, owner, input.departmentId);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(jobs)
      .values({
        ...values,
        orgId: owner.orgId,
        ownerId: owner.id,
        departmentId: departmentId ?? null,
        createdAt: now,
        updatedAt: now,
        archivedAt: null,
      })
      .returning({ id: jobs.id });
    await rememberCompanyName(tx, owner.id, values.companyName, companyFallbacks());
    await recordActivity(tx, {
      type: 'create',
      target: 'job',
      userId: actor.userId,
      orgId: owner.orgId,
      desc: values.title,
      meta: { jobId: row!.id, ...actorMeta(actor) },
      date: now,
    });
    return row!.id;
  });
  return getJob(db, owner.orgId, id);
}

/**
 * Updates several jobs at once (spec §7 `PUT job`), all or nothing: every job must belong to
 * the organisation (404 otherwise) and pass its owner's plan before anything is written.
 * `archivedAt` archives (at the server's time) or restores (null); leaving it out keeps it.
 */
export async function updateJobs(
  db: Db,
  params: { actor: StaffActor; inputs: readonly JobSaveInput[]; now: Date },
): Promise<Job[]> {
  const { inputs, now } = params;
  const { orgId } = params.actor;
  const actor = loggedActor(params.actor);
  const ids = inputs.map((input) => input._id!);
  const existing = new Map((await findJobRows(db, orgId, ids)).map((row) => [row.job.id, row.job]));
  const owners = new Map<string, PermissionSubject>();
  const updates: {
    row: JobRow;
    values: ReturnType<typeof toJobValues> & { closesAt: Date | null };
    archivedAt: Date | null;
    departmentId: string | null;
  }[] = [];
  for (const [index, input] of inputs.entries()) {
    const row = existing.get(input._id!);
    if (!row) throw new AppError('NOT_FOUND_ERR');
    let owner = owners.get(row.ownerId);
    if (!owner) {
      const ownerRow = await findUserById(db, row.ownerId);
      if (!ownerRow) throw new AppError('NOT_FOUND_ERR');
      owner = ownerRow;
      owners.set(row.ownerId, owner);
    }
    authorize(params.actor, 'job.useAnswerTypes', {
      quests: input.quests,
      previous: row.quests,
      owner,
    });
    if (input.scorecard) {
      authorize(params.actor, 'job.useScorecard', {
        scorecard: input.scorecard,
        previous: row.scorecard ?? undefined,
        owner,
      });
    }
    const archivedAt =
      input.archivedAt === undefined
        ? row.archivedAt
        : input.archivedAt === null
          ? null
          : (row.archivedAt ?? now);
    const closesAt = toClosesAt(input, row.closesAt, now, `jobs.${index}.closesAt`);
    // The department the job already has needs no check (an archive after a plan change).
    const departmentId =
      input.departmentId === row.departmentId
        ? row.departmentId
        : await checkedDepartmentId(db, params.actor, input.departmentId);
    updates.push({
      row,
      values: { ...toJobValues(input), closesAt },
      archivedAt,
      departmentId: departmentId === undefined ? row.departmentId : departmentId,
    });
  }

  await db.transaction(async (tx) => {
    for (const { row, values, archivedAt, departmentId } of updates) {
      await tx
        .update(jobs)
        .set({ ...values, archivedAt, departmentId, updatedAt: now })
        .where(and(eq(jobs.id, row.id), eq(jobs.orgId, orgId)));
      if (values.companyName !== row.companyName) {
        await rememberCompanyName(
          tx,
          row.ownerId,
          values.companyName,
          companyFallbacks(),
          row.companyName,
        );
      }
      const type =
        !row.archivedAt && archivedAt
          ? 'archive'
          : row.archivedAt && !archivedAt
            ? 'restore'
            : 'update';
      await recordActivity(tx, {
        type,
        target: 'job',
        userId: actor.userId,
        orgId,
        desc: values.title,
        meta: { jobId: row.id, ...actorMeta(actor) },
        date: now,
      });
    }
  });
  // An archive, restore or department change can take a view's count back under its cap.
  forgetJobCounts(orgId);

  const saved = await attachSummaries(db, await findJobRows(db, orgId, ids));
  const byId = new Map(saved.map((job) => [job._id, job]));
  return ids.map((id) => byId.get(id)!);
}

/**
 * Deletes a job for good (spec §4: only archived jobs can be deleted; 400 otherwise). Its
 * applicants go with it (the foreign key cascades).
 */
export async function deleteJob(
  db: Db,
  params: { actor: StaffActor; id: string; now: Date },
): Promise<void> {
  const { id, now } = params;
  const { orgId } = params.actor;
  const actor = loggedActor(params.actor);
  const [found] = await findJobRows(db, orgId, [id]);
  if (!found) throw new AppError('NOT_FOUND_ERR');
  if (!found.job.archivedAt) {
    throw new AppError('VALIDATION_ERR', { message: 'Only an archived job can be deleted' });
  }
  await db.transaction(async (tx) => {
    await tx.delete(jobs).where(and(eq(jobs.id, id), eq(jobs.orgId, orgId)));
    await recordActivity(tx, {
      type: 'remove',
      target: 'job',
      userId: actor.userId,
      orgId,
      desc: found.job.title,
      meta: { jobId: id, ...actorMeta(actor) },
      date: now,
    });
  });
  // Fewer archived jobs, and the job's applicants went with it.
  forgetJobCounts(orgId);
  forgetCappedCounts(orgId);
}

/**
 * Clones a job (spec §4): a new job of the acting user with the same content, titled "copy of
 * {title}", without applicants, active, created now.
 */
export async function cloneJobById(
  db: Db,
  params: { actor: StaffActor; id: string; now: Date },
): Promise<Job> {
  const source = await getJob(db, params.actor.orgId, params.id);
  const copy = cloneJob(source);
  return createJob(db, {
    actor: params.actor,
    now: params.now,
    input: {
      info: copy.info,
      company: copy.company,
      rule: copy.rule,
      statusStages: copy.statusStages,
      // A custom scorecard the cloner's plan does not include (kept by a downgraded owner) is
      // not copied: the copy gets the default one.
      ...(canUseScorecard(params.actor, copy.scorecard) ? { scorecard: copy.scorecard } : {}),
      // The copy stays in the department when the cloner works with departments.
      departmentId: can(params.actor, 'department.use') ? (source.departmentId ?? null) : null,
      quests: copy.quests.map((quest) => ({
        ...quest,
        thinkTimeSec: quest.thinkTimeSec ?? null,
        ...(quest.opts ? { opts: quest.opts.map((opt) => ({ ...opt })) } : {}),
      })),
    },
  });
}

/**
 * What a candidate may see of an active job (invitation and interview pages). A missing or
 * archived job is INTERVIEW_NOT_AVAILABLE_ERR (spec §8 "This interview is not available"); a
 * closed one is answered with `isClosed` (the page says so, with the company's name).
 */
export async function getPublicJob(db: Db, id: string, now: Date): Promise<PublicJob> {
  if (!isUuid(id)) throw new AppError('INTERVIEW_NOT_AVAILABLE_ERR');
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), isNull(jobs.archivedAt)));
  if (!row) throw new AppError('INTERVIEW_NOT_AVAILABLE_ERR');
  return toPublicJob(toJobContent(row), now);
}

/** Gives every job of a departing user to a colleague (called inside the deletion's transaction). */
export async function transferJobOwnership(tx: DbTx, fromUserId: string, toUserId: string) {
  await tx.update(jobs).set({ ownerId: toUserId }).where(eq(jobs.ownerId, fromUserId));
}

/** Jobs (active and archived) per department of one organisation. */
export async function countJobsByDepartment(db: Db, orgId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ departmentId: jobs.departmentId, value: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.orgId, orgId), isNotNull(jobs.departmentId)))
    .groupBy(jobs.departmentId);
  return new Map(rows.map((row) => [row.departmentId!, Number(row.value)]));
}

/** Jobs (active and archived) per owner in one organisation: the team screen shows them. */
export async function countJobsByOwner(db: Db, orgId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ ownerId: jobs.ownerId, value: sql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.orgId, orgId))
    .groupBy(jobs.ownerId);
  return new Map(rows.map((row) => [row.ownerId, Number(row.value)]));
}

/** How many jobs (active and archived) a user owns: the account-deletion dialog shows it. */
export async function countJobsOfOwner(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.ownerId, ownerId));
  return Number(row?.value ?? 0);
}
