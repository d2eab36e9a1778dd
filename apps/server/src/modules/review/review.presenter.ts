import {
  isIncompleteInterview,
  type ApplicantListItem,
  type ApplicantStatusCode,
  type ReviewAnswer,
  type ReviewNote,
  type TimelineEvent,
} from '@candid/domain';
import type { applicants, notes, timelineEvents, StoredAnswer } from '../../db/schema';
import { can, type StaffActor } from '../../policies';
import type { ObjectStorage } from '../../storage/storage';
import { toMiniUser, type MiniUserRow } from '../users/users.joins';

/**
 * The one place the review module turns rows into the wire shapes of
 * `packages/domain/src/applicants/review-api.schemas.ts`: column names to spec names, storage
 * keys to short-lived signed URLs.
 */

/** Lifetime of the signed face-image URL of a list row or details (a page's lifetime). */
export const IMAGE_URL_TTL_SEC = 10 * 60;
/** Lifetime of the CV URLs: opened or downloaded right after the details load. */
export const CV_URL_TTL_SEC = 10 * 60;
/**
 * Lifetime of the recording URLs. The player issues Range requests on the same URL while the
 * recruiter watches and seeks, so it must outlive a long answer (time limits go up to 30 min)
 * and a pause; the web app fetches the videos again when it reopens the applicant.
 */
export const RECORDING_URL_TTL_SEC = 60 * 60;

type ListTimestamp = 'sentAt' | 'openedAt' | 'submittedAt' | 'quitedAt' | 'archivedAt';

/**
 * The applicant columns a list row needs (not the answer map, which can be large). Timestamps
 * are Dates, or PostgreSQL's JSON text of them when the overview's statement built the row.
 */
export type ApplicantListRow = Omit<
  Pick<typeof applicants.$inferSelect, ListRowColumn>,
  ListTimestamp
> & { [Key in ListTimestamp]: Date | string | null } & {
  jobTitle: string;
  /** At least one answer saved: the list statement's `answer_map <> '{}'`, else the row's map. */
  started?: boolean;
  answerMap?: Record<string, unknown>;
};

type ListRowColumn =
  | 'id'
  | 'jobId'
  | 'fName'
  | 'lName'
  | 'email'
  | 'phone'
  | 'hometown'
  | 'imgKey'
  | 'status'
  | 'sentAt'
  | 'openedAt'
  | 'submittedAt'
  | 'quitedAt'
  | 'isRead'
  | 'isFree'
  | 'archivedAt'
  | 'ratingAvg'
  | 'ratingCount'
  | 'score'
  | 'knockedOut';

export type NoteRow = typeof notes.$inferSelect;
/** A timeline row, with the reviewer's name for a rating event (null: account deleted). */
export type TimelineRow = typeof timelineEvents.$inferSelect & {
  reviewer?: { fName: string; lName: string } | null;
};

/** The user columns of a note's owner, or null when the account was deleted. */
export type OwnerRow = MiniUserRow;

/** PostgreSQL's JSON text of a timestamptz in UTC (its session time zone here). */
const PG_UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/u;

/**
 * A timestamp as the API writes it (ISO 8601 in UTC with milliseconds, as `toISOString`). The
 * overview's rows carry PostgreSQL's JSON text (`2026-11-26T21:25:10.758123+00:00`), rewritten
 * here without a Date: 150 parses and prints per page were a twentieth of a list request's CPU.
 * Text in another zone goes through Date.
 */
export function isoOfPgTimestamp(text: string): string {
  const match = PG_UTC_TIMESTAMP.exec(text);
  if (!match) return new Date(text).toISOString();
  return `${match[1]}.${(match[2] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

function iso(date: Date | string | null): string | null {
  if (date === null) return null;
  return typeof date === 'string' ? isoOfPgTimestamp(date) : date.toISOString();
}

/** A stored status code, read defensively: anything outside 0–7 shows as "need evaluation". */
export function toStatusCode(value: number): ApplicantStatusCode {
  return (value >= 0 && value <= 7 && Number.isInteger(value) ? value : 0) as ApplicantStatusCode;
}

async function signOrNull(
  storage: ObjectStorage,
  key: string | null | undefined,
  expiresInSec: number,
  downloadName?: string,
): Promise<string | null> {
  if (!key) return null;
  return storage.signGetUrl(key, { expiresInSec, ...(downloadName ? { downloadName } : {}) });
}

/**
 * One row of the applicant overview, locked or not for `viewer` (decided by the
 * policies). Rows come from queries scoped to the viewer's organisation.
 */
export async function toListItem(
  row: ApplicantListRow,
  viewer: StaffActor,
  storage: ObjectStorage,
): Promise<ApplicantListItem> {
  const timestamp = {
    sent: iso(row.sentAt),
    opened: iso(row.openedAt),
    submitted: iso(row.submittedAt),
    quited: iso(row.quitedAt),
  };
  return {
    id: row.id,
    info: {
      fName: row.fName,
      lName: row.lName,
      email: row.email,
      phone: row.phone,
      hometown: row.hometown,
      imgUrl: await signOrNull(storage, row.imgKey, IMAGE_URL_TTL_SEC),
    },
    jobInfo: { title: row.jobTitle, jobId: row.jobId },
    status: toStatusCode(row.status),
    timestamp,
    isRead: row.isRead,
    isFree: row.isFree,
    isLocked: !can(viewer, 'applicant.open', {
      orgId: viewer.orgId,
      jobId: row.jobId,
      isFree: row.isFree,
    }),
    archivedAt: iso(row.archivedAt),
    incomplete: isIncompleteInterview(timestamp),
    started: row.started ?? Object.keys(row.answerMap ?? {}).length > 0,
    rating: {
      avg: row.ratingAvg === null ? null : Number(row.ratingAvg),
      count: row.ratingCount,
    },
    score: row.score,
    knockedOut: row.knockedOut,
  };
}

/**
 * The name a downloaded CV is saved under: the stored name (file name, dash, upload timestamp,
 *), with the file's extension moved to the end (`cv.pdf-1700000000000` downloads as
 * `cv-1700000000000.pdf`) so the recruiter's computer still knows how to open it.
 */
export function cvDownloadName(storedName: string): string {
  const match = /^(.*)(\.[A-Za-z0-9]{1,8})-(\d+)$/u.exec(storedName);
  if (!match) return storedName;
  const [, base, extension, timestamp] = match;
  return `${base}-${timestamp}${extension}`;
}

/** The CV's signed inline and download URLs, or nulls when there is no CV. */
export async function toCvUrls(
  storage: ObjectStorage,
  cv: { key: string; name: string },
): Promise<{ cvUrl: string | null; cvDownloadUrl: string | null }> {
  if (!cv.key) return { cvUrl: null, cvDownloadUrl: null };
  return {
    cvUrl: await signOrNull(storage, cv.key, CV_URL_TTL_SEC),
    cvDownloadUrl: await signOrNull(
      storage,
      cv.key,
      CV_URL_TTL_SEC,
      cvDownloadName(cv.name || 'cv'),
    ),
  };
}

export function toReviewNote(note: NoteRow, owner: OwnerRow | null): ReviewNote {
  return {
    id: note.id,
    txt: note.txt,
    createdAt: note.createdAt.toISOString(),
    owner: owner ? toMiniUser(owner) : null,
    ...(note.timeStamp ? { timeStamp: note.timeStamp } : {}),
    ...(note.timeStamp && note.questId ? { questId: note.questId } : {}),
  };
}

/** A timeline row as its event; null for a row that does not make a valid event. */
export function toTimelineEvent(row: TimelineRow): TimelineEvent | null {
  const createdAt = row.createdAt.toISOString();
  if (row.type === 'activity' && row.activity) {
    return { type: 'activity', activity: row.activity, createdAt };
  }
  if (row.type === 'status' && row.statusCode !== null) {
    return { type: 'status', statusCode: toStatusCode(row.statusCode), createdAt };
  }
  if (row.type === 'note' && row.noteId) {
    return {
      type: 'note',
      noteId: row.noteId,
      txt: row.txt ?? '',
      createdAt,
      ...(row.timeStamp ? { timeStamp: row.timeStamp } : {}),
      ...(row.timeStamp && row.questId ? { questId: row.questId } : {}),
    };
  }
  if (row.type === 'rating' && row.targetType && row.targetId) {
    const score = row.score;
    const byGuest = row.guestName !== null && row.guestName !== undefined;
    return {
      type: 'rating',
      targetType: row.targetType,
      targetId: row.targetId,
      label: row.txt ?? '',
      score: score !== null && score >= 1 && score <= 5 ? score : null,
      reviewer: byGuest
        ? row.guestName!
        : row.reviewer
          ? `${row.reviewer.fName} ${row.reviewer.lName}`.trim()
          : null,
      ...(byGuest ? { guest: true } : {}),
      createdAt,
    };
  }
  if (row.type === 'guestView' && row.guestName) {
    return { type: 'guestView', guestName: row.guestName, createdAt };
  }
  return null;
}

const TYPE_RANK: Record<TimelineEvent['type'], number> = {
  activity: 0,
  status: 1,
  note: 2,
  rating: 3,
  guestView: 4,
};
const ACTIVITY_RANK: Record<string, number> = {
  created: 0,
  sent: 1,
  opened: 2,
  submitted: 3,
  quited: 4,
  accommodationRequested: 5,
  accommodationApproved: 6,
  accommodationDeclined: 6,
  mediaCheckPassed: 7,
  faceCheckSkipped: 7,
};

function rankOf(event: TimelineEvent): number {
  return (
    TYPE_RANK[event.type] * 10 + (event.type === 'activity' ? ACTIVITY_RANK[event.activity]! : 0)
  );
}

/**
 * The timeline oldest first, beginning with the created event. Events of the same
 * moment keep the order things happen in (created, sent, opened, submitted, quited, then status,
 * then notes). An applicant stored without a created event (none is made without one) still
 * begins with one, at its creation time.
 */
export function toTimeline(
  rows: readonly TimelineRow[],
  applicantCreatedAt: Date,
): TimelineEvent[] {
  const events = rows
    .map(toTimelineEvent)
    .filter((event): event is TimelineEvent => event !== null)
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || rankOf(a) - rankOf(b));
  const isCreated = (event: TimelineEvent) =>
    event.type === 'activity' && event.activity === 'created';
  const created = events.find(isCreated) ?? {
    type: 'activity' as const,
    activity: 'created' as const,
    createdAt: applicantCreatedAt.toISOString(),
  };
  return [created, ...events.filter((event) => !isCreated(event))];
}

/** Durations in seconds of completed recordings, by storage key. */
export type DurationsByKey = ReadonlyMap<string, number | null>;

/** One stored answer as the back office plays and shows it (signed URLs instead of keys). */
export async function toReviewAnswer(
  answer: StoredAnswer,
  storage: ObjectStorage,
  durations: DurationsByKey,
): Promise<ReviewAnswer> {
  const durationOf = (key: string | undefined) => (key ? (durations.get(key) ?? null) : null);
  return {
    resTime: typeof answer.resTime === 'number' && answer.resTime >= 0 ? answer.resTime : 0,
    faceUrl: await signOrNull(storage, answer.faceKey, RECORDING_URL_TTL_SEC),
    screenUrl: await signOrNull(storage, answer.screenKey, RECORDING_URL_TTL_SEC),
    imgUrl: await signOrNull(storage, answer.imgKey, IMAGE_URL_TTL_SEC),
    txt: typeof answer.txt === 'string' ? answer.txt : null,
    optIdx: Array.isArray(answer.optIdx) ? answer.optIdx : null,
    faceDurationSec: durationOf(answer.faceKey),
    screenDurationSec: durationOf(answer.screenKey),
  };
}
