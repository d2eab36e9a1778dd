import { forgetCappedCounts } from '../applicant-records/applicant-list-caps';
import { canChangeStatus, type ApplicantChange, type ApplicantListItem } from '@candid/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicants, notes, timelineEvents } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { authorize } from '../../policies';
import type { ObjectStorage } from '../../storage/storage';
import { recordActivity, type NewActivity } from '../activities/activities.service';
import { storeApplicantCv } from '../applicants/store-cv';
import { publish } from '../../lib/domain-events';
import { toCvUrls, toListItem } from './review.presenter';
import {
  type Reviewer,
  type ReviewActor,
  fullName,
  activityMeta,
  findOrgApplicant,
  assertUnlocked,
  findOrgApplicants,
} from '../applicant-records/applicant-access';

/**
 * Changes a recruiter makes to applicants (`PUT job/applicant`: status, read flag, archive,
 * details, notes) and the CV replacement, each checked against the rules of the product.
 */

/** What a change does to one applicant, worked out and checked before anything is written. */
interface PlannedChange {
  change: ApplicantChange;
  row: typeof applicants.$inferSelect;
  status?: number;
  archivedAt?: Date | null;
  /** The question a new bookmarked note points into. */
  bookmarkQuestId?: string;
}

/** An applicant the update touched, for the reply and the realtime event. */
export interface UpdatedApplicant {
  row: typeof applicants.$inferSelect;
  item: ApplicantListItem;
  jobTitle: string;
  /** The job owner, whose back-office tabs are told ("save applicant"). */
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

/** Every field of a change besides its id that the caller actually sent. */
function changedFields(change: ApplicantChange): string[] {
  return Object.entries(change)
    .filter(([key, value]) => key !== 'id' && value !== undefined)
    .map(([key]) => key);
}

/**
 * Checks one change against the rules of the product and works out what it does. Throws (and so
 * writes nothing) on the first broken rule.
 */
function planChange(
  change: ApplicantChange,
  found: { applicant: typeof applicants.$inferSelect; questIds: readonly string[] },
  context: {
    viewer: Reviewer;
    /** The notes a change removes: whose applicant they are on, and who wrote them. */
    noteOwners: Map<string, { applicantId: string; userId: string | null }>;
    now: Date;
  },
): PlannedChange {
  const row = found.applicant;
  const { viewer, noteOwners, now } = context;
  authorize(viewer, 'applicant.change', {
    orgId: row.orgId,
    jobId: row.jobId,
    isFree: row.isFree,
    fields: changedFields(change),
  });
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
    // The domain's rule (the status dropdown's): only once submitted, never while archived.
    if (
      !canChangeStatus({ isSubmitted: row.submittedAt !== null, isArchiveView: !!archivedAfter })
    ) {
      throw new AppError('VALIDATION_ERR', {
        status: 409,
        message: row.submittedAt
          ? `The status of applicant ${row.id} cannot be changed while it is archived`
          : `The status of applicant ${row.id} can be set only once the interview is submitted`,
      });
    }
    if (change.status !== row.status) planned.status = change.status;
  }
  if (change.newNote?.timeStamp) {
    authorize(viewer, 'note.bookmark');
    // A bookmark points into one answer: the question named, or the first one.
    const questId = change.newNote.questId ?? found.questIds[0];
    if (questId === undefined || !found.questIds.includes(questId)) {
      throw new AppError('VALIDATION_ERR', {
        message:
          questId === undefined
            ? `Applicant ${row.id}'s job has no question to bookmark`
            : `Question ${questId} is not a question of applicant ${row.id}'s job`,
      });
    }
    planned.bookmarkQuestId = questId;
  }
  if (change.removeNoteId !== undefined) {
    authorize(viewer, 'note.remove', {
      applicantId: row.id,
      noteApplicantId: noteOwners.get(change.removeNoteId)?.applicantId,
      noteAuthorId: noteOwners.get(change.removeNoteId)?.userId,
    });
  }
  return planned;
}

/**
 * `PUT job/applicant`: applies every change in one transaction, all or nothing, after checking
 * them all (the review rules): status only once submitted and while not archived (409), the same
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

  // A status change, archive, restore or deletion can take a count back under its cap.
  forgetCappedCounts(viewer.orgId);
  const changedIds = new Set<string>();
  await db.transaction(async (tx) => {
    // Everything is checked first, on locked rows; a broken rule throws before any write.
    const found = await findOrgApplicants(tx, viewer.orgId, ids, { lock: true });
    const noteIds = changes
      .map((change) => change.removeNoteId)
      .filter((id): id is string => id !== undefined && isUuid(id));
    const noteOwners = new Map<string, { applicantId: string; userId: string | null }>();
    if (noteIds.length > 0) {
      const rows = await tx
        .select({ id: notes.id, applicantId: notes.applicantId, userId: notes.ownerId })
        .from(notes)
        .where(inArray(notes.id, noteIds));
      for (const row of rows) noteOwners.set(row.id, row);
    }
    const plans = changes.map((change) =>
      planChange(change, found.get(change.id)!, { viewer, noteOwners, now }),
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
        await publish(tx, 'applicant.status_changed', {
          applicant: { ...row, ...values, status: plan.status },
          previousStatus: row.status,
          now,
        });
      }
      if (plan.archivedAt !== undefined) {
        await log({ type: plan.archivedAt ? 'archive' : 'restore', target: 'applicant' });
      }
      // One activity for the applicant's own fields (details, read or unread), naming them.
      const changedFields = ['fName', 'lName', 'email', 'phone', 'hometown', 'isRead'].filter(
        (field) => field in values,
      );
      if (changedFields.length > 0) {
        await log({ type: 'update', target: 'applicant' }, { fields: changedFields });
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
        const questId = timeStamp === null ? null : (plan.bookmarkQuestId ?? null);
        const [note] = await tx
          .insert(notes)
          .values({
            applicantId: row.id,
            ownerId: viewer.id,
            txt: change.newNote.txt,
            timeStamp,
            questId,
            createdAt: now,
          })
          .returning({ id: notes.id });
        await tx.insert(timelineEvents).values({
          applicantId: row.id,
          type: 'note',
          noteId: note!.id,
          txt: change.newNote.txt,
          timeStamp,
          questId,
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
  // And after the commit, so a list read during the change does not keep the old count.
  forgetCappedCounts(viewer.orgId);

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

/**
 * A recruiter replaces the applicant's CV ("Applicant details": the CV menu's
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
