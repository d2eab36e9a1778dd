import { describe, expect, it } from 'vitest';
import { defaultPlayerState, getVolumeIcon, pickMainVideo, playerStateSchema } from './player';

describe('player state', () => {
  it('defaults', () => {
    expect(defaultPlayerState()).toEqual({
      currTime: 0.1,
      autoPlay: false,
      volume: 100,
      isLoading: true,
      isDisabled: false,
      isFullScreen: false,
      totalDuration: 0,
      downloadProgress: 0,
      isPlaying: false,
      speed: 1,
      isPlayingNotes: false,
    });
  });

  it.each([
    [{ speed: 1.25 }, true],
    [{ speed: 3 }, false],
    [{ volume: 101 }, false],
    [{ downloadProgress: 1.5 }, false],
  ])('%j valid: %s', (state, ok) => {
    expect(playerStateSchema.safeParse(state).success).toBe(ok);
  });

  it.each([
    [0, 'mute'],
    [0.05, 'low'],
    [0.1, 'low'],
    [0.5, 'medium'],
    [0.8, 'high'],
    [1, 'high'],
  ])('volume %s → %s icon', (volume, icon) => {
    expect(getVolumeIcon(volume)).toBe(icon);
  });

  it.each([
    [
      { faceUrl: 'f', screenUrl: 's' },
      { main: 's', secondary: 'f' },
    ],
    [
      { faceUrl: 'f', screenUrl: null },
      { main: 'f', secondary: null },
    ],
    [{ screenUrl: 's' }, { main: 's', secondary: null }],
    [{}, { main: null, secondary: null }],
  ])('main video of %j → %j', (answer, expected) => {
    expect(pickMainVideo(answer)).toEqual(expected);
  });
});
