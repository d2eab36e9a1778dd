import {
  defaultPlayerState,
  pickMainVideo,
  PLAYER_BUFFER_COMPLETE_RATIO,
  PLAYER_DEFAULT_VOLUME,
  PLAYER_INITIAL_TIME_SEC,
  type PlayerSpeed,
  type PlayerState,
} from '@candid/domain';

/** The two recordings of an answer: the candidate's camera and their shared screen. */
export type VideoKind = 'face' | 'screen';

/** What the player knows about one of the two video elements. */
export interface MediaState {
  /** Whether the answer has this recording at all. */
  hasSource: boolean;
  /** Seconds; 0 until known (from the server, the element, or the seek-to-the-end probe). */
  durationSec: number;
  /** The element reported Infinity and is being seeked to its end to learn the duration. */
  isProbing: boolean;
  /** The element can play from its current position (`canplay`). */
  canPlay: boolean;
  hasError: boolean;
}

/**
 * The player's state: the product's player state (`playerStateSchema`, whose fields describe the main
 * video) plus what the two-video layout needs. `totalDuration`, `isLoading` and `isDisabled` are
 * derived from the main video's `MediaState` after every transition, so a swap updates them too.
 */
export interface InterviewPlayerState extends PlayerState {
  media: Record<VideoKind, MediaState>;
  /** The main video is the one `pickMainVideo` did not choose (the user swapped them). */
  isSwapped: boolean;
  /** The secondary floating window is shown (it can be closed and reopened). */
  isSecondaryOpen: boolean;
  /** Playback stalled for lack of data (`waiting`) or a seek is fetching data. */
  isBuffering: boolean;
  /** Muting keeps `volume`, so unmuting restores it. */
  isMuted: boolean;
}

export type PlayerAction =
  /** A new answer: both recordings are replaced; speed, volume and mute carry over. */
  | { type: 'sourcesChanged'; hasFace: boolean; hasScreen: boolean }
  /** The duration of `kind` is known (from the element, the server or the probe). */
  | { type: 'durationKnown'; kind: VideoKind; durationSec: number }
  /** The element reported an infinite duration and the probe started (or gave up: `false`). */
  | { type: 'probing'; kind: VideoKind; isProbing: boolean }
  | { type: 'canPlay'; kind: VideoKind }
  | { type: 'mediaError'; kind: VideoKind }
  /** "Try again" after an error: the element reloads its source. */
  | { type: 'retry'; kind: VideoKind }
  /** The main video started or resumed (`play`). */
  | { type: 'played' }
  /** The main video paused or ended. */
  | { type: 'paused' }
  /** The main video waits for data (`waiting`, `seeking`). */
  | { type: 'waiting' }
  /** The main video has data again (`playing`, `seeked`, `canplay`). */
  | { type: 'resumed' }
  | { type: 'timeUpdate'; currTime: number }
  /** Buffered share of the main video, 0–1 (checked every PLAYER_BUFFER_CHECK_MS). */
  | { type: 'bufferProgress'; ratio: number }
  | { type: 'setSpeed'; speed: PlayerSpeed }
  /** 0–100. */
  | { type: 'setVolume'; volume: number }
  | { type: 'toggleMute' }
  | { type: 'fullScreenChanged'; isFullScreen: boolean }
  /** `seekTo` was called before the main video could play: play as soon as it can. */
  | { type: 'requestAutoPlay'; autoPlay: boolean }
  | { type: 'closeSecondary' }
  | { type: 'openSecondary' }
  | { type: 'swap' };

function createMediaState(hasSource: boolean): MediaState {
  return { hasSource, durationSec: 0, isProbing: false, canPlay: false, hasError: false };
}

/** Which recording is in the main area and which in the floating window. */
export function getVideoRoles(state: Pick<InterviewPlayerState, 'media' | 'isSwapped'>): {
  main: VideoKind | null;
  secondary: VideoKind | null;
} {
  const { main, secondary } = pickMainVideo<VideoKind>({
    faceUrl: state.media.face.hasSource ? 'face' : null,
    screenUrl: state.media.screen.hasSource ? 'screen' : null,
  });
  if (state.isSwapped && main !== null && secondary !== null) {
    return { main: secondary, secondary: main };
  }
  return { main, secondary };
}

/** Recomputes the schema fields that describe the main video from its `MediaState`. */
function deriveMain(state: InterviewPlayerState): InterviewPlayerState {
  const { main } = getVideoRoles(state);
  const media = main ? state.media[main] : null;
  return {
    ...state,
    totalDuration: media?.durationSec ?? 0,
    isLoading: media !== null && !media.hasError && (!media.canPlay || media.isProbing),
    isDisabled: media === null || media.hasError,
  };
}

/** The state of a player showing an answer with the given recordings. */
export function createPlayerState(
  sources: { hasFace: boolean; hasScreen: boolean },
  carried: Partial<
    Pick<InterviewPlayerState, 'speed' | 'volume' | 'isMuted' | 'isFullScreen'>
  > = {},
): InterviewPlayerState {
  return deriveMain({
    ...defaultPlayerState(),
    media: { face: createMediaState(sources.hasFace), screen: createMediaState(sources.hasScreen) },
    isSwapped: false,
    isSecondaryOpen: true,
    isBuffering: false,
    isMuted: false,
    ...carried,
  });
}

function updateMedia(
  state: InterviewPlayerState,
  kind: VideoKind,
  patch: Partial<MediaState>,
): InterviewPlayerState {
  return deriveMain({
    ...state,
    media: { ...state.media, [kind]: { ...state.media[kind], ...patch } },
  });
}

function isMain(state: InterviewPlayerState, kind: VideoKind): boolean {
  return getVideoRoles(state).main === kind;
}

/** Buffered share shown on the seek bar; at PLAYER_BUFFER_COMPLETE_RATIO it counts as complete. */
export function normaliseBufferRatio(ratio: number): number {
  if (!Number.isFinite(ratio) || ratio <= 0) return 0;
  return ratio >= PLAYER_BUFFER_COMPLETE_RATIO ? 1 : ratio;
}

/** Whether the buffer check can stop: the main video is (practically) fully downloaded. */
export function isBufferComplete(state: Pick<PlayerState, 'downloadProgress'>): boolean {
  return state.downloadProgress >= 1;
}

/** The icon volume (0–1) of the state: a muted player shows the mute icon. */
export function getEffectiveVolume(
  state: Pick<InterviewPlayerState, 'volume' | 'isMuted'>,
): number {
  return state.isMuted ? 0 : state.volume / 100;
}

/** What the player shows over the video. */
export type PlayerStatus = 'empty' | 'error' | 'loading' | 'buffering' | 'playing' | 'paused';

export function getPlayerStatus(state: InterviewPlayerState): PlayerStatus {
  const { main } = getVideoRoles(state);
  if (main === null) return 'empty';
  if (state.media[main].hasError) return 'error';
  if (state.isLoading) return 'loading';
  if (state.isBuffering) return 'buffering';
  return state.isPlaying ? 'playing' : 'paused';
}

/** The player's transitions; pure, so every one of them is unit-tested. */
export function playerReducer(
  state: InterviewPlayerState,
  action: PlayerAction,
): InterviewPlayerState {
  switch (action.type) {
    case 'sourcesChanged':
      return createPlayerState(
        { hasFace: action.hasFace, hasScreen: action.hasScreen },
        {
          speed: state.speed,
          volume: state.volume,
          isMuted: state.isMuted,
          isFullScreen: state.isFullScreen,
        },
      );
    case 'durationKnown': {
      if (!Number.isFinite(action.durationSec) || action.durationSec <= 0) return state;
      return updateMedia(state, action.kind, { durationSec: action.durationSec, isProbing: false });
    }
    case 'probing':
      return updateMedia(state, action.kind, { isProbing: action.isProbing });
    case 'canPlay': {
      const next = updateMedia(state, action.kind, { canPlay: true });
      return isMain(state, action.kind) ? { ...next, isBuffering: false } : next;
    }
    case 'mediaError': {
      const next = updateMedia(state, action.kind, { hasError: true, isProbing: false });
      return isMain(state, action.kind)
        ? { ...next, isPlaying: false, isBuffering: false, autoPlay: false }
        : next;
    }
    case 'retry':
      return updateMedia(state, action.kind, {
        hasError: false,
        canPlay: false,
        isProbing: false,
      });
    case 'played':
      return { ...state, isPlaying: true, autoPlay: false };
    case 'paused':
      return { ...state, isPlaying: false, isBuffering: false };
    case 'waiting':
      return state.isBuffering ? state : { ...state, isBuffering: true };
    case 'resumed':
      return state.isBuffering ? { ...state, isBuffering: false } : state;
    case 'timeUpdate': {
      if (!Number.isFinite(action.currTime) || action.currTime < 0) return state;
      return { ...state, currTime: action.currTime };
    }
    case 'bufferProgress': {
      const downloadProgress = normaliseBufferRatio(action.ratio);
      // Checked every second: an unchanged buffer must not re-render the player.
      return downloadProgress === state.downloadProgress ? state : { ...state, downloadProgress };
    }
    case 'setSpeed':
      return { ...state, speed: action.speed };
    case 'setVolume': {
      const volume = Math.min(100, Math.max(0, Math.round(action.volume)));
      return { ...state, volume, isMuted: volume === 0 };
    }
    case 'toggleMute':
      if (state.isMuted || state.volume === 0) {
        // Unmuting a slider dragged to 0 would stay silent: start from full volume again.
        return {
          ...state,
          isMuted: false,
          volume: state.volume === 0 ? PLAYER_DEFAULT_VOLUME : state.volume,
        };
      }
      return { ...state, isMuted: true };
    case 'fullScreenChanged':
      return { ...state, isFullScreen: action.isFullScreen };
    case 'requestAutoPlay':
      return { ...state, autoPlay: action.autoPlay };
    case 'closeSecondary':
      return { ...state, isSecondaryOpen: false };
    case 'openSecondary':
      return { ...state, isSecondaryOpen: true };
    case 'swap': {
      const { secondary } = getVideoRoles(state);
      if (secondary === null) return state;
      // The buffer check measures the new main video on its next tick.
      return deriveMain({
        ...state,
        isSwapped: !state.isSwapped,
        isSecondaryOpen: true,
        isBuffering: false,
        downloadProgress: 0,
      });
    }
  }
}

/** Where a new source starts, unless the video is shorter than that. */
export function getInitialTime(durationSec: number): number {
  return durationSec > 0 && durationSec <= PLAYER_INITIAL_TIME_SEC ? 0 : PLAYER_INITIAL_TIME_SEC;
}
