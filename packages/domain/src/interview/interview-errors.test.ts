import { describe, expect, it } from 'vitest';
import {
  getInterviewErrorAction,
  INTERVIEW_ERROR_I18N_EN,
  INTERVIEW_ERROR_TYPE_NAMES,
  INTERVIEW_ERROR_TYPES,
  interviewErrorActionKey,
  interviewErrorTextKey,
  interviewErrorTitleKey,
  isBlockingInterviewError,
  isInterviewErrorType,
} from './interview-errors';
import type {
  InterviewErrorAction,
  InterviewErrorDevice,
  InterviewErrorType,
} from './interview-errors';

describe('interview errors', () => {
  it.each<[InterviewErrorType, InterviewErrorDevice, boolean, InterviewErrorAction | undefined]>([
    ['CAMERA_BUSY', 'camera', true, 'reloadCamera'],
    ['DENIED_CAM_ACCESS', 'camera', true, 'reloadCamera'],
    ['CAMERA_NOT_FOUND', 'camera', true, undefined],
    ['MEDIA_DENIED_BY_SYSTEM', 'camera', true, 'tryAgain'],
    ['DENIED_MIC_ACCESS', 'microphone', true, undefined],
    ['MIC_NOT_FOUND', 'microphone', true, undefined],
    ['MIC_LOW_VOLUME', 'microphone', true, undefined],
    ['NOT_RECOGNIZED', 'camera', true, undefined],
    ['NO_NETWORK', 'connection', true, undefined],
    ['NETWORK_UNSTABLE', 'connection', false, undefined],
    ['DENIED_SCREEN_ACCESS', 'screen', true, 'shareScreen'],
    ['SAFARI_SCREEN_SHARE', 'screen', false, undefined],
    ['NO_BROWSER_SUPPORT', 'browser', true, undefined],
    ['BROWSER_NOT_SUPPORTED', 'browser', true, undefined],
    ['NO_VERSION_SUPPORT', 'browser', true, undefined],
  ])('%s: device %s, blocking %s, action %s', (type, device, blocking, action) => {
    const rule = INTERVIEW_ERROR_TYPES[type];
    expect(rule.device).toBe(device);
    expect(rule.isBlocking).toBe(blocking);
    expect(isBlockingInterviewError(type)).toBe(blocking);
    expect('action' in rule ? rule.action : undefined).toBe(action);
  });

  it('has exactly the fifteen spec types', () => {
    expect(INTERVIEW_ERROR_TYPE_NAMES).toHaveLength(15);
  });

  it('only NETWORK_UNSTABLE and SAFARI_SCREEN_SHARE are non-blocking', () => {
    expect(INTERVIEW_ERROR_TYPE_NAMES.filter((t) => !isBlockingInterviewError(t))).toEqual([
      'NETWORK_UNSTABLE',
      'SAFARI_SCREEN_SHARE',
    ]);
  });

  it.each([
    ['DENIED_CAM_ACCESS', 'Safari', 'reloadCamera'],
    ['DENIED_CAM_ACCESS', 'safari', 'reloadCamera'],
    ['DENIED_CAM_ACCESS', 'Chrome', undefined],
    ['DENIED_CAM_ACCESS', 'Firefox', undefined],
    ['DENIED_CAM_ACCESS', undefined, undefined],
    ['CAMERA_BUSY', 'Chrome', 'reloadCamera'],
    ['CAMERA_BUSY', 'Safari', 'reloadCamera'],
    ['MEDIA_DENIED_BY_SYSTEM', 'Firefox', 'tryAgain'],
    ['DENIED_SCREEN_ACCESS', 'Microsoft Edge', 'shareScreen'],
    ['MIC_NOT_FOUND', 'Safari', undefined],
  ] as const)('getInterviewErrorAction(%s, %s) → %s', (type, browser, action) => {
    expect(getInterviewErrorAction(type, browser)).toBe(action);
  });

  it.each(INTERVIEW_ERROR_TYPE_NAMES.map((t) => [t]))(
    '%s has an English title and text',
    (type) => {
      expect(interviewErrorTitleKey(type)).toBe(`interviewErrors.${type}.title`);
      expect(interviewErrorTextKey(type)).toBe(`interviewErrors.${type}.text`);
      expect(INTERVIEW_ERROR_I18N_EN[interviewErrorTitleKey(type)]).toBeTruthy();
      expect(INTERVIEW_ERROR_I18N_EN[interviewErrorTextKey(type)]).toBeTruthy();
    },
  );

  it.each([['reloadCamera'], ['tryAgain'], ['shareScreen'], ['reload']] as const)(
    'action %s has a label',
    (action) => {
      expect(INTERVIEW_ERROR_I18N_EN[interviewErrorActionKey(action)]).toBeTruthy();
    },
  );

  it('device messages keep the spec wording', () => {
    expect(INTERVIEW_ERROR_I18N_EN['deviceMessages.micLowVolume']).toBe(
      'We didnt quite hear you, try speaking louder',
    );
    expect(INTERVIEW_ERROR_I18N_EN['deviceMessages.mediaNotDetected']).toBe(
      'Microphone or camera cannot be detected: Please check your media settings on your device',
    );
    expect(INTERVIEW_ERROR_I18N_EN['deviceMessages.faceNotRecognized']).toBe(
      'Face recognition failed',
    );
    expect(INTERVIEW_ERROR_I18N_EN['deviceMessages.noNetwork']).toBe('No network connection');
    expect(INTERVIEW_ERROR_I18N_EN['deviceMessages.networkUnstable']).toBe('Unstable connection');
    expect(INTERVIEW_ERROR_I18N_EN['deviceMessages.maxCaptureTime']).toBe(
      'Maximum capture time passed',
    );
  });

  it.each([
    ['CAMERA_BUSY', true],
    ['camera_busy', false],
    ['toString', false],
    [3, false],
  ])('isInterviewErrorType(%j) → %s', (value, ok) => {
    expect(isInterviewErrorType(value)).toBe(ok);
  });
});
