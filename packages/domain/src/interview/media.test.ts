import { describe, expect, it } from 'vitest';
import {
  isAudioClipping,
  createMediaError,
  isAudioReady,
  isFaceScoreAccepted,
  isMediaReady,
  isNetworkUnstable,
  mediaErrorSchema,
  uploadedRecordingMetaSchema,
} from './media';
import type { MediaReadinessState } from './media';

const READY: MediaReadinessState = {
  isVideoReady: true,
  isFaceRecognized: true,
  audioLevel: 0.4,
  isStreaming: true,
  errors: [],
  needsScreen: false,
  hasScreenStream: false,
};

describe('isMediaReady ("Ready means")', () => {
  it('everything in place → ready', () => {
    expect(isMediaReady(READY)).toBe(true);
  });

  it.each<[string, Partial<MediaReadinessState>, boolean]>([
    ['video not ready', { isVideoReady: false }, false],
    ['face not recognised', { isFaceRecognized: false }, false],
    ['audio at the threshold', { audioLevel: 0.15 }, false],
    ['audio just above the threshold', { audioLevel: 0.16 }, true],
    ['silent', { audioLevel: 0 }, false],
    ['not streaming', { isStreaming: false }, false],
    ['a blocking error', { errors: [{ isBlocking: true }] }, false],
    ['only a non-blocking error', { errors: [{ isBlocking: false }] }, true],
    ['screen needed but missing', { needsScreen: true, hasScreenStream: false }, false],
    ['screen needed and present', { needsScreen: true, hasScreenStream: true }, true],
    ['screen present though not needed', { needsScreen: false, hasScreenStream: true }, true],
    // A clipping level is flagged on the device check, never a reason to hold the candidate.
    ['audio at the clipping level', { audioLevel: 0.85 }, true],
  ])('%s → %s', (_name, change, ok) => {
    expect(isMediaReady({ ...READY, ...change })).toBe(ok);
  });
});

describe('thresholds', () => {
  it.each([
    [0.15, false],
    [0.151, true],
  ])('audio %s ready: %s', (level, ok) => {
    expect(isAudioReady(level)).toBe(ok);
  });
  it.each([
    [0.59, false],
    [0.6, true],
  ])('face score %s accepted: %s', (score, ok) => {
    expect(isFaceScoreAccepted(score)).toBe(ok);
  });
  it.each([
    [0.05, true],
    [0.06, false],
    [2, false],
  ])('%s Mbps unstable: %s', (mbps, unstable) => {
    expect(isNetworkUnstable(mbps)).toBe(unstable);
  });
});

describe('createMediaError', () => {
  it('carries device, blocking flag and i18n keys', () => {
    const error = createMediaError('CAMERA_BUSY', 'Chrome');
    expect(error).toEqual({
      type: 'CAMERA_BUSY',
      device: 'camera',
      isBlocking: true,
      description: 'interviewErrors.CAMERA_BUSY.text',
      reloadText: 'interviewErrors.actions.reloadCamera',
    });
    expect(mediaErrorSchema.safeParse(error).success).toBe(true);
  });

  it('offers reload-camera for a denied camera on Safari only', () => {
    expect(createMediaError('DENIED_CAM_ACCESS', 'Safari').reloadText).toBe(
      'interviewErrors.actions.reloadCamera',
    );
    expect(createMediaError('DENIED_CAM_ACCESS', 'Chrome')).not.toHaveProperty('reloadText');
  });

  it('NETWORK_UNSTABLE is dismissible', () => {
    expect(createMediaError('NETWORK_UNSTABLE').isBlocking).toBe(false);
  });
});

describe('uploadedRecordingMetaSchema', () => {
  it.each([
    [{ interviewId: 'j1', questId: 'q1', isScreen: true }, true],
    [{ interviewId: 'j1', questId: '', isScreen: false }, false],
    [{ interviewId: 'j1', questId: 'q1' }, false],
  ])('%j → %s', (meta, ok) => {
    expect(uploadedRecordingMetaSchema.safeParse(meta).success).toBe(ok);
  });
});

describe('isAudioClipping', () => {
  it.each([
    [0.84, false],
    [0.85, true],
    [1, true],
    [0.3, false],
  ])('level %s → %s', (level, expected) => {
    expect(isAudioClipping(level)).toBe(expected);
  });
});
