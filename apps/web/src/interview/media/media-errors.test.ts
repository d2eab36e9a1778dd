import { describe, expect, it } from 'vitest';
import { getErrorHelpKeys, getMissingSupportError, mapMediaRequestError } from './media-errors';

const err = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('mapMediaRequestError', () => {
  it.each([
    ['NotAllowedError', 'camera', 'windows', '', 'DENIED_CAM_ACCESS'],
    ['NotAllowedError', 'microphone', 'windows', '', 'DENIED_MIC_ACCESS'],
    ['NotAllowedError', 'camera', 'macos', 'Permission denied by system', 'MEDIA_DENIED_BY_SYSTEM'],
    ['NotAllowedError', 'camera', 'windows', 'Permission denied by system', 'DENIED_CAM_ACCESS'],
    ['NotFoundError', 'camera', 'other', '', 'CAMERA_NOT_FOUND'],
    ['NotFoundError', 'microphone', 'other', '', 'MIC_NOT_FOUND'],
    ['OverconstrainedError', 'camera', 'other', '', 'CAMERA_NOT_FOUND'],
    ['NotReadableError', 'camera', 'other', '', 'CAMERA_BUSY'],
    ['TypeError', 'camera', 'other', '', 'BROWSER_NOT_SUPPORTED'],
    ['NotAllowedError', 'screen', 'macos', '', 'DENIED_SCREEN_ACCESS'],
    ['NotSupportedError', 'screen', 'other', '', 'NO_BROWSER_SUPPORT'],
  ] as const)('%s for %s on %s (%s) → %s', (name, kind, os, message, expected) => {
    expect(mapMediaRequestError(err(name, message), kind, { os })).toBe(expected);
  });

  it('no media devices or no MediaRecorder is BROWSER_NOT_SUPPORTED', () => {
    expect(getMissingSupportError({ hasMediaDevices: false, hasMediaRecorder: true })).toBe(
      'BROWSER_NOT_SUPPORTED',
    );
    expect(getMissingSupportError({ hasMediaDevices: true, hasMediaRecorder: false })).toBe(
      'BROWSER_NOT_SUPPORTED',
    );
    expect(getMissingSupportError({ hasMediaDevices: true, hasMediaRecorder: true })).toBeNull();
  });
});

describe('getErrorHelpKeys', () => {
  it('gives browser steps, then the OS privacy settings, for a denied camera', () => {
    expect(getErrorHelpKeys('DENIED_CAM_ACCESS', { browser: 'firefox', os: 'windows' })).toEqual([
      'mediaCheck.help.permission.firefox',
      'mediaCheck.help.system.windows',
      'mediaCheck.help.reloadAfter',
    ]);
  });
  it('gives the macOS screen-recording setting for a screen denial on a Mac', () => {
    expect(getErrorHelpKeys('DENIED_SCREEN_ACCESS', { browser: 'chrome', os: 'macos' })).toEqual([
      'mediaCheck.help.screen.share',
      'mediaCheck.help.screen.macos',
    ]);
  });
});
