import { formatDuration } from '@candid/domain';
import { Tooltip } from '@mantine/core';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './interview-player.module.css';

/** A bookmark on the seek bar: a note's time and text. */
export interface PlayerMarker {
  seconds: number;
  label: string;
}

/** Arrow keys move by this much; Page Up and Page Down by a tenth of the video (at least this). */
export const SEEK_KEY_STEP_SEC = 5;
/** Marker tooltips show at most this much of a note (long text preview). */
const MARKER_LABEL_MAX_CHARS = 100;
const MARKER_ATTRIBUTE = 'data-marker-sec';

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function shorten(text: string): string {
  return text.length > MARKER_LABEL_MAX_CHARS ? `${text.slice(0, MARKER_LABEL_MAX_CHARS)}…` : text;
}

/** The time a key press on the seek bar moves to, or null for keys the bar does not handle. */
export function getKeySeekTarget(
  key: string,
  currentSec: number,
  durationSec: number,
): number | null {
  const page = Math.max(SEEK_KEY_STEP_SEC, durationSec / 10);
  const targets: Record<string, number> = {
    ArrowRight: currentSec + SEEK_KEY_STEP_SEC,
    ArrowUp: currentSec + SEEK_KEY_STEP_SEC,
    ArrowLeft: currentSec - SEEK_KEY_STEP_SEC,
    ArrowDown: currentSec - SEEK_KEY_STEP_SEC,
    PageUp: currentSec + page,
    PageDown: currentSec - page,
    Home: 0,
    End: durationSec,
  };
  const target = targets[key];
  return target === undefined ? null : Math.min(durationSec, Math.max(0, target));
}

/**
 * The seek bar: played and buffered shares, bookmark markers, a time label under the pointer.
 * Time runs left to right in both languages (as on YouTube in Hebrew), so the bar is always
 * `dir="ltr"`, and the arrow keys follow what the eye sees: → forward, ← back.
 */
export function SeekBar({
  currentSec,
  durationSec,
  bufferedRatio,
  markers,
  isDisabled,
  onSeek,
}: {
  currentSec: number;
  durationSec: number;
  /** 0–1. */
  bufferedRatio: number;
  markers: PlayerMarker[];
  isDisabled: boolean;
  onSeek: (seconds: number) => void;
}) {
  const { t } = useTranslation();
  const trackRef = useRef<HTMLDivElement>(null);
  const draggingPointerRef = useRef<number | null>(null);
  /** Where the thumb is while it is being dragged (the video seeks when it is let go). */
  const [scrubSec, setScrubSec] = useState<number | null>(null);
  const [hoverSec, setHoverSec] = useState<number | null>(null);
  const canSeek = !isDisabled && durationSec > 0;
  const shownSec = scrubSec ?? currentSec;
  const playedRatio = durationSec > 0 ? clamp01(shownSec / durationSec) : 0;

  const secondsAt = (clientX: number): number => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return 0;
    return clamp01((clientX - rect.left) / rect.width) * durationSec;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!canSeek || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
    draggingPointerRef.current = event.pointerId;
    // A press on a marker goes to the bookmark itself, not to the pixel under the pointer.
    const marker = (event.target as Element).closest(`[${MARKER_ATTRIBUTE}]`);
    const markerSec = Number(marker?.getAttribute(MARKER_ATTRIBUTE));
    const seconds = marker && Number.isFinite(markerSec) ? markerSec : secondsAt(event.clientX);
    setScrubSec(seconds);
    onSeek(seconds);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!canSeek) return;
    const seconds = secondsAt(event.clientX);
    setHoverSec(seconds);
    if (draggingPointerRef.current === event.pointerId) setScrubSec(seconds);
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (draggingPointerRef.current !== event.pointerId) return;
    draggingPointerRef.current = null;
    if (event.type === 'pointerup' && scrubSec !== null) onSeek(scrubSec);
    setScrubSec(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!canSeek) return;
    const target = getKeySeekTarget(event.key, currentSec, durationSec);
    if (target === null) return;
    event.preventDefault();
    onSeek(target);
  };

  const labelSec = scrubSec ?? hoverSec;
  const shownMarkers =
    durationSec > 0 ? markers.filter((m) => m.seconds >= 0 && m.seconds <= durationSec) : [];

  return (
    <div
      ref={trackRef}
      dir="ltr"
      className={classes.seekBar}
      role="slider"
      tabIndex={canSeek ? 0 : -1}
      aria-label={t('player.seek')}
      aria-disabled={!canSeek || undefined}
      aria-orientation="horizontal"
      aria-valuemin={0}
      aria-valuemax={Math.floor(durationSec)}
      aria-valuenow={Math.floor(shownSec)}
      aria-valuetext={t('player.timeOf', {
        current: formatDuration(shownSec),
        total: formatDuration(durationSec),
      })}
      data-disabled={!canSeek || undefined}
      data-scrubbing={scrubSec !== null || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onPointerLeave={() => setHoverSec(null)}
      onKeyDown={onKeyDown}
    >
      <div className={classes.seekRail}>
        <div
          className={classes.seekBuffered}
          style={{ width: `${clamp01(bufferedRatio) * 100}%` }}
          data-testid="seek-buffered"
        />
        <div
          className={classes.seekPlayed}
          style={{ width: `${playedRatio * 100}%` }}
          data-testid="seek-played"
        />
      </div>
      {shownMarkers.map((marker, index) => (
        <Tooltip
          key={`${marker.seconds}-${index}`}
          label={`${formatDuration(marker.seconds)} · ${shorten(marker.label)}`}
          withinPortal={false}
          multiline
          maw={260}
          openDelay={100}
        >
          <span
            className={classes.seekMarker}
            style={{ insetInlineStart: `${(marker.seconds / durationSec) * 100}%` }}
            {...{ [MARKER_ATTRIBUTE]: marker.seconds }}
            data-testid="seek-marker"
            aria-hidden
          />
        </Tooltip>
      ))}
      {canSeek && (
        <div className={classes.seekThumb} style={{ insetInlineStart: `${playedRatio * 100}%` }} />
      )}
      {canSeek && labelSec !== null && (
        <div
          className={classes.seekLabel}
          style={{ insetInlineStart: `${clamp01(labelSec / durationSec) * 100}%` }}
          aria-hidden
        >
          {formatDuration(labelSec)}
        </div>
      )}
    </div>
  );
}
