import { PLAYER_BUFFER_CHECK_MS } from '@candid/domain';
import { useEffect, type ActionDispatch, type RefObject } from 'react';
import { readBufferedRatio } from './media-duration';
import {
  isBufferComplete,
  type PlayerAction,
  type InterviewPlayerState,
  type VideoKind,
} from './player-reducer';

/** Both elements stay mounted in this order; a swap only changes which one is the main. */
export const VIDEO_KINDS: readonly VideoKind[] = ['screen', 'face'];

/**
 * What the player's state sets on its two video elements: the speed on both, the sound on the
 * main one only, and the buffer check of the main one (every PLAYER_BUFFER_CHECK_MS until it
 * is practically all downloaded; not while a duration probe moves the element).
 */
export function useVideoSettings({
  videosRef,
  probesRef,
  state,
  main,
  sourceKey,
  dispatch,
}: {
  videosRef: RefObject<Record<VideoKind, HTMLVideoElement | null>>;
  probesRef: RefObject<Partial<Record<VideoKind, AbortController>>>;
  state: InterviewPlayerState;
  main: VideoKind | null;
  sourceKey: string;
  dispatch: ActionDispatch<[action: PlayerAction]>;
}) {
  // Speed applies to both videos; the default rate makes it survive a reload of the source.
  useEffect(() => {
    for (const kind of VIDEO_KINDS) {
      const video = videosRef.current[kind];
      if (!video) continue;
      video.defaultPlaybackRate = state.speed;
      video.playbackRate = state.speed;
    }
  }, [videosRef, state.speed, sourceKey]);

  // Only the main video is heard.
  useEffect(() => {
    for (const kind of VIDEO_KINDS) {
      const video = videosRef.current[kind];
      if (!video) continue;
      const isMain = kind === main;
      video.muted = !isMain || state.isMuted || state.volume === 0;
      if (isMain) video.volume = state.volume / 100;
    }
  }, [videosRef, state.volume, state.isMuted, main, sourceKey]);

  // Buffer check: every second until the main video is practically all downloaded.
  const isBufferDone = isBufferComplete(state);
  useEffect(() => {
    const kind = main;
    const video = kind ? videosRef.current[kind] : null;
    if (!kind || !video || state.totalDuration <= 0 || isBufferDone) return;
    const check = () => {
      if (probesRef.current[kind]) return;
      dispatch({ type: 'bufferProgress', ratio: readBufferedRatio(video, state.totalDuration) });
    };
    check();
    const timer = setInterval(check, PLAYER_BUFFER_CHECK_MS);
    return () => clearInterval(timer);
  }, [videosRef, probesRef, dispatch, main, state.totalDuration, isBufferDone, sourceKey]);
}
