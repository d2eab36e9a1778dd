import { MEDIA_CHECK_TICKS } from '@candid/domain';
import { describe, expect, it } from 'vitest';
import {
  createMediaCheckState,
  getDeviceStatus,
  isCheckReady,
  mediaCheckReducer,
  type MediaCheckAction,
  type MediaCheckState,
} from './media-check-reducer';

function run(state: MediaCheckState, actions: MediaCheckAction[]): MediaCheckState {
  return actions.reduce(mediaCheckReducer, state);
}

const GOOD: MediaCheckAction[] = [
  { type: 'start' },
  { type: 'streamReady', hasVideo: true },
  { type: 'networkTesting' },
  { type: 'faceDetecting' },
  { type: 'audioLevel', level: 0.3 },
  { type: 'audioLevel', level: 0.05 },
  { type: 'faceResult', isRecognized: true },
  { type: 'networkResult', status: 'stable', mbps: 4 },
  { type: 'tick', ticks: MEDIA_CHECK_TICKS },
];

describe('mediaCheckReducer', () => {
  it('goes intro → recording → results after MEDIA_CHECK_TICKS ticks, and is ready', () => {
    let state = mediaCheckReducer(createMediaCheckState(false), { type: 'start' });
    expect(state.step).toBe('recording');
    state = mediaCheckReducer(state, { type: 'tick', ticks: MEDIA_CHECK_TICKS - 1 });
    expect(state.step).toBe('recording');
    state = run(createMediaCheckState(false), GOOD);
    expect(state.step).toBe('results');
    expect(state.audioLevel).toBe(0.3);
    expect(isCheckReady(state)).toBe(true);
    expect(getDeviceStatus(state, 'camera')).toBe('ok');
  });

  it('a quiet sample ends with MIC_LOW_VOLUME and is not ready', () => {
    const state = run(
      createMediaCheckState(false),
      GOOD.filter((action) => action.type !== 'audioLevel'),
    );
    expect(state.errors.map((error) => error.type)).toEqual(['MIC_LOW_VOLUME']);
    expect(isCheckReady(state)).toBe(false);
    expect(getDeviceStatus(state, 'microphone')).toBe('error');
  });

  it('no face: NOT_RECOGNIZED, blocking and not dismissible', () => {
    let state = run(createMediaCheckState(false), [
      ...GOOD.slice(0, -3),
      { type: 'faceResult', isRecognized: false },
      ...GOOD.slice(-2),
    ]);
    expect(state.errors.map((error) => error.type)).toEqual(['NOT_RECOGNIZED']);
    state = mediaCheckReducer(state, { type: 'dismissError', errorType: 'NOT_RECOGNIZED' });
    expect(state.errors).toHaveLength(1);
    expect(isCheckReady(state)).toBe(false);
  });

  it('an unstable network warns, can be dismissed and does not block', () => {
    let state = run(createMediaCheckState(false), [
      ...GOOD.slice(0, -2),
      { type: 'networkResult', status: 'unstable', mbps: 0.01 },
      GOOD[GOOD.length - 1]!,
    ]);
    expect(getDeviceStatus(state, 'connection')).toBe('warning');
    expect(isCheckReady(state)).toBe(true);
    state = mediaCheckReducer(state, { type: 'dismissError', errorType: 'NETWORK_UNSTABLE' });
    expect(state.errors).toEqual([]);
  });

  it('no network blocks', () => {
    const state = run(createMediaCheckState(false), [
      ...GOOD.slice(0, -2),
      { type: 'networkResult', status: 'offline', mbps: null },
      GOOD[GOOD.length - 1]!,
    ]);
    expect(isCheckReady(state)).toBe(false);
  });

  it('a blocking device error ends the sample at once', () => {
    const state = run(createMediaCheckState(false), [
      { type: 'start' },
      { type: 'error', errorType: 'DENIED_CAM_ACCESS', browserName: 'Safari' },
    ]);
    expect(state.step).toBe('results');
    expect(state.errors[0]).toMatchObject({
      type: 'DENIED_CAM_ACCESS',
      isBlocking: true,
      reloadText: 'interviewErrors.actions.reloadCamera',
    });
  });

  it('a job with a screen question needs the screen stream', () => {
    let state = run(createMediaCheckState(true), GOOD);
    expect(isCheckReady(state)).toBe(false);
    expect(getDeviceStatus(state, 'screen')).toBe('error');
    state = run(createMediaCheckState(true), [{ type: 'screenReady' }, ...GOOD]);
    expect(isCheckReady(state)).toBe(true);
  });

  it('reset goes back to the intro', () => {
    const state = mediaCheckReducer(run(createMediaCheckState(false), GOOD), { type: 'reset' });
    expect(state.step).toBe('intro');
    expect(state.errors).toEqual([]);
  });
});
