import type { ReviewNote } from '@candid/domain';

/** Where a bookmark leads: one question's answer video. */
export interface BookmarkTarget {
  questId: string;
  /** The question's number, 1-based; shown only when the job has several questions. */
  number: number | null;
  /** That answer video's length (0 while unknown); null when the answer has no video. */
  durationSec: number | null;
  /** The answer is the one on screen. */
  isShown: boolean;
}

/** The bookmarks of an applicant's answers: what each leads to, and the jump there. */
export interface BookmarkTargets {
  /** The target of a bookmark naming `questId` (none named: the first question); null if gone. */
  of: (questId: string | undefined) => BookmarkTarget | null;
  /** Shows that question's answer (when another is shown) and plays it from `seconds`. */
  jump: (target: BookmarkTarget, seconds: number) => void;
}

/**
 * The question a bookmarked note points into: the one it names, or (a bookmark the server kept
 * from before questions were named) the first. Null for a note without a bookmark.
 */
export function bookmarkQuestId(
  note: Pick<ReviewNote, 'timeStamp' | 'questId'>,
  questIds: readonly string[],
): string | null {
  if (!note.timeStamp) return null;
  return note.questId ?? questIds[0] ?? null;
}

/** The bookmarked notes of one answer, in the order given. */
export function notesOfQuestion<T extends Pick<ReviewNote, 'timeStamp' | 'questId'>>(
  notes: readonly T[],
  questIds: readonly string[],
  questId: string | null,
): T[] {
  if (questId === null) return [];
  return notes.filter((note) => bookmarkQuestId(note, questIds) === questId);
}
