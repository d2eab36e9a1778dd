import { PLAYER_INITIAL_TIME_SEC, type PlayerSpeed } from '@candid/domain';
import { ActionIcon, Button, Loader, useDirection, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconArrowsExchange, IconX } from '@tabler/icons-react';
import {
  forwardRef,
  useEffect,
  useEffectEvent,
  useImperativeHandle,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import classes from './interview-player.module.css';
import {
  clampSeekTime,
  probeDuration,
  readElementDuration,
  readKnownDuration,
} from './media-duration';
import { playVideo } from './play-video';
import { PlayerControls } from './player-controls';
import {
  createPlayerState,
  getInitialTime,
  getPlayerStatus,
  getVideoRoles,
  playerReducer,
  type VideoKind,
} from './player-reducer';
import type { PlayerMarker } from './seek-bar';
import { FLOATING_WINDOW_ATTRIBUTE, useDraggableWindow } from './use-draggable-window';
import { useFullScreen } from './use-full-screen';
import { useVideoSettings, VIDEO_KINDS } from './use-video-settings';

export interface InterviewPlayerHandle {
  /** Seeks the main video to `seconds` (clamped to the duration) and plays. */
  seekTo(seconds: number): void;
  /** Current position of the main video in seconds. */
  getCurrentTime(): number;
  /** Duration of the main video in seconds (0 until known). */
  getDuration(): number;
}

export interface InterviewPlayerProps {
  /** URLs of the current answer's recordings (either may be null). */
  faceUrl: string | null;
  screenUrl: string | null;
  /** Durations known from the server (seconds) — used when the element reports Infinity/NaN. */
  faceDurationSec?: number | null;
  screenDurationSec?: number | null;
  /** Called on every time update / when the duration becomes known (for bookmarks). */
  onTimeChange?: (currentSec: number, durationSec: number) => void;
  /** Called once when playback of an answer first starts (the page may log a "watch"). */
  onFirstPlay?: () => void;
  /** Called when the main video plays to its end (e.g. to start the next one in a comparison). */
  onEnded?: () => void;
  /** Bookmarks to mark on the progress bar (seconds) with their note text. */
  markers?: PlayerMarker[];
}

/** The secondary video is pulled back to the main one when they drift further apart. */
const SYNC_TOLERANCE_SEC = 0.3;
const NO_MARKERS: PlayerMarker[] = [];

/** Keys that already mean something where focus is, so Space must not also play or pause. */
const OWN_SPACE_SELECTOR =
  'button, a, input, textarea, select, [role="menuitem"], [contenteditable]';

/**
 * The back-office player of one answer ("Video player"): the screen recording as the
 * main video when there is one, the camera in a floating window that can be dragged, closed,
 * reopened and swapped with the main; both play, pause, seek and change speed together (the
 * secondary is muted). Custom controls, keyboard operable; full screen of the whole player.
 */
export const InterviewPlayer = forwardRef<InterviewPlayerHandle, InterviewPlayerProps>(
  function InterviewPlayer(
    {
      faceUrl,
      screenUrl,
      faceDurationSec,
      screenDurationSec,
      onTimeChange,
      onFirstPlay,
      onEnded,
      markers = NO_MARKERS,
    },
    ref,
  ) {
    const { t } = useTranslation();
    const { dir } = useDirection();
    const urls: Record<VideoKind, string | null> = {
      face: faceUrl || null,
      screen: screenUrl || null,
    };
    const knownDurations: Record<VideoKind, number | null> = {
      face: readKnownDuration(faceDurationSec),
      screen: readKnownDuration(screenDurationSec),
    };
    const sourceKey = `${urls.face ?? ''}\n${urls.screen ?? ''}`;

    const [state, dispatch] = useReducer(
      playerReducer,
      { hasFace: urls.face !== null, hasScreen: urls.screen !== null },
      createPlayerState,
    );
    // A new answer resets the player during the render that shows it (speed and volume stay).
    const [shownSourceKey, setShownSourceKey] = useState(sourceKey);
    if (shownSourceKey !== sourceKey) {
      setShownSourceKey(sourceKey);
      dispatch({
        type: 'sourcesChanged',
        hasFace: urls.face !== null,
        hasScreen: urls.screen !== null,
      });
    }
    const roles = getVideoRoles(state);
    const status = getPlayerStatus(state);

    const containerRef = useRef<HTMLDivElement>(null);
    const stageRef = useRef<HTMLDivElement>(null);
    const reopenButtonRef = useRef<HTMLButtonElement>(null);
    const videosRef = useRef<Record<VideoKind, HTMLVideoElement | null>>({
      face: null,
      screen: null,
    });
    /** Running duration probes; while one runs its element's events are not playback. */
    const probesRef = useRef<Partial<Record<VideoKind, AbortController>>>({});
    const hasPlayedRef = useRef(false);
    /** A `seekTo` that came before the main video could play. */
    const pendingSeekRef = useRef<number | null>(null);
    const lastTimeRef = useRef(PLAYER_INITIAL_TIME_SEC);
    /** Where focus goes after the floating window closes or opens. */
    const focusAfterToggleRef = useRef<'reopen' | 'window' | null>(null);

    const isProbing = (kind: VideoKind) => probesRef.current[kind] !== undefined;
    const getVideo = (kind: VideoKind | null) => (kind ? videosRef.current[kind] : null);

    const fullScreen = useFullScreen(containerRef, (isFullScreen) =>
      dispatch({ type: 'fullScreenChanged', isFullScreen }),
    );
    const drag = useDraggableWindow(
      stageRef,
      dir,
      `${sourceKey}|${roles.secondary ?? ''}|${state.isSecondaryOpen}`,
    );

    useEffect(() => {
      hasPlayedRef.current = false;
      pendingSeekRef.current = null;
      lastTimeRef.current = PLAYER_INITIAL_TIME_SEC;
      const probes = probesRef.current;
      return () => {
        for (const probe of Object.values(probes)) probe?.abort();
        probesRef.current = {};
      };
    }, [sourceKey]);

    useVideoSettings({ videosRef, probesRef, state, main: roles.main, sourceKey, dispatch });

    const reportTime = useEffectEvent((currentSec: number, durationSec: number) =>
      onTimeChange?.(currentSec, durationSec),
    );
    useEffect(() => {
      if (state.totalDuration > 0) reportTime(lastTimeRef.current, state.totalDuration);
    }, [state.totalDuration]);

    // Play once the main video can, when asked before (seekTo or play while loading).
    useEffect(() => {
      const main = roles.main ? videosRef.current[roles.main] : null;
      if (state.isLoading || !state.autoPlay || !main) return;
      if (pendingSeekRef.current !== null) {
        main.currentTime = clampSeekTime(pendingSeekRef.current, state.totalDuration);
        pendingSeekRef.current = null;
      }
      void playVideo(main).then((isPlaying) => {
        if (!isPlaying) dispatch({ type: 'requestAutoPlay', autoPlay: false });
      });
    }, [state.isLoading, state.autoPlay, roles.main, state.totalDuration]);

    useEffect(() => {
      const target = focusAfterToggleRef.current;
      focusAfterToggleRef.current = null;
      if (target === 'reopen') reopenButtonRef.current?.focus();
      if (target === 'window') {
        stageRef.current?.querySelector<HTMLElement>(`[${FLOATING_WINDOW_ATTRIBUTE}]`)?.focus();
      }
    }, [state.isSecondaryOpen]);

    /** Brings the secondary video to the main one's position and play state. */
    const syncSecondary = (main: HTMLVideoElement, tolerance = SYNC_TOLERANCE_SEC) => {
      const kind = roles.secondary;
      const secondary = getVideo(kind);
      if (!kind || !secondary || isProbing(kind) || state.media[kind].hasError) return;
      if (secondary.readyState < HTMLMediaElement.HAVE_METADATA) return;
      const target = clampSeekTime(main.currentTime, state.media[kind].durationSec);
      if (Math.abs(secondary.currentTime - target) > tolerance) secondary.currentTime = target;
      const secondaryEnded =
        state.media[kind].durationSec > 0 && target >= state.media[kind].durationSec;
      if (!main.paused && secondary.paused && !secondaryEnded) void playVideo(secondary);
      if (main.paused && !secondary.paused) secondary.pause();
    };

    const onLoadedMetadata = (kind: VideoKind, video: HTMLVideoElement) => {
      video.defaultPlaybackRate = state.speed;
      video.playbackRate = state.speed;
      const known = readElementDuration(video) ?? knownDurations[kind];
      if (known !== null) {
        dispatch({ type: 'durationKnown', kind, durationSec: known });
        video.currentTime = getInitialTime(known);
        return;
      }
      const probe = new AbortController();
      probesRef.current[kind]?.abort();
      probesRef.current[kind] = probe;
      dispatch({ type: 'probing', kind, isProbing: true });
      void probeDuration(video, {
        returnToSec: PLAYER_INITIAL_TIME_SEC,
        signal: probe.signal,
      }).then((durationSec) => {
        if (probe.signal.aborted) return;
        delete probesRef.current[kind];
        if (durationSec === null) dispatch({ type: 'probing', kind, isProbing: false });
        else dispatch({ type: 'durationKnown', kind, durationSec });
      });
    };

    const handlersFor = (kind: VideoKind) => {
      const isMain = kind === roles.main;
      const skip = () => isProbing(kind);
      return {
        onLoadedMetadata: (event: SyntheticEvent<HTMLVideoElement>) =>
          onLoadedMetadata(kind, event.currentTarget),
        onDurationChange: (event: SyntheticEvent<HTMLVideoElement>) => {
          const durationSec = readElementDuration(event.currentTarget);
          if (!skip() && durationSec !== null)
            dispatch({ type: 'durationKnown', kind, durationSec });
        },
        onCanPlay: () => {
          dispatch({ type: 'canPlay', kind });
          const main = getVideo(roles.main);
          if (!isMain && main) syncSecondary(main);
        },
        onError: () => dispatch({ type: 'mediaError', kind }),
        onPlay: (event: SyntheticEvent<HTMLVideoElement>) => {
          if (!isMain) return;
          dispatch({ type: 'played' });
          syncSecondary(event.currentTarget);
        },
        onPlaying: () => {
          if (!isMain) return;
          dispatch({ type: 'resumed' });
          if (!hasPlayedRef.current) {
            hasPlayedRef.current = true;
            onFirstPlay?.();
          }
        },
        onPause: (event: SyntheticEvent<HTMLVideoElement>) => {
          if (!isMain || skip()) return;
          dispatch({ type: 'paused' });
          syncSecondary(event.currentTarget);
        },
        onEnded: () => {
          if (!isMain || skip()) return;
          dispatch({ type: 'paused' });
          onEnded?.();
        },
        onWaiting: () => {
          if (isMain && !skip()) dispatch({ type: 'waiting' });
        },
        onSeeking: (event: SyntheticEvent<HTMLVideoElement>) => {
          if (isMain && !skip()) syncSecondary(event.currentTarget, 0);
        },
        onSeeked: (event: SyntheticEvent<HTMLVideoElement>) => {
          if (!isMain || skip()) return;
          dispatch({ type: 'resumed' });
          dispatch({ type: 'timeUpdate', currTime: event.currentTarget.currentTime });
        },
        onTimeUpdate: (event: SyntheticEvent<HTMLVideoElement>) => {
          if (!isMain || skip()) return;
          const currentSec = event.currentTarget.currentTime;
          lastTimeRef.current = currentSec;
          dispatch({ type: 'timeUpdate', currTime: currentSec });
          onTimeChange?.(currentSec, state.totalDuration);
          syncSecondary(event.currentTarget);
        },
      };
    };

    const seek = (seconds: number) => {
      const main = getVideo(roles.main);
      if (!main || state.isLoading || state.isDisabled) return;
      const target = clampSeekTime(seconds, state.totalDuration);
      main.currentTime = target;
      lastTimeRef.current = target;
      dispatch({ type: 'timeUpdate', currTime: target });
    };

    const togglePlay = () => {
      const main = getVideo(roles.main);
      if (!main || state.isDisabled) return;
      if (state.isLoading) {
        dispatch({ type: 'requestAutoPlay', autoPlay: !state.autoPlay });
        return;
      }
      if (main.paused || main.ended) void playVideo(main);
      else main.pause();
    };

    useImperativeHandle(ref, () => ({
      seekTo(seconds: number) {
        const main = getVideo(roles.main);
        if (!main || state.isDisabled) return;
        if (state.isLoading) {
          pendingSeekRef.current = clampSeekTime(seconds, state.totalDuration);
          dispatch({ type: 'requestAutoPlay', autoPlay: true });
          return;
        }
        seek(seconds);
        void playVideo(main);
      },
      getCurrentTime() {
        const main = getVideo(roles.main);
        return main && roles.main && !isProbing(roles.main)
          ? main.currentTime
          : lastTimeRef.current;
      },
      getDuration() {
        return state.totalDuration;
      },
    }));

    const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
      // Browsers leave full screen on Escape themselves; this covers those that pass the key on.
      if (event.key === 'Escape' && state.isFullScreen && !event.defaultPrevented) {
        if ((event.target as Element).closest('[role="menu"]')) return;
        void fullScreen.exit();
        return;
      }
      if (event.key !== ' ' || event.repeat) return;
      if ((event.target as Element).closest(OWN_SPACE_SELECTOR)) return;
      event.preventDefault();
      togglePlay();
    };

    const closeSecondary = () => {
      focusAfterToggleRef.current = 'reopen';
      dispatch({ type: 'closeSecondary' });
    };
    const openSecondary = () => {
      focusAfterToggleRef.current = 'window';
      dispatch({ type: 'openSecondary' });
    };

    const isBroken = (kind: VideoKind | null) => kind !== null && state.media[kind].hasError;
    const videoName = (kind: VideoKind) =>
      kind === 'face' ? t('player.video.face') : t('player.video.screen');

    return (
      <div
        ref={containerRef}
        className={classes.player}
        role="region"
        aria-label={t('player.region')}
        data-full-screen={state.isFullScreen || undefined}
        data-status={status}
        onKeyDown={onKeyDown}
      >
        <div ref={stageRef} className={classes.stage}>
          {VIDEO_KINDS.map((kind) => {
            const url = urls[kind];
            if (!url) return null;
            const isMain = kind === roles.main;
            // When neither video loads, one error message is enough.
            const isOpen =
              isMain || (state.isSecondaryOpen && !(isBroken(roles.main) && isBroken(kind)));
            return (
              <div
                key={`${kind}|${sourceKey}`}
                className={isMain ? classes.mainSlot : classes.floatingWindow}
                hidden={!isOpen}
                data-testid={`${kind}-slot`}
                data-role={isMain ? 'main' : 'secondary'}
                data-dragging={(!isMain && drag.isDragging) || undefined}
                {...(isMain
                  ? { tabIndex: -1, onClick: togglePlay }
                  : {
                      [FLOATING_WINDOW_ATTRIBUTE]: '',
                      role: 'group',
                      tabIndex: 0,
                      'aria-label': t('player.floatingWindow', { video: videoName(kind) }),
                      style: { insetInlineEnd: drag.offset.inlineEnd, top: drag.offset.top },
                      ...drag.handlers,
                    })}
              >
                <video
                  ref={(element) => {
                    videosRef.current[kind] = element;
                  }}
                  className={classes.video}
                  src={url}
                  preload="auto"
                  playsInline
                  aria-label={videoName(kind)}
                  data-testid={`${kind}-video`}
                  {...handlersFor(kind)}
                />
                {!isMain && (
                  <div className={classes.windowBar}>
                    <ActionIcon
                      className={classes.windowButton}
                      variant="filled"
                      size="sm"
                      aria-label={t('player.swap')}
                      onClick={() => dispatch({ type: 'swap' })}
                    >
                      <IconArrowsExchange size={14} />
                    </ActionIcon>
                    <ActionIcon
                      className={classes.windowButton}
                      variant="filled"
                      size="sm"
                      aria-label={t('player.closeSecondary')}
                      onClick={closeSecondary}
                    >
                      <IconX size={14} />
                    </ActionIcon>
                  </div>
                )}
                {!isMain && state.media[kind].hasError && (
                  <div className={classes.windowError}>{t('player.secondaryError')}</div>
                )}
              </div>
            );
          })}
          {(status === 'loading' || status === 'buffering') && (
            <div className={classes.overlay} role="status">
              <Loader color="white" size="lg" aria-hidden />
              <VisuallyHidden>{t('player.loading')}</VisuallyHidden>
            </div>
          )}
          {status === 'error' && roles.main && (
            <div className={classes.overlay} role="alert">
              <div className={classes.message}>
                <IconAlertTriangle size={32} aria-hidden />
                <p>{t('player.error')}</p>
                <Button
                  variant="white"
                  size="xs"
                  onClick={() => {
                    const kind = roles.main;
                    if (!kind) return;
                    dispatch({ type: 'retry', kind });
                    videosRef.current[kind]?.load();
                  }}
                >
                  {t('player.retry')}
                </Button>
              </div>
            </div>
          )}
          {status === 'empty' && (
            <div className={classes.overlay}>
              <p className={classes.message}>{t('player.empty')}</p>
            </div>
          )}
        </div>
        <PlayerControls
          state={state}
          markers={markers}
          closedSecondary={roles.secondary && !state.isSecondaryOpen ? roles.secondary : null}
          isFullScreenSupported={fullScreen.isSupported}
          reopenButtonRef={reopenButtonRef}
          onTogglePlay={togglePlay}
          onSeek={seek}
          onSpeed={(speed: PlayerSpeed) => dispatch({ type: 'setSpeed', speed })}
          onVolume={(volume) => dispatch({ type: 'setVolume', volume })}
          onToggleMute={() => dispatch({ type: 'toggleMute' })}
          onToggleFullScreen={() => void fullScreen.toggle(getVideo(roles.main))}
          onOpenSecondary={openSecondary}
        />
      </div>
    );
  },
);
