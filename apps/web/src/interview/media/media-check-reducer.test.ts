import { MEDIA_CHECK_TICKS } from '@candid/domain';
import { describe, expect, it } from 'vitest';
import {
  canOfferFaceSkip,
  createMediaCheckState,
  getDeviceStatus,
  getMediaCheckOutcome,
  isCheckReady,
  isMicClipping,
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

  it('a sample that reaches the clipping level (0.85) flags the microphone, still ready', () => {
    const loud = run(createMediaCheckState(false), [
      ...GOOD.slice(0, 4),
      { type: 'audioLevel', level: 0.86 },
      ...GOOD.slice(4),
    ]);
    expect(isMicClipping(loud)).toBe(true);
    expect(getDeviceStatus(loud, 'microphone')).toBe('warning');
    expect(isCheckReady(loud)).toBe(true);
    const justBelow = run(createMediaCheckState(false), [
      ...GOOD.slice(0, 4),
      { type: 'audioLevel', level: 0.84 },
      ...GOOD.slice(4),
    ]);
    expect(isMicClipping(justBelow)).toBe(false);
    expect(getDeviceStatus(justBelow, 'microphone')).toBe('ok');
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

/** A check run whose face detection found nothing, everything else fine unless `overrides`. */
function noFaceRun(overrides: MediaCheckAction[] = []): MediaCheckAction[] {
  return [
    { type: 'start' },
    { type: 'streamReady', hasVideo: true },
    { type: 'networkTesting' },
    { type: 'faceDetecting' },
    { type: 'audioLevel', level: 0.3 },
    { type: 'faceResult', isRecognized: false },
    { type: 'networkResult', status: 'stable', mbps: 4 },
    ...overrides,
    { type: 'tick', ticks: MEDIA_CHECK_TICKS },
  ];
}

describe('a way past the face check', () => {
  it('counts failed face checks across "Check again" and offers the skip from the second', () => {
    let state = run(createMediaCheckState(false), noFaceRun());
    expect(state.failedFaceTries).toBe(1);
    expect(canOfferFaceSkip(state)).toBe(false);
    // Skipping after one failure is refused.
    expect(mediaCheckReducer(state, { type: 'skipFace' })).toBe(state);

    state = run(state, noFaceRun());
    expect(state.failedFaceTries).toBe(2);
    expect(isCheckReady(state)).toBe(false);
    expect(canOfferFaceSkip(state)).toBe(true);

    state = mediaCheckReducer(state, { type: 'skipFace' });
    expect(state.isFaceSkipped).toBe(true);
    expect(state.errors).toEqual([]);
    expect(isCheckReady(state)).toBe(true);
    expect(canOfferFaceSkip(state)).toBe(false);
    expect(getDeviceStatus(state, 'camera')).toBe('warning');
    expect(getMediaCheckOutcome(state)).toEqual({
      outcome: 'faceSkipped',
      reason: 'NOT_RECOGNIZED',
      faceTries: 2,
    });
  });

  it('a new run clears the skip but keeps the count; a face found then is the normal pass', () => {
    let state = run(createMediaCheckState(false), [...noFaceRun(), ...noFaceRun()]);
    state = mediaCheckReducer(state, { type: 'skipFace' });
    state = run(state, GOOD);
    expect(state.isFaceSkipped).toBe(false);
    expect(state.failedFaceTries).toBe(2);
    expect(isCheckReady(state)).toBe(true);
    expect(getMediaCheckOutcome(state)).toEqual({ outcome: 'passed' });
    // Back at the intro the count stays too.
    expect(mediaCheckReducer(state, { type: 'reset' }).failedFaceTries).toBe(2);
  });

  it.each<[string, MediaCheckAction[]]>([
    ['a silent microphone', noFaceRun().filter((action) => action.type !== 'audioLevel')],
    ['no network', noFaceRun([{ type: 'networkResult', status: 'offline', mbps: null }])],
    ['a camera in use', noFaceRun([{ type: 'error', errorType: 'CAMERA_BUSY' }])],
  ])('only the face may be skipped: %s stays blocking', (_, secondRun) => {
    let state = run(createMediaCheckState(false), [...noFaceRun(), ...secondRun]);
    expect(state.failedFaceTries).toBe(2);
    expect(canOfferFaceSkip(state)).toBe(false);
    state = mediaCheckReducer(state, { type: 'skipFace' });
    expect(state.isFaceSkipped).toBe(false);
    expect(isCheckReady(state)).toBe(false);
    expect(getMediaCheckOutcome(state)).toBeNull();
  });

  it('a camera that shows no picture cannot be skipped past', () => {
    let state = run(createMediaCheckState(false), noFaceRun());
    state = run(state, [
      { type: 'start' },
      { type: 'streamReady', hasVideo: false },
      { type: 'networkResult', status: 'stable', mbps: 4 },
      { type: 'audioLevel', level: 0.3 },
      { type: 'faceResult', isRecognized: false },
      { type: 'tick', ticks: MEDIA_CHECK_TICKS },
    ]);
    expect(state.failedFaceTries).toBe(2);
    expect(canOfferFaceSkip(state)).toBe(false);
  });

  it('a job with a screen question still needs the screen after a skipped face', () => {
    let state = run(createMediaCheckState(true), [...noFaceRun(), ...noFaceRun()]);
    expect(canOfferFaceSkip(state)).toBe(false);
    state = run(state, [{ type: 'screenReady' }]);
    expect(canOfferFaceSkip(state)).toBe(true);
  });

  it('a passed check reports "passed"; a check not ready reports nothing', () => {
    expect(getMediaCheckOutcome(run(createMediaCheckState(false), GOOD))).toEqual({
      outcome: 'passed',
    });
    expect(getMediaCheckOutcome(run(createMediaCheckState(false), noFaceRun()))).toBeNull();
  });
});
