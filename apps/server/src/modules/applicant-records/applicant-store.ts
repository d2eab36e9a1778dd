import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { applicants, notes, timelineEvents, type TimelineActivity } from '../../db/schema';

/**
 * The applicant record's repository: modules/applicant-records owns the applicants,
 * timeline_events and notes tables, and this file is how other modules (the candidate's side in
 * modules/applicants, the recording uploads, invitations, accommodations, device checks, the
 * logs, the seed) read and write them. The
 * rules (who may, what an answer must hold, when an interview counts as free) stay with the
 * callers and the domain; these functions only store and fetch.
 */

export type ApplicantRow = typeof applicants.$inferSelect;
export type NewApplicantRow = typeof applicants.$inferInsert;

/** A timeline entry as another module writes it (the applicant id is added here). */
export type NewTimelineEvent = Omit<typeof timelineEvents.$inferInsert, 'id' | 'applicantId'>;

/** How many of the organisation's applicants took a free interview. */
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
 * What decides whether the applicant may record: when it submitted (null: not yet) and its
 * consent choice (null: none given). Undefined when there is no such applicant.
 */
export async function findApplicantRecordingState(
  db: Db,
  applicantId: string,
  jobId?: string,
): Promise<{ submittedAt: Date | null; consentChoice: string | null } | undefined> {
  const [row] = await db
    .select({ submittedAt: applicants.submittedAt, consentChoice: applicants.consentChoice })
    .from(applicants)
    .where(
      and(
        eq(applicants.id, applicantId),
        jobId !== undefined ? eq(applicants.jobId, jobId) : undefined,
      ),
    );
  return row;
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

/** An applicant's name and address as an error record names them (Log record meta). */
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

/**
 * The interview the address has under way on the job: the newest applicant of the job with
 * that e-mail (stored lower-cased) that is not submitted, archived or a preview; null when none.
 * Served by `applicants_job_email_idx`.
 */
export async function findUnfinishedApplicantByEmail(
  db: Db | DbTx,
  jobId: string,
  email: string,
): Promise<ApplicantRow | null> {
  const [row] = await db
    .select()
    .from(applicants)
    .where(
      and(
        eq(applicants.jobId, jobId),
        eq(applicants.email, email.toLowerCase()),
        isNull(applicants.submittedAt),
        isNull(applicants.archivedAt),
        eq(applicants.isPreview, false),
      ),
    )
    .orderBy(sql`${applicants.createdAt} desc`)
    .limit(1);
  return row ?? null;
}

/**
 * Records that the candidate came back to their unfinished interview: a "resumed" entry on the
 * timeline, and a quit recorded before it is cleared (the candidate did not leave after all).
 * A quit recorded within `forgetQuitWithinMs` is taken off the timeline too: the page went away
 * for a reload or a crash, not because the candidate left. Returns the updated row.
 */
export async function markApplicantResumed(
  db: Db,
  applicantId: string,
  now: Date,
  forgetQuitWithinMs: number,
): Promise<ApplicantRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ quitedAt: applicants.quitedAt })
      .from(applicants)
      .where(eq(applicants.id, applicantId))
      .for('update');
    const quitedAt = current?.quitedAt ?? null;
    if (quitedAt && now.getTime() - quitedAt.getTime() <= forgetQuitWithinMs) {
      await tx
        .delete(timelineEvents)
        .where(
          and(
            eq(timelineEvents.applicantId, applicantId),
            eq(timelineEvents.type, 'activity'),
            eq(timelineEvents.activity, 'quited'),
            sql`${timelineEvents.createdAt} >= ${quitedAt.toISOString()}`,
          ),
        );
    }
    const [updated] = await tx
      .update(applicants)
      .set({ quitedAt: null, updatedAt: now })
      .where(eq(applicants.id, applicantId))
      .returning();
    await appendTimeline(tx, applicantId, [
      { type: 'activity', activity: 'resumed', createdAt: now },
    ]);
    return updated!;
  });
}
