import { getPublicConsentNotice } from '../consent/consent.service';
import {
  canUseScorecard,
  cloneJob,
  defaultScorecard,
  getClosingDateIssue,
  getDefaultTexts,
  toPublicJob,
  type Job,
  type JobSaveInput,
  type PermissionSubject,
  type PublicJob,
} from '@candid/domain';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { jobs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { actorMeta, authorize, can, loggedActor, type StaffActor } from '../../policies';
import { isUuid } from '../../lib/ids';
import { recordActivity } from '../activities/activities.service';
import { getOrgBrand } from '../users/org-brand';
import { findUserById, rememberCompanyName } from '../users/users.service';
import { findDepartment } from '../departments/departments.service';
import { ownerJoin } from '../users/users.joins';
import { getApplicantSummaries } from '../applicant-records/applicant-summary';
import { forgetCappedCounts } from '../applicant-records/applicant-list-caps';
import { forgetJobCounts } from './job-counts';
import { jobScopeCondition } from './job-reviewers';
import { ownerColumns, toJobContent, toJobDto, type JobRow, type OwnerRow } from './jobs.presenter';
import { toStoredQuests } from './questions';
import { assertSafeMediaUrls, sanitizeRichText } from './rich-text';

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
    // Left out: what is stored stays on an update; a new job shows a description that has text.
    ...(input.info.isDescShown === undefined ? {} : { showDescription: input.info.isDescShown }),
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
 * Creates a job (`POST job`) owned by the acting user (an admin's view-as target), in
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
 * Updates several jobs at once (`PUT job`), all or nothing: every job must belong to
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
 * Deletes a job for good (only archived jobs can be deleted; 400 otherwise). Its
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
 * Clones a job: a new job of the acting user with the same content, titled "copy of
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
 * archived job is INTERVIEW_NOT_AVAILABLE_ERR ("This interview is not available"); a
 * closed one is answered with `isClosed` (the page says so, with the company's name).
 */
export async function getPublicJob(db: Db, id: string, now: Date): Promise<PublicJob> {
  if (!isUuid(id)) throw new AppError('INTERVIEW_NOT_AVAILABLE_ERR');
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), isNull(jobs.archivedAt)));
  if (!row) throw new AppError('INTERVIEW_NOT_AVAILABLE_ERR');
  const job = toPublicJob(toJobContent(row), now);
  const [consentNotice, brand] = await Promise.all([
    getPublicConsentNotice(db, row.orgId, job.company.name),
    getOrgBrand(db, row.orgId),
  ]);
  return {
    ...job,
    // A job without a logo of its own shows the organisation's.
    company: { ...job.company, logoUrl: job.company.logoUrl || brand.logoUrl },
    consentNotice,
    brand,
  };
}

/** Gives every job of a departing user to a colleague (called inside the deletion's transaction). */
export async function transferJobOwnership(tx: Db | DbTx, fromUserId: string, toUserId: string) {
  await tx.update(jobs).set({ ownerId: toUserId }).where(eq(jobs.ownerId, fromUserId));
}

/**
 * Jobs (active and archived) per department of one organisation; of a reviewer's jobs only, for a
 * reviewer (`viewer`).
 */
export async function countJobsByDepartment(
  db: Db,
  orgId: string,
  viewer: Pick<StaffActor, 'assignedJobIds'> = { assignedJobIds: null },
): Promise<Map<string, number>> {
  const rows = await db
    .select({ departmentId: jobs.departmentId, value: sql<number>`count(*)::int` })
    .from(jobs)
    .where(
      and(eq(jobs.orgId, orgId), isNotNull(jobs.departmentId), jobScopeCondition(viewer, jobs.id)),
    )
    .groupBy(jobs.departmentId);
  return new Map(rows.map((row) => [row.departmentId!, Number(row.value)]));
}

/**
 * Jobs (active and archived) per owner in one organisation: the team screen shows them (a
 * reviewer's screen counts the jobs they see).
 */
export async function countJobsByOwner(
  db: Db,
  orgId: string,
  viewer: Pick<StaffActor, 'assignedJobIds'> = { assignedJobIds: null },
): Promise<Map<string, number>> {
  const rows = await db
    .select({ ownerId: jobs.ownerId, value: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.orgId, orgId), jobScopeCondition(viewer, jobs.id)))
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
