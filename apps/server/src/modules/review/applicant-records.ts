import { and, count, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { applicants, notes, timelineEvents, type TimelineActivity } from '../../db/schema';
import { jobOf, jobsTableForJoin } from '../jobs/jobs.joins';

/**
 * The applicant record's repository: the review module owns the applicants, timeline_events and
 * notes tables, and this file is how other modules (the candidate's side in modules/applicants,
 * the recording uploads, the jobs list, the accounts list, the seed) read and write them. The
 * rules (who may, what an answer must hold, when an interview counts as free) stay with the
 * callers and the domain; these functions only store and fetch.
 */

export type ApplicantRow = typeof applicants.$inferSelect;
export type NewApplicantRow = typeof applicants.$inferInsert;

/** A timeline entry as another module writes it (the applicant id is added here). */
export type NewTimelineEvent = Omit<typeof timelineEvents.$inferInsert, 'id' | 'applicantId'>;

/** How many of the organisation's applicants took a free interview (DESIGN §7). */
export async function countFreeApplicants(db: Db | DbTx, orgId: string): Promise<number> {
  const [counted] = await db
    .select({ n: count() })
    .from(applicants)
    .where(and(eq(applicants.orgId, orgId), eq(applicants.isFree, true)));
  return counted?.n ?? 0;
}

/** How many applicants the organisation has (archived and previews included). */
export async function countOrgApplicants(db: Db | DbTx, orgId: string): Promise<number> {
  const [counted] = await db
    .select({ n: count() })
    .from(applicants)
    .where(eq(applicants.orgId, orgId));
  return counted?.n ?? 0;
}

/** Inserts an applicant and the first entries of its timeline, in the caller's transaction. */
export async function insertApplicant(
  tx: Db | DbTx,
  values: NewApplicantRow,
  timeline: readonly NewTimelineEvent[],
): Promise<ApplicantRow> {
  const [created] = await tx.insert(applicants).values(values).returning();
  await appendTimeline(tx, created!.id, timeline);
  return created!;
}

/** Adds entries to an applicant's timeline (nothing for an empty list). */
export async function appendTimeline(
  tx: Db | DbTx,
  applicantId: string,
  events: readonly NewTimelineEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(timelineEvents).values(events.map((event) => ({ ...event, applicantId })));
}

/** One applicant of one job, or null. */
export async function findApplicantOfJob(
  db: Db | DbTx,
  applicantId: string,
  jobId: string,
): Promise<ApplicantRow | null> {
  const [row] = await db
    .select()
    .from(applicants)
    .where(and(eq(applicants.id, applicantId), eq(applicants.jobId, jobId)));
  return row ?? null;
}

/**
 * When the applicant (of `jobId`, when given) submitted the interview: null when not yet,
 * undefined when there is no such applicant.
 */
export async function findApplicantSubmittedAt(
  db: Db,
  applicantId: string,
  jobId?: string,
): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ submittedAt: applicants.submittedAt })
    .from(applicants)
    .where(
      and(
        eq(applicants.id, applicantId),
        jobId !== undefined ? eq(applicants.jobId, jobId) : undefined,
      ),
    );
  return row ? row.submittedAt : undefined;
}

/**
 * Updates an applicant and adds timeline activities, both or neither (one transaction).
 * Returns the updated row.
 */
export async function updateApplicantRecord(
  db: Db,
  applicantId: string,
  set: Partial<NewApplicantRow>,
  activities: readonly { activity: TimelineActivity; createdAt: Date }[] = [],
  /** More to write in the same transaction (a submit's confirmation e-mail). */
  alsoInTransaction?: (tx: DbTx, updated: ApplicantRow) => Promise<void>,
): Promise<ApplicantRow> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(applicants)
      .set(set)
      .where(eq(applicants.id, applicantId))
      .returning();
    await appendTimeline(
      tx,
      applicantId,
      activities.map(({ activity, createdAt }) => ({ type: 'activity', activity, createdAt })),
    );
    if (alsoInTransaction) await alsoInTransaction(tx, updated!);
    return updated!;
  });
}

/** Sets the applicant's CV (stored name and key). */
export async function setApplicantCv(
  db: Db,
  applicantId: string,
  cv: { name: string; key: string },
  now: Date,
): Promise<void> {
  await db
    .update(applicants)
    .set({ cvName: cv.name, cvKey: cv.key, updatedAt: now })
    .where(eq(applicants.id, applicantId));
}

/** Sets the applicant's face image (the media check's 200×200 crop). */
export async function setApplicantImage(
  db: Db,
  applicantId: string,
  key: string,
  now: Date,
): Promise<void> {
  await db
    .update(applicants)
    .set({ imgKey: key, updatedAt: now })
    .where(eq(applicants.id, applicantId));
}

/** Used by tests and the back office: the applicant's timeline activities in order. */
export async function listTimelineActivities(db: Db, applicantId: string) {
  return db
    .select({ type: timelineEvents.type, activity: timelineEvents.activity })
    .from(timelineEvents)
    .where(eq(timelineEvents.applicantId, applicantId))
    .orderBy(timelineEvents.createdAt, sql`${timelineEvents.activity} = 'opened'`);
}

/**
 * Names a finished recording in the applicant's answer to its question (`faceKey` or
 * `screenKey`), keeping what the answer already holds. One atomic update: the camera and screen
 * recordings of one question may finish at the same moment. Null when the interview is
 * submitted already (answers are final then) or the applicant is gone.
 */
export async function setRecordingInAnswer(
  db: Db,
  target: { applicantId: string; jobId: string },
  input: {
    questId: string;
    field: 'faceKey' | 'screenKey';
    key: string;
    resTimeSec: number;
    now: Date;
  },
): Promise<ApplicantRow | null> {
  const { questId, field, key, now } = input;
  const resTime = Math.max(0, Math.round(input.resTimeSec));
  const [row] = await db
    .update(applicants)
    .set({
      answerMap: sql`jsonb_set(${applicants.answerMap}, ARRAY[${questId}::text], jsonb_build_object('resTime', ${resTime}::int) || coalesce(${applicants.answerMap} -> ${questId}::text, '{}'::jsonb) || jsonb_build_object(${field}::text, ${key}::text))`,
      updatedAt: now,
    })
    .where(
      and(
        eq(applicants.id, target.applicantId),
        eq(applicants.jobId, target.jobId),
        sql`${applicants.submittedAt} is null`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Takes a discarded take's recording out of its answer: the answer's `faceKey` or `screenKey`
 * is dropped only when it still names `key` (a newer take may have replaced it already), and
 * only before the interview is submitted.
 */
export async function clearRecordingInAnswer(
  db: Db,
  target: { applicantId: string; jobId: string },
  input: { questId: string; field: 'faceKey' | 'screenKey'; key: string; now: Date },
): Promise<void> {
  const { questId, field, key, now } = input;
  await db
    .update(applicants)
    .set({
      answerMap: sql`${applicants.answerMap} #- ARRAY[${questId}::text, ${field}::text]`,
      updatedAt: now,
    })
    .where(
      and(
        eq(applicants.id, target.applicantId),
        eq(applicants.jobId, target.jobId),
        sql`${applicants.submittedAt} is null`,
        sql`${applicants.answerMap} -> ${questId}::text ->> ${field}::text = ${key}::text`,
      ),
    );
}

/**
 * Adds a note to an applicant with its timeline entry (as the recruiter's "add note" writes
 * both), in the caller's transaction. Used by the seed for its demo history.
 */
export async function insertNoteWithTimeline(
  tx: Db | DbTx,
  applicantId: string,
  note: {
    ownerId: string;
    txt: string;
    timeStamp: string | null;
    questId: string | null;
    createdAt: Date;
  },
): Promise<void> {
  const [saved] = await tx
    .insert(notes)
    .values({ applicantId, ...note })
    .returning({ id: notes.id });
  await appendTimeline(tx, applicantId, [
    {
      type: 'note',
      noteId: saved!.id,
      txt: note.txt,
      timeStamp: note.timeStamp,
      questId: note.questId,
      createdAt: note.createdAt,
    },
  ]);
}

/** Updates a stored applicant in the caller's transaction (the seed's answers and CV). */
export async function setApplicantFields(
  tx: Db | DbTx,
  applicantId: string,
  set: Partial<NewApplicantRow>,
): Promise<void> {
  await tx.update(applicants).set(set).where(eq(applicants.id, applicantId));
}

/** Which of `emails` already belong to an applicant of the job (addresses are stored lower-cased). */
export async function findJobApplicantEmails(
  db: Db | DbTx,
  jobId: string,
  emails: readonly string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: applicants.email })
    .from(applicants)
    .where(and(eq(applicants.jobId, jobId), inArray(applicants.email, [...emails])));
  return new Set(rows.map((row) => row.email.toLowerCase()));
}

/** The applicant a status page link names (by its token's hash), or null. */
export async function findApplicantByStatusToken(
  db: Db | DbTx,
  tokenHash: string,
): Promise<ApplicantRow | null> {
  const [row] = await db
    .select()
    .from(applicants)
    .where(eq(applicants.statusTokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** The applicant a personal invitation link names (by its token's hash), or null. */
export async function findInvitedApplicant(
  db: Db | DbTx,
  tokenHash: string,
): Promise<ApplicantRow | null> {
  const [row] = await db
    .select()
    .from(applicants)
    .where(eq(applicants.inviteTokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/**
 * Sets one of the invitation timestamps (`sentAt` when the e-mail went out, `openedAt` when the
 * link was first opened) and writes its timeline event, once: a second call changes nothing.
 */
export async function markApplicantTimestamp(
  db: Db,
  applicantId: string,
  activity: 'sent' | 'opened',
  at: Date,
): Promise<boolean> {
  const column = activity === 'sent' ? applicants.sentAt : applicants.openedAt;
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(applicants)
      .set(activity === 'sent' ? { sentAt: at } : { openedAt: at })
      .where(and(eq(applicants.id, applicantId), isNull(column)))
      .returning({ id: applicants.id });
    if (changed.length === 0) return false;
    await appendTimeline(tx, applicantId, [{ type: 'activity', activity, createdAt: at }]);
    return true;
  });
}

/** Invited applicants whose reminder is due and who have not finished, stopped or been archived. */
export async function findDueReminders(db: Db, now: Date, limit: number) {
  return db
    .select({
      id: applicants.id,
      orgId: applicants.orgId,
      jobId: applicants.jobId,
      fName: applicants.fName,
      email: applicants.email,
      deadlineRemindedAt: applicants.deadlineRemindedAt,
    })
    .from(applicants)
    .where(
      and(
        lte(applicants.reminderDueAt, now),
        isNull(applicants.submittedAt),
        isNull(applicants.quitedAt),
        isNull(applicants.archivedAt),
        isNull(applicants.remindersStoppedAt),
      ),
    )
    .limit(limit);
}

/** Clears a due reminder; false when another sender took it first. */
export async function clearReminderDue(tx: Db | DbTx, applicantId: string): Promise<boolean> {
  const cleared = await tx
    .update(applicants)
    .set({ reminderDueAt: null })
    .where(and(eq(applicants.id, applicantId), isNotNull(applicants.reminderDueAt)))
    .returning({ id: applicants.id });
  return cleared.length > 0;
}

/** The invited person asked for no more reminders. */
export async function stopApplicantReminders(db: Db, applicantId: string, now: Date) {
  await db
    .update(applicants)
    .set({ reminderDueAt: null, remindersStoppedAt: now })
    .where(and(eq(applicants.id, applicantId), isNull(applicants.remindersStoppedAt)));
}

/**
 * Invited applicants owed the deadline reminder: their job (active) closes within `beforeMs`
 * from `now` and has not closed yet; they were invited before that window opened (someone
 * invited the day before gets the invitation, not a reminder on its heels); they have not
 * submitted, quit, been archived or stopped reminders, the recruiter wanted reminders, and they
 * have not had this one. Reads the closing jobs from their partial index, then each job's
 * applicants by job.
 */
export async function findDueDeadlineReminders(db: Db, now: Date, beforeMs: number, limit: number) {
  const jobs = jobsTableForJoin();
  const windowEnd = new Date(now.getTime() + beforeMs);
  return db
    .select({
      id: applicants.id,
      orgId: applicants.orgId,
      jobId: applicants.jobId,
      fName: applicants.fName,
      email: applicants.email,
      closesAt: jobs.closesAt,
    })
    .from(applicants)
    .innerJoin(jobs, jobOf(applicants.jobId))
    .where(
      and(
        isNotNull(jobs.closesAt),
        isNull(jobs.archivedAt),
        sql`${jobs.closesAt} > ${now}`,
        lte(jobs.closesAt, windowEnd),
        isNotNull(applicants.inviteTokenHash),
        sql`${applicants.createdAt} < ${jobs.closesAt} - make_interval(secs => ${beforeMs / 1000})`,
        isNull(applicants.submittedAt),
        isNull(applicants.quitedAt),
        isNull(applicants.archivedAt),
        isNull(applicants.remindersStoppedAt),
        eq(applicants.remindersWanted, true),
        isNull(applicants.deadlineRemindedAt),
      ),
    )
    .limit(limit);
}

/** Marks the deadline reminder taken (queued); false when another sender took it first. */
export async function claimDeadlineReminder(
  tx: Db | DbTx,
  applicantId: string,
  now: Date,
): Promise<boolean> {
  const claimed = await tx
    .update(applicants)
    .set({ deadlineRemindedAt: now })
    .where(and(eq(applicants.id, applicantId), isNull(applicants.deadlineRemindedAt)))
    .returning({ id: applicants.id });
  return claimed.length > 0;
}

/** A submitted interview as a digest e-mail names it. */
export interface SubmittedInterview {
  id: string;
  jobId: string;
  fName: string;
  lName: string;
  jobTitle: string;
}

/**
 * The interviews of an organisation submitted in `(from, to]`, newest first (at most `limit`)
 * and how many in all: every job's, or those of the jobs `ownerId` owns. Archived applicants
 * are left out (the recruiter put them away already).
 */
export async function listSubmittedBetween(
  db: Db,
  input: { orgId: string; ownerId: string | null; from: Date; to: Date; limit: number },
): Promise<{ interviews: SubmittedInterview[]; total: number }> {
  const jobs = jobsTableForJoin();
  const where = and(
    eq(applicants.orgId, input.orgId),
    isNull(applicants.archivedAt),
    sql`${applicants.submittedAt} > ${input.from}`,
    lte(applicants.submittedAt, input.to),
    input.ownerId ? eq(jobs.ownerId, input.ownerId) : undefined,
  );
  const [interviews, [totals]] = await Promise.all([
    db
      .select({
        id: applicants.id,
        jobId: applicants.jobId,
        fName: applicants.fName,
        lName: applicants.lName,
        jobTitle: jobs.title,
      })
      .from(applicants)
      .innerJoin(jobs, jobOf(applicants.jobId))
      .where(where)
      .orderBy(sql`${applicants.submittedAt} desc`)
      .limit(input.limit),
    db
      .select({ total: count() })
      .from(applicants)
      .innerJoin(jobs, jobOf(applicants.jobId))
      .where(where),
  ]);
  return { interviews, total: totals?.total ?? 0 };
}

/** An applicant's name and address as an error record names them (spec §3 Log record meta). */
export async function findApplicantContact(
  db: Db,
  applicantId: string,
): Promise<{ fName: string; lName: string; email: string } | null> {
  const [row] = await db
    .select({ fName: applicants.fName, lName: applicants.lName, email: applicants.email })
    .from(applicants)
    .where(eq(applicants.id, applicantId));
  return row ?? null;
}
