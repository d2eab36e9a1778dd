import {
  getVolumeIcon,
  PLAYER_DEFAULT_SPEED,
  PLAYER_DEFAULT_VOLUME,
  PLAYER_INITIAL_TIME_SEC,
  playerStateSchema,
} from '@candid/domain';
import { describe, expect, it } from 'vitest';
import {
  createPlayerState,
  getEffectiveVolume,
  getInitialTime,
  getPlayerStatus,
  getVideoRoles,
  normaliseBufferRatio,
  playerReducer,
  type InterviewPlayerState,
  type PlayerAction,
} from './player-reducer';

function run(state: InterviewPlayerState, actions: PlayerAction[]): InterviewPlayerState {
  return actions.reduce(playerReducer, state);
}

const BOTH = { hasFace: true, hasScreen: true };

/** Both recordings loaded: screen 120 s (main), face 118 s. */
function readyBoth(): InterviewPlayerState {
  return run(createPlayerState(BOTH), [
    { type: 'durationKnown', kind: 'screen', durationSec: 120 },
    { type: 'durationKnown', kind: 'face', durationSec: 118 },
    { type: 'canPlay', kind: 'screen' },
    { type: 'canPlay', kind: 'face' },
  ]);
}

describe('createPlayerState', () => {
  it('starts from the defaults of the product and is a valid player state', () => {
    const state = createPlayerState(BOTH);
    expect(state).toMatchObject({
      currTime: PLAYER_INITIAL_TIME_SEC,
      volume: PLAYER_DEFAULT_VOLUME,
      speed: PLAYER_DEFAULT_SPEED,
      isLoading: true,
      isDisabled: false,
      isPlaying: false,
      totalDuration: 0,
      downloadProgress: 0,
      isSecondaryOpen: true,
      isSwapped: false,
      isMuted: false,
    });
    expect(() => playerStateSchema.parse(state)).not.toThrow();
  });

  it('is disabled and not loading without any recording', () => {
    const state = createPlayerState({ hasFace: false, hasScreen: false });
    expect(state.isDisabled).toBe(true);
    expect(state.isLoading).toBe(false);
    expect(getPlayerStatus(state)).toBe('empty');
  });
});

describe('getVideoRoles', () => {
  it.each([
    [{ hasFace: true, hasScreen: true }, false, 'screen', 'face'],
    [{ hasFace: true, hasScreen: true }, true, 'face', 'screen'],
    [{ hasFace: true, hasScreen: false }, false, 'face', null],
    [{ hasFace: false, hasScreen: true }, false, 'screen', null],
    [{ hasFace: true, hasScreen: false }, true, 'face', null],
    [{ hasFace: false, hasScreen: false }, false, null, null],
  ] as const)('%o swapped=%s → main %s, secondary %s', (sources, isSwapped, main, secondary) => {
    expect(getVideoRoles({ ...createPlayerState(sources), isSwapped })).toEqual({
      main,
      secondary,
    });
  });
});

describe('playerReducer', () => {
  it('durationKnown sets the duration of that video; the main one becomes totalDuration', () => {
    let state = playerReducer(createPlayerState(BOTH), {
      type: 'durationKnown',
      kind: 'face',
      durationSec: 30,
    });
    expect(state.media.face.durationSec).toBe(30);
    expect(state.totalDuration).toBe(0);
    state = playerReducer(state, { type: 'durationKnown', kind: 'screen', durationSec: 31 });
    expect(state.totalDuration).toBe(31);
  });

  it.each([Infinity, Number.NaN, 0, -4])('durationKnown ignores %s', (durationSec) => {
    const state = createPlayerState(BOTH);
    expect(playerReducer(state, { type: 'durationKnown', kind: 'screen', durationSec })).toBe(
      state,
    );
  });

  it('probing keeps the main video loading until the duration is known or the probe gives up', () => {
    let state = run(createPlayerState(BOTH), [
      { type: 'canPlay', kind: 'screen' },
      { type: 'probing', kind: 'screen', isProbing: true },
    ]);
    expect(state.isLoading).toBe(true);
    state = playerReducer(state, { type: 'durationKnown', kind: 'screen', durationSec: 12 });
    expect(state.media.screen.isProbing).toBe(false);
    expect(state.isLoading).toBe(false);
    const gaveUp = run(createPlayerState(BOTH), [
      { type: 'canPlay', kind: 'screen' },
      { type: 'probing', kind: 'screen', isProbing: true },
      { type: 'probing', kind: 'screen', isProbing: false },
    ]);
    expect(gaveUp.isLoading).toBe(false);
    expect(gaveUp.totalDuration).toBe(0);
  });

  it('canPlay of the main video ends loading and buffering; of the secondary, neither', () => {
    const waiting = { ...createPlayerState(BOTH), isBuffering: true };
    const afterFace = playerReducer(waiting, { type: 'canPlay', kind: 'face' });
    expect(afterFace.media.face.canPlay).toBe(true);
    expect(afterFace.isLoading).toBe(true);
    expect(afterFace.isBuffering).toBe(true);
    const afterScreen = playerReducer(afterFace, { type: 'canPlay', kind: 'screen' });
    expect(afterScreen.isLoading).toBe(false);
    expect(afterScreen.isBuffering).toBe(false);
    expect(getPlayerStatus(afterScreen)).toBe('paused');
  });

  it('mediaError on the main video stops it and disables the controls', () => {
    const playing = run(readyBoth(), [{ type: 'played' }, { type: 'waiting' }]);
    const state = playerReducer(playing, { type: 'mediaError', kind: 'screen' });
    expect(state).toMatchObject({ isPlaying: false, isBuffering: false, isDisabled: true });
    expect(state.isLoading).toBe(false);
    expect(getPlayerStatus(state)).toBe('error');
  });

  it('mediaError on the secondary video leaves the main one playing', () => {
    const playing = playerReducer(readyBoth(), { type: 'played' });
    const state = playerReducer(playing, { type: 'mediaError', kind: 'face' });
    expect(state.media.face.hasError).toBe(true);
    expect(state).toMatchObject({ isPlaying: true, isDisabled: false });
    expect(getPlayerStatus(state)).toBe('playing');
  });

  it('retry clears the error and loads again', () => {
    const failed = playerReducer(readyBoth(), { type: 'mediaError', kind: 'screen' });
    const state = playerReducer(failed, { type: 'retry', kind: 'screen' });
    expect(state.media.screen).toMatchObject({ hasError: false, canPlay: false });
    expect(state.isDisabled).toBe(false);
    expect(getPlayerStatus(state)).toBe('loading');
  });

  it('played, waiting, resumed and paused move between playing, buffering and paused', () => {
    let state = run(readyBoth(), [{ type: 'requestAutoPlay', autoPlay: true }, { type: 'played' }]);
    expect(state.isPlaying).toBe(true);
    expect(state.autoPlay).toBe(false);
    expect(getPlayerStatus(state)).toBe('playing');
    state = playerReducer(state, { type: 'waiting' });
    expect(getPlayerStatus(state)).toBe('buffering');
    expect(playerReducer(state, { type: 'waiting' })).toBe(state);
    state = playerReducer(state, { type: 'resumed' });
    expect(getPlayerStatus(state)).toBe('playing');
    expect(playerReducer(state, { type: 'resumed' })).toBe(state);
    state = run(state, [{ type: 'waiting' }, { type: 'paused' }]);
    expect(state).toMatchObject({ isPlaying: false, isBuffering: false });
    expect(getPlayerStatus(state)).toBe('paused');
  });

  it('timeUpdate records the position and ignores impossible ones', () => {
    const state = playerReducer(readyBoth(), { type: 'timeUpdate', currTime: 42.5 });
    expect(state.currTime).toBe(42.5);
    expect(playerReducer(state, { type: 'timeUpdate', currTime: Number.NaN })).toBe(state);
    expect(playerReducer(state, { type: 'timeUpdate', currTime: -1 })).toBe(state);
  });

  it('bufferProgress stores the share and counts 99 % as complete', () => {
    let state = playerReducer(readyBoth(), { type: 'bufferProgress', ratio: 0.4 });
    expect(state.downloadProgress).toBe(0.4);
    expect(playerReducer(state, { type: 'bufferProgress', ratio: 0.4 })).toBe(state);
    state = playerReducer(state, { type: 'bufferProgress', ratio: 0.99 });
    expect(state.downloadProgress).toBe(1);
    expect(normaliseBufferRatio(0.989)).toBe(0.989);
    expect(normaliseBufferRatio(Number.NaN)).toBe(0);
    expect(normaliseBufferRatio(-1)).toBe(0);
  });

  it('setSpeed changes the speed', () => {
    expect(playerReducer(readyBoth(), { type: 'setSpeed', speed: 1.5 }).speed).toBe(1.5);
  });

  it('setVolume keeps 0–100, and 0 means muted', () => {
    expect(playerReducer(readyBoth(), { type: 'setVolume', volume: 55.4 }).volume).toBe(55);
    expect(playerReducer(readyBoth(), { type: 'setVolume', volume: 140 }).volume).toBe(100);
    const silent = playerReducer(readyBoth(), { type: 'setVolume', volume: 0 });
    expect(silent).toMatchObject({ volume: 0, isMuted: true });
    const back = playerReducer(silent, { type: 'setVolume', volume: 30 });
    expect(back).toMatchObject({ volume: 30, isMuted: false });
  });

  it('toggleMute keeps the volume for unmuting; unmuting at 0 restores full volume', () => {
    const quiet = playerReducer(readyBoth(), { type: 'setVolume', volume: 40 });
    const muted = playerReducer(quiet, { type: 'toggleMute' });
    expect(muted).toMatchObject({ isMuted: true, volume: 40 });
    expect(getEffectiveVolume(muted)).toBe(0);
    expect(playerReducer(muted, { type: 'toggleMute' })).toMatchObject({
      isMuted: false,
      volume: 40,
    });
    const atZero = playerReducer(readyBoth(), { type: 'setVolume', volume: 0 });
    expect(playerReducer(atZero, { type: 'toggleMute' })).toMatchObject({
      isMuted: false,
      volume: PLAYER_DEFAULT_VOLUME,
    });
  });

  it('fullScreenChanged and requestAutoPlay set their flags', () => {
    const full = playerReducer(readyBoth(), { type: 'fullScreenChanged', isFullScreen: true });
    expect(full.isFullScreen).toBe(true);
    expect(
      playerReducer(full, { type: 'fullScreenChanged', isFullScreen: false }).isFullScreen,
    ).toBe(false);
    expect(playerReducer(full, { type: 'requestAutoPlay', autoPlay: true }).autoPlay).toBe(true);
  });

  it('closeSecondary and openSecondary hide and show the floating window', () => {
    const closed = playerReducer(readyBoth(), { type: 'closeSecondary' });
    expect(closed.isSecondaryOpen).toBe(false);
    expect(playerReducer(closed, { type: 'openSecondary' }).isSecondaryOpen).toBe(true);
  });

  it('swap exchanges main and secondary, takes the new main duration and reopens the window', () => {
    const before = run(readyBoth(), [
      { type: 'closeSecondary' },
      { type: 'bufferProgress', ratio: 0.5 },
      { type: 'waiting' },
    ]);
    const swapped = playerReducer(before, { type: 'swap' });
    expect(getVideoRoles(swapped)).toEqual({ main: 'face', secondary: 'screen' });
    expect(swapped).toMatchObject({
      totalDuration: 118,
      isSecondaryOpen: true,
      downloadProgress: 0,
      isBuffering: false,
    });
    const back = playerReducer(swapped, { type: 'swap' });
    expect(getVideoRoles(back)).toEqual({ main: 'screen', secondary: 'face' });
    expect(back.totalDuration).toBe(120);
  });

  it('swap does nothing with a single recording', () => {
    const state = createPlayerState({ hasFace: true, hasScreen: false });
    expect(playerReducer(state, { type: 'swap' })).toBe(state);
  });

  it('sourcesChanged resets the answer but keeps speed, volume, mute and full screen', () => {
    const used = run(readyBoth(), [
      { type: 'setSpeed', speed: 2 },
      { type: 'setVolume', volume: 35 },
      { type: 'toggleMute' },
      { type: 'fullScreenChanged', isFullScreen: true },
      { type: 'played' },
      { type: 'timeUpdate', currTime: 80 },
      { type: 'swap' },
      { type: 'closeSecondary' },
      { type: 'bufferProgress', ratio: 1 },
    ]);
    const next = playerReducer(used, { type: 'sourcesChanged', hasFace: true, hasScreen: false });
    expect(next).toMatchObject({
      speed: 2,
      volume: 35,
      isMuted: true,
      isFullScreen: true,
      isPlaying: false,
      currTime: PLAYER_INITIAL_TIME_SEC,
      totalDuration: 0,
      downloadProgress: 0,
      isLoading: true,
      isSwapped: false,
      isSecondaryOpen: true,
    });
    expect(getVideoRoles(next)).toEqual({ main: 'face', secondary: null });
  });
});

describe('volume icon (thresholds 0.8 and 0.1)', () => {
  it.each([
    [0, false, 'mute'],
    [50, true, 'mute'],
    [5, false, 'low'],
    [10, false, 'low'],
    [11, false, 'medium'],
    [79, false, 'medium'],
    [80, false, 'high'],
    [100, false, 'high'],
  ] as const)('volume %i muted=%s → %s', (volume, isMuted, icon) => {
    expect(getVolumeIcon(getEffectiveVolume({ volume, isMuted }))).toBe(icon);
  });
});

describe('getInitialTime', () => {
  it('starts at 0.1 s unless the video is shorter', () => {
    expect(getInitialTime(60)).toBe(PLAYER_INITIAL_TIME_SEC);
    expect(getInitialTime(0)).toBe(PLAYER_INITIAL_TIME_SEC);
    expect(getInitialTime(0.05)).toBe(0);
  });
});
