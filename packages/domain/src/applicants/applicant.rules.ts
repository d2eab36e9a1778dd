import type { Applicant, ApplicantTimestamp, Note, TimelineEvent } from './applicant.schemas';
import type { ApplicantStatusCode } from './applicant-status';

/** Timestamps of a freshly created applicant: opened now, the rest empty. */
export function newApplicantTimestamp(now: Date): ApplicantTimestamp {
  return { sent: null, opened: now.toISOString(), submitted: null, quited: null };
}

/** A new applicant's timeline, which begins with a created event. */
export function createInitialTimeline(now: Date): TimelineEvent[] {
  return [{ type: 'activity', activity: 'created', createdAt: now.toISOString() }];
}

/** Quit before submitting: the "incomplete" list filter and button text. */
export function isIncompleteInterview(timestamp: {
  submitted?: string | null;
  quited?: string | null;
}): boolean {
  return Boolean(timestamp.quited) && !timestamp.submitted;
}

/** The interview was submitted (so the status may be changed). */
export function isSubmitted(applicant: { timestamp: { submitted?: string | null } }): boolean {
  return Boolean(applicant.timestamp.submitted);
}

type TimelineCarrier = Pick<Applicant, 'status' | 'timeline'>;

/**
 * Sets a status and records it on the timeline. Choosing the current status again
 * does nothing, so the same object comes back and callers can skip the save.
 */
export function applyStatusChange<T extends TimelineCarrier>(
  applicant: T,
  statusCode: ApplicantStatusCode,
  now: Date,
): T {
  if (applicant.status === statusCode) return applicant;
  return {
    ...applicant,
    status: statusCode,
    timeline: [...applicant.timeline, { type: 'status', statusCode, createdAt: now.toISOString() }],
  };
}

type NoteCarrier = Pick<Applicant, 'notes' | 'timeline'>;

/** Adds a note and its note event. */
export function addNote<T extends NoteCarrier>(applicant: T, note: Note): T {
  const event: TimelineEvent = {
    type: 'note',
    noteId: note.id,
    txt: note.txt,
    createdAt: note.createdAt,
    ...(note.timeStamp ? { timeStamp: note.timeStamp } : {}),
  };
  return {
    ...applicant,
    notes: [...applicant.notes, note],
    timeline: [...applicant.timeline, event],
  };
}

/** Removes a note together with its timeline event. */
export function removeNote<T extends NoteCarrier>(applicant: T, noteId: string): T {
  return {
    ...applicant,
    notes: applicant.notes.filter((note) => note.id !== noteId),
    timeline: applicant.timeline.filter(
      (event) => !(event.type === 'note' && event.noteId === noteId),
    ),
  };
}
