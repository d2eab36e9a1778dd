import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { archivedAt, createdAt, id, updatedAt } from './common';
import { jobs } from './jobs';
import { organizations } from './organizations';
import { users } from './users';

/** One entry of the answer map, keyed by question id (Answer). */
export interface StoredAnswer {
  resTime?: number;
  txt?: string;
  faceKey?: string;
  screenKey?: string;
  imgKey?: string;
  optIdx?: number[];
}

export const applicants = pgTable(
  'applicants',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    fName: text('f_name').notNull(),
    lName: text('l_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    hometown: text('hometown').notNull().default(''),
    imgKey: text('img_key').notNull().default(''),
    cvKey: text('cv_key').notNull().default(''),
    /** The CV's stored name: the candidate's file name, a dash and the upload timestamp. */
    cvName: text('cv_name').notNull().default(''),
    isPreview: boolean('is_preview').notNull().default(false),
    /** Status code 0–7. */
    status: smallint('status').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    quitedAt: timestamp('quited_at', { withTimezone: true }),
    /**
     * When the candidate started the interview (the details form sent): the row's creation for
     * the public link, later for an invited applicant. Null: invited, not started.
     */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** First status change (a recruiter, or a knockout answer); kept by a trigger (migration). */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** First change to a deciding status (domain DECIDED_STATUS_CODES); kept by a trigger. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The candidate's device and browser when starting (domain DEVICE_KINDS, BROWSER_KINDS). */
    device: text('device'),
    browser: text('browser'),
    /**
     * SHA-256 (hex) of the token of a personal invitation link (`/interview/{jobId}?invite=`):
     * set on an applicant the recruiter invited by e-mail, null on one who came by the public
     * link. The token itself is only in the e-mail.
     */
    inviteTokenHash: text('invite_token_hash'),
    /** When the invited person gets their reminder, unless they finish first; null: none due. */
    reminderDueAt: timestamp('reminder_due_at', { withTimezone: true }),
    /** When the invited person asked for no more reminders (the link in the e-mail). */
    remindersStoppedAt: timestamp('reminders_stopped_at', { withTimezone: true }),
    /**
     * Whether the recruiter wanted reminders for this invitation (the dialog's switch): the
     * deadline reminder needs to know after the two-day one has cleared `reminderDueAt`.
     */
    remindersWanted: boolean('reminders_wanted').notNull().default(true),
    /**
     * SHA-256 (hex) of the token of the candidate's private status page link, set when the
     * interview is submitted; the token itself is only on the thank-you page and in the e-mail.
     */
    statusTokenHash: text('status_token_hash'),
    /** When the one reminder a day before the job's closing date was queued; null: not yet. */
    deadlineRemindedAt: timestamp('deadline_reminded_at', { withTimezone: true }),
    isRead: boolean('is_read').notNull().default(false),
    isFree: boolean('is_free').notNull().default(false),
    /**
     * The average scorecard rating (`summarizeApplicantRatings`), kept with each rating
     * change in the same transaction so the overview sorts and filters on it from an index; null
     * while nobody has rated. `rating_count`: how many reviewers gave a scorecard rating.
     */
    ratingAvg: numeric('rating_avg', { precision: 3, scale: 2, mode: 'number' }),
    ratingCount: integer('rating_count').notNull().default(0),
    /**
     * Share (0–100) of the job's scored multiple-choice questions answered right, set when the
     * interview is submitted (domain scoreAnswers); null when the job scores none. Recruiters
     * only: the candidate's answers never include it.
     */
    score: smallint('score'),
    /** A knockout question was answered wrong (set with the score). */
    knockedOut: boolean('knocked_out').notNull().default(false),
    /**
     * The consent notice the candidate accepted before anything was recorded: the choice
     * ('accepted'; declining makes no applicant), when, the notice's version (0: the standard
     * notice) and its exact text as shown. Null on applicants from before the notice existed and
     * on invited ones who have not started.
     */
    consentChoice: text('consent_choice'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentVersion: integer('consent_version'),
    consentText: text('consent_text'),
    answerMap: jsonb('answer_map').$type<Record<string, StoredAnswer>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    archivedAt: archivedAt(),
    /**
     * What the overview's text search reads: the name ("first last"), email, phone and hometown,
     * separated by a unit separator (chr 31) so that a search never matches across two fields.
     * Lower-cased, so a search is `LIKE lower(pattern)` (what ILIKE does, without lower-casing
     * every row it tests), and each field cut at 100 characters, so the entry of the list index
     * that carries it stays far below a B-tree entry's limit (2,704 bytes) whatever is typed.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(left(f_name, 100) || ' ' || left(l_name, 100) || chr(31) || left(email, 100) || chr(31) || left(phone, 100) || chr(31) || left(hometown, 100))`,
      ),
  },
  (t) => [
    // Applicant overview (default sort: submitted newest first, not-submitted last, then
    // created, then id), one partial index per archive view so `archived_at` needs no column. The
    // trailing columns let the filters (status, incomplete, daysAgo) and the capped counts read
    // the index alone (index-only scans), and the deferred join pick a page's ids from it. The
    // active view's also holds the job and the search text: a text search walks it alone from
    // the newest applicant (see searchMatches in review.query), testing each entry.
    index('applicants_org_active_sort_idx')
      .on(
        t.orgId,
        t.submittedAt.desc().nullsLast(),
        t.createdAt.desc(),
        t.id.desc(),
        t.status,
        t.quitedAt,
        t.openedAt,
        t.jobId,
        t.searchText,
      )
      .where(sql`${t.archivedAt} is null`),
    index('applicants_org_archived_sort_idx')
      .on(
        t.orgId,
        t.submittedAt.desc().nullsLast(),
        t.createdAt.desc(),
        t.id.desc(),
        t.status,
        t.quitedAt,
        t.openedAt,
      )
      .where(sql`${t.archivedAt} is not null`),
    // Data retention: the daily sweep and the owner's dry run find an organisation's
    // due applicants from these two (archived by archive date; rejected by last change).
    index('applicants_org_retention_archived_idx')
      .on(t.orgId, t.archivedAt)
      .where(sql`${t.archivedAt} is not null`),
    index('applicants_org_retention_rejected_idx')
      .on(t.orgId, t.updatedAt)
      .where(sql`${t.archivedAt} is null and ${t.status} in (1, 6)`),
    // Job-scoped overview (/backoffice/applicant/{jobId}) and job applicant counts.
    index('applicants_job_active_sort_idx')
      .on(
        t.jobId,
        t.submittedAt.desc().nullsLast(),
        t.createdAt.desc(),
        t.id.desc(),
        t.orgId,
        t.status,
        t.quitedAt,
        t.openedAt,
      )
      .where(sql`${t.archivedAt} is null`),
    index('applicants_job_archived_sort_idx')
      .on(
        t.jobId,
        t.submittedAt.desc().nullsLast(),
        t.createdAt.desc(),
        t.id.desc(),
        t.orgId,
        t.status,
        t.quitedAt,
        t.openedAt,
      )
      .where(sql`${t.archivedAt} is not null`),
    // Status filter, in the default order.
    index('applicants_org_active_status_idx')
      .on(t.orgId, t.status, t.submittedAt.desc().nullsLast(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is null`),
    // "Incomplete" (quit without submitting): all of them sort last in the default order, so
    // they get their own index rather than a walk past every submitted applicant.
    index('applicants_org_active_incomplete_idx')
      .on(t.orgId, t.submittedAt.desc().nullsLast(), t.createdAt.desc(), t.id.desc())
      .where(
        sql`${t.archivedAt} is null and ${t.quitedAt} is not null and ${t.submittedAt} is null`,
      ),
    // "daysAgo" filter on the opening date.
    index('applicants_org_active_opened_idx')
      .on(t.orgId, t.openedAt)
      .where(sql`${t.archivedAt} is null`),
    index('applicants_org_free_idx').on(t.orgId, t.isFree),
    // Sort by rating, both directions with unrated last, and the "rated ≥ N" and
    // "not rated yet" filters (a range of the first), for the active view.
    index('applicants_org_active_rating_desc_idx')
      .on(t.orgId, t.ratingAvg.desc().nullsLast(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is null`),
    index('applicants_org_active_rating_asc_idx')
      .on(t.orgId, t.ratingAvg.asc().nullsLast(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is null`),
    // Sort by score, both directions with unscored last, and the "score ≥ N" filter (a range
    // of the first), active view.
    index('applicants_org_active_score_idx')
      .on(t.orgId, t.score.desc().nullsLast(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is null`),
    index('applicants_org_active_score_asc_idx')
      .on(t.orgId, t.score.asc().nullsLast(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is null`),
    // "Only knocked out": few of the list, in the default order, so the filter does not walk
    // the whole list index to find them.
    index('applicants_org_active_knocked_out_idx')
      .on(t.orgId, t.submittedAt.desc().nullsLast(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is null and ${t.knockedOut}`),
    uniqueIndex('applicants_invite_token_idx')
      .on(t.inviteTokenHash)
      .where(sql`${t.inviteTokenHash} is not null`),
    uniqueIndex('applicants_status_token_idx')
      .on(t.statusTokenHash)
      .where(sql`${t.statusTokenHash} is not null`),
    index('applicants_reminder_due_idx')
      .on(t.reminderDueAt)
      .where(sql`${t.reminderDueAt} is not null`),
    // "Already an applicant of this job?" when inviting (addresses are stored lower-cased).
    index('applicants_job_email_idx').on(t.jobId, t.email),
    // Text search (ILIKE '%…%') over name, email, phone and hometown.
    index('applicants_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Job cards' applicant summary: count and latest avatars of each job's visible applicants.
    index('applicants_job_visible_created_idx')
      .on(t.jobId, t.createdAt.desc(), t.id)
      .where(sql`${t.archivedAt} is null and ${t.isPreview} = false`),
  ],
);

/**
 * How many applicants each job has that its recruiters' list shows (not archived, not a
 * recruiter's preview): the job card's count (applicantSummary). Kept by triggers on
 * applicants (migration 0029): statement-level for inserts and deletions (one update per job
 * for a bulk statement), row-level for the updates that change what is counted (archive,
 * restore, preview, job), so no other update pays for it. A jobs page read the count off the
 * list index instead, up to LIST_COUNT_CAP entries for each of its 30 jobs. A job without a row
 * has none.
 */
export const jobApplicantCounts = pgTable('job_applicant_counts', {
  jobId: uuid('job_id')
    .primaryKey()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  visible: integer('visible').notNull().default(0),
  /**
   * Of those, submitted and not yet opened by a recruiter (`is_read` false): the card's
   * "N new". Kept by the same triggers (migration 0041).
   */
  unread: integer('unread').notNull().default(0),
  /** Of those, submitted with no status set yet (status 0): the card's "N to review". */
  unreviewed: integer('unreviewed').notNull().default(0),
});

export const notes = pgTable(
  'notes',
  {
    id: id(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    txt: text('txt').notNull(),
    /** Optional "mm:ss" bookmark into the answer video. */
    timeStamp: text('time_stamp'),
    /** The question (of the applicant's job) whose answer the bookmark points into. */
    questId: text('quest_id'),
    createdAt: createdAt(),
  },
  (t) => [index('notes_applicant_idx').on(t.applicantId, t.createdAt)],
);

export type TimelineEventType = 'note' | 'activity' | 'status' | 'rating' | 'guestView';
export type TimelineActivity =
  | 'created'
  | 'sent'
  | 'opened'
  | 'submitted'
  | 'quited'
  | 'resumed'
  | 'accommodationRequested'
  | 'accommodationApproved'
  | 'accommodationDeclined'
  | 'mediaCheckPassed'
  | 'faceCheckSkipped';

export const timelineEvents = pgTable(
  'timeline_events',
  {
    id: id(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    type: text('type').$type<TimelineEventType>().notNull(),
    activity: text('activity').$type<TimelineActivity>(),
    statusCode: smallint('status_code'),
    noteId: uuid('note_id').references(() => notes.id, { onDelete: 'cascade' }),
    txt: text('txt'),
    timeStamp: text('time_stamp'),
    questId: text('quest_id'),
    /** A rating event: the reviewer, what was rated and the score (null: cleared). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type').$type<'criterion' | 'question'>(),
    targetId: text('target_id'),
    score: smallint('score'),
    /**
     * A guest's view or rating through a share link: the guest's name as the link
     * gives it (a link's guest never changes), so the timeline needs no join into sharing.
     */
    guestName: text('guest_name'),
    createdAt: createdAt(),
  },
  (t) => [index('timeline_events_applicant_idx').on(t.applicantId, t.createdAt)],
);

/**
 * Reviewers' ratings: one score 1–5 per reviewer, applicant and target (a criterion
 * of the job's scorecard, or a question for its answer). Owned by the review module, which
 * keeps the applicant's `rating_avg` and `rating_count` in step. A deleted reviewer's ratings
 * stay (user null), so averages do not change behind the team's back.
 */
export const ratings = pgTable(
  'ratings',
  {
    id: id(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A hiring manager's rating through a share link: the link (share_links, owned by
     * modules/sharing; no foreign key, as links are never deleted but with their organisation,
     * whose applicants go too) and the guest's name. `user_id` is null then.
     */
    shareLinkId: uuid('share_link_id'),
    guestName: text('guest_name'),
    targetType: text('target_type').$type<'criterion' | 'question'>().notNull(),
    targetId: text('target_id').notNull(),
    score: smallint('score').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ratings_reviewer_target_idx').on(
      t.applicantId,
      t.userId,
      t.targetType,
      t.targetId,
    ),
    uniqueIndex('ratings_guest_target_idx')
      .on(t.applicantId, t.shareLinkId, t.targetType, t.targetId)
      .where(sql`${t.shareLinkId} is not null`),
    index('ratings_user_idx').on(t.userId),
    check('ratings_score_range', sql`${t.score} between 1 and 5`),
  ],
);

/**
 * The code that lets a candidate resume, on another device or after their browser's storage was
 * lost, the interview their e-mail address already has under way on a job (rather than starting
 * a second applicant). One live code per applicant: a new one replaces it. Stored as an HMAC
 * keyed from the server's secret (a million possible codes would fall to a plain hash), with an
 * expiry and a count of wrong tries.
 */
export const applicantResumeCodes = pgTable('applicant_resume_codes', {
  applicantId: uuid('applicant_id')
    .primaryKey()
    .references(() => applicants.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
