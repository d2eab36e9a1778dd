import { bookmarkToSeconds, type ReviewNote } from '@candid/domain';
import { useCallback, useMemo, useState } from 'react';

/** How long each bookmarked moment plays when the next one is further away. */
export const NOTE_PLAY_SEC = 5;

export interface NoteStop {
  noteId: string;
  seconds: number;
  /** Where this stop's playing ends: 5 s on, the next bookmark, or the video's end. */
  endSec: number;
}

/**
 * The stops of "play notes": the bookmarked notes inside the video, in video order (notes on
 * the same second play once, the earliest written first).
 */
export function getNoteStops(notes: readonly ReviewNote[], durationSec: number): NoteStop[] {
  const seen = new Set<number>();
  const marks = notes
    .map((note) => ({
      noteId: note.id,
      seconds: note.timeStamp ? bookmarkToSeconds(note.timeStamp) : null,
    }))
    .filter(
      (mark): mark is { noteId: string; seconds: number } =>
        mark.seconds !== null && (durationSec <= 0 || mark.seconds <= durationSec),
    )
    .sort((a, b) => a.seconds - b.seconds)
    .filter((mark) => (seen.has(mark.seconds) ? false : (seen.add(mark.seconds), true)));
  return marks.map((mark, index) => {
    const next = marks[index + 1]?.seconds ?? Infinity;
    const end = Math.min(
      mark.seconds + NOTE_PLAY_SEC,
      next,
      durationSec > 0 ? durationSec : Infinity,
    );
    return { ...mark, endSec: end };
  });
}

export interface NotePlayer {
  /** Seeks the shown video and plays it. */
  seekTo: (seconds: number) => void;
  pause: () => void;
}

/**
 * "Play notes" (player state isPlayingNotes): seeks to each bookmarked moment of the
 * shown video in turn and plays it for about 5 s or until the next bookmark, highlighting the
 * note; it stops after the last one, on stop, or when the video changes. The position comes
 * from the player's time updates (`onTime`), so pausing the video also holds the tour.
 */
export function useNotePlayback({
  notes,
  durationSec,
  player,
  videoKey,
}: {
  notes: readonly ReviewNote[];
  /** The shown video's length; null when no video is shown. */
  durationSec: number | null;
  player: () => NotePlayer | null;
  /** Changes when another video is shown. */
  videoKey: string | null;
}) {
  const stops = useMemo(
    () => (durationSec === null ? [] : getNoteStops(notes, durationSec)),
    [notes, durationSec],
  );
  // The tour belongs to the video it started on: another video reads as stopped.
  const [tour, setTour] = useState<{ index: number; videoKey: string | null } | null>(null);
  const index = tour && tour.videoKey === videoKey ? tour.index : null;

  const goTo = useCallback(
    (next: number | null) => {
      const target = player();
      const stopAt = next === null ? undefined : stops[next];
      if (next === null || !stopAt || !target) {
        setTour(null);
        target?.pause();
        return;
      }
      setTour({ index: next, videoKey });
      target.seekTo(stopAt.seconds);
    },
    [player, stops, videoKey],
  );

  const start = useCallback(() => goTo(0), [goTo]);
  const stop = useCallback(() => goTo(null), [goTo]);

  /** Called with the player's position: moves on once the current stop has played. */
  const onTime = useCallback(
    (currentSec: number) => {
      if (index === null) return;
      const stopAt = stops[index];
      if (!stopAt) return;
      // A little early counts: time updates arrive about 4 times a second.
      if (currentSec >= stopAt.endSec - 0.05) goTo(index + 1 < stops.length ? index + 1 : null);
    },
    [goTo, index, stops],
  );

  return {
    canPlay: stops.length > 0,
    isPlaying: index !== null,
    currentNoteId: index === null ? null : (stops[index]?.noteId ?? null),
    start,
    stop,
    onTime,
  };
}
