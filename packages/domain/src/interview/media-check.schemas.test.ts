import { describe, expect, it } from 'vitest';
import {
  canSkipFaceCheck,
  FACE_CHECK_SKIP_AFTER_TRIES,
  mediaCheckReportBodySchema,
} from './media-check.schemas';

describe('the device check report', () => {
  it.each([
    [{ outcome: 'passed' }, true],
    [{ outcome: 'faceSkipped', reason: 'NOT_RECOGNIZED', faceTries: 2 }, true],
    [{ outcome: 'faceSkipped', reason: 'NOT_RECOGNIZED', faceTries: 7 }, true],
    // Skipping is offered only after two failed face checks.
    [{ outcome: 'faceSkipped', reason: 'NOT_RECOGNIZED', faceTries: 1 }, false],
    // Only the face may be skipped: a silent microphone or a missing camera may not.
    [{ outcome: 'faceSkipped', reason: 'MIC_LOW_VOLUME', faceTries: 2 }, false],
    [{ outcome: 'faceSkipped', reason: 'CAMERA_NOT_FOUND', faceTries: 2 }, false],
    [{ outcome: 'faceSkipped', faceTries: 2 }, false],
    [{ outcome: 'faceSkipped', reason: 'NOT_RECOGNIZED', faceTries: 2.5 }, false],
    [{ outcome: 'faceSkipped', reason: 'NOT_RECOGNIZED', faceTries: 101 }, false],
    [{ outcome: 'passed', faceTries: 3 }, false],
    [{ outcome: 'skipped' }, false],
    [{}, false],
  ])('%j is accepted: %s', (body, ok) => {
    expect(mediaCheckReportBodySchema.safeParse(body).success).toBe(ok);
  });

  it.each([
    [0, false],
    [1, false],
    [FACE_CHECK_SKIP_AFTER_TRIES, true],
    [5, true],
  ])('after %i failed face checks, skipping is offered: %s', (tries, ok) => {
    expect(canSkipFaceCheck(tries)).toBe(ok);
  });
});
