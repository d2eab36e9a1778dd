import { FACE_GUIDE_MESSAGES, type InterviewErrorType } from '@candid/domain';
import type { BrowserInfo } from './browser-info';

/** What was being asked for when a media request failed. */
export type MediaRequestKind = 'camera' | 'microphone' | 'screen';

function errorName(error: unknown): string {
  if (error instanceof DOMException || error instanceof Error) return error.name;
  if (typeof error === 'object' && error !== null && 'name' in error) {
    return String((error as { name: unknown }).name);
  }
  return '';
}

function errorMessage(error: unknown): string {
  if (error instanceof Error || error instanceof DOMException) return error.message;
  return '';
}

/**
 * Maps a failed `getUserMedia`/`getDisplayMedia` call to its interview error.
 * - denied: DENIED_CAM_ACCESS / DENIED_MIC_ACCESS; on macOS, Chrome reports a system-level
 *   denial as NotAllowedError "Permission denied by system": MEDIA_DENIED_BY_SYSTEM;
 * - no device: CAMERA_NOT_FOUND / MIC_NOT_FOUND;
 * - device held by another application: CAMERA_BUSY;
 * - no API at all: BROWSER_NOT_SUPPORTED;
 * - screen: DENIED_SCREEN_ACCESS for a refusal, NO_BROWSER_SUPPORT when it cannot be captured.
 */
export function mapMediaRequestError(
  error: unknown,
  kind: MediaRequestKind,
  browser: Pick<BrowserInfo, 'os'>,
): InterviewErrorType {
  const name = errorName(error);
  if (kind === 'screen') {
    if (name === 'NotSupportedError' || name === 'TypeError') return 'NO_BROWSER_SUPPORT';
    return 'DENIED_SCREEN_ACCESS';
  }
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      if (browser.os === 'macos' && /system/i.test(errorMessage(error))) {
        return 'MEDIA_DENIED_BY_SYSTEM';
      }
      return kind === 'camera' ? 'DENIED_CAM_ACCESS' : 'DENIED_MIC_ACCESS';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return kind === 'camera' ? 'CAMERA_NOT_FOUND' : 'MIC_NOT_FOUND';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'CAMERA_BUSY';
    case 'TypeError':
    case 'NotSupportedError':
      return 'BROWSER_NOT_SUPPORTED';
    default:
      return kind === 'camera' ? 'CAMERA_BUSY' : 'MIC_NOT_FOUND';
  }
}

/** Whether this browser can take part at all: media devices and MediaRecorder. */
export function getMissingSupportError(env: {
  hasMediaDevices: boolean;
  hasMediaRecorder: boolean;
}): InterviewErrorType | null {
  return env.hasMediaDevices && env.hasMediaRecorder ? null : 'BROWSER_NOT_SUPPORTED';
}

/** Which family of help an error's detail view shows. */
type HelpTopic =
  | 'permission'
  | 'system'
  | 'busy'
  | 'notFound'
  | 'volume'
  | 'face'
  | 'network'
  | 'screen'
  | 'browser';

const HELP_TOPIC: Record<InterviewErrorType, HelpTopic> = {
  CAMERA_BUSY: 'busy',
  DENIED_CAM_ACCESS: 'permission',
  CAMERA_NOT_FOUND: 'notFound',
  MEDIA_DENIED_BY_SYSTEM: 'system',
  DENIED_MIC_ACCESS: 'permission',
  MIC_NOT_FOUND: 'notFound',
  MIC_LOW_VOLUME: 'volume',
  NOT_RECOGNIZED: 'face',
  NO_NETWORK: 'network',
  NETWORK_UNSTABLE: 'network',
  DENIED_SCREEN_ACCESS: 'screen',
  SAFARI_SCREEN_SHARE: 'screen',
  NO_BROWSER_SUPPORT: 'browser',
  BROWSER_NOT_SUPPORTED: 'browser',
  NO_VERSION_SUPPORT: 'browser',
};

/**
 * The i18n keys of the steps an error's detail view lists, for this browser and OS
 * (Chrome, Firefox, Safari, Edge, macOS, Windows). Browser settings come first, then the
 * operating system's privacy settings where they can block the device too.
 */
export function getErrorHelpKeys(
  type: InterviewErrorType,
  { browser, os }: Pick<BrowserInfo, 'browser' | 'os'>,
): string[] {
  const topic = HELP_TOPIC[type];
  const prefix = 'mediaCheck.help';
  switch (topic) {
    case 'permission':
      return [
        `${prefix}.permission.${browser}`,
        ...(os === 'macos' || os === 'windows' ? [`${prefix}.system.${os}`] : []),
        `${prefix}.reloadAfter`,
      ];
    case 'system':
      return [
        `${prefix}.system.${os === 'windows' ? 'windows' : os === 'macos' ? 'macos' : 'other'}`,
      ];
    case 'screen':
      return [
        `${prefix}.screen.${browser === 'safari' ? 'safari' : 'share'}`,
        ...(os === 'macos' ? [`${prefix}.screen.macos`] : []),
        ...(os === 'windows' ? [`${prefix}.screen.windows`] : []),
      ];
    case 'busy':
      return [`${prefix}.busy.close`, `${prefix}.busy.${os === 'windows' ? 'windows' : 'other'}`];
    case 'notFound':
      return [
        `${prefix}.notFound.connect`,
        `${prefix}.notFound.${os === 'macos' || os === 'windows' ? os : 'other'}`,
      ];
    case 'volume':
      return [`${prefix}.volume.speak`, `${prefix}.volume.device`];
    case 'face':
      return [...FACE_GUIDE_MESSAGES];
    case 'network':
      return [`${prefix}.network.wifi`, `${prefix}.network.close`];
    case 'browser':
      return [`${prefix}.browser.use`];
  }
}
