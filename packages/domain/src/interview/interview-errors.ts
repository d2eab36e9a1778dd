/** Candidate-side media, network and browser errors. */

export type InterviewErrorDevice = 'camera' | 'microphone' | 'screen' | 'connection' | 'browser';
/**
 * The button an error offers: reload the camera stream, try the media request again, share
 * the screen again, or reload the page.
 */
export type InterviewErrorAction = 'reloadCamera' | 'tryAgain' | 'shareScreen' | 'reload';

export interface InterviewErrorRule {
  readonly device: InterviewErrorDevice;
  /** Blocking errors stop the interview and cannot be dismissed; the others can. */
  readonly isBlocking: boolean;
  readonly action?: InterviewErrorAction;
  /** When set, the action is offered only in these browsers (bowser names). */
  readonly actionBrowsers?: readonly string[];
}

export const INTERVIEW_ERROR_TYPES = {
  CAMERA_BUSY: { device: 'camera', isBlocking: true, action: 'reloadCamera' },
  // Only Safari lets a page ask again after a denial; elsewhere the user must change settings.
  DENIED_CAM_ACCESS: {
    device: 'camera',
    isBlocking: true,
    action: 'reloadCamera',
    actionBrowsers: ['Safari'],
  },
  CAMERA_NOT_FOUND: { device: 'camera', isBlocking: true },
  MEDIA_DENIED_BY_SYSTEM: { device: 'camera', isBlocking: true, action: 'tryAgain' },
  DENIED_MIC_ACCESS: { device: 'microphone', isBlocking: true },
  MIC_NOT_FOUND: { device: 'microphone', isBlocking: true },
  MIC_LOW_VOLUME: { device: 'microphone', isBlocking: true },
  NOT_RECOGNIZED: { device: 'camera', isBlocking: true },
  NO_NETWORK: { device: 'connection', isBlocking: true },
  NETWORK_UNSTABLE: { device: 'connection', isBlocking: false },
  DENIED_SCREEN_ACCESS: { device: 'screen', isBlocking: true, action: 'shareScreen' },
  SAFARI_SCREEN_SHARE: { device: 'screen', isBlocking: false },
  NO_BROWSER_SUPPORT: { device: 'browser', isBlocking: true },
  BROWSER_NOT_SUPPORTED: { device: 'browser', isBlocking: true },
  NO_VERSION_SUPPORT: { device: 'browser', isBlocking: true },
} as const satisfies Record<string, InterviewErrorRule>;

export type InterviewErrorType = keyof typeof INTERVIEW_ERROR_TYPES;
export const INTERVIEW_ERROR_TYPE_NAMES = Object.keys(
  INTERVIEW_ERROR_TYPES,
) as InterviewErrorType[];

const RULES: Readonly<Record<InterviewErrorType, InterviewErrorRule>> = INTERVIEW_ERROR_TYPES;

/** True when `x` names an interview error. */
export function isInterviewErrorType(x: unknown): x is InterviewErrorType {
  return typeof x === 'string' && Object.prototype.hasOwnProperty.call(INTERVIEW_ERROR_TYPES, x);
}

/** Whether an error stops the interview. */
export function isBlockingInterviewError(type: InterviewErrorType): boolean {
  return RULES[type].isBlocking;
}

/**
 * The action button an error offers in the current browser, if any (a denied camera
 * offers reload-camera on Safari only). Browser names compare case-insensitively.
 */
export function getInterviewErrorAction(
  type: InterviewErrorType,
  browserName: string | null | undefined,
): InterviewErrorAction | undefined {
  const rule = RULES[type];
  if (!rule.action) return undefined;
  if (!rule.actionBrowsers) return rule.action;
  const name = (browserName ?? '').toLowerCase();
  return rule.actionBrowsers.some((b) => b.toLowerCase() === name) ? rule.action : undefined;
}

/** i18n key of an error's title. */
export function interviewErrorTitleKey(
  type: InterviewErrorType,
): `interviewErrors.${InterviewErrorType}.title` {
  return `interviewErrors.${type}.title`;
}

/** i18n key of an error's text. */
export function interviewErrorTextKey(
  type: InterviewErrorType,
): `interviewErrors.${InterviewErrorType}.text` {
  return `interviewErrors.${type}.text`;
}

/** i18n key of an action button's label. */
export function interviewErrorActionKey(
  action: InterviewErrorAction,
): `interviewErrors.actions.${InterviewErrorAction}` {
  return `interviewErrors.actions.${action}`;
}

/** Short device messages of the media check. */
export const DEVICE_MESSAGES = {
  micLowVolume: 'deviceMessages.micLowVolume',
  checkAgainHint: 'deviceMessages.checkAgainHint',
  cameraNotDetected: 'deviceMessages.cameraNotDetected',
  micNotDetected: 'deviceMessages.micNotDetected',
  mediaNotDetected: 'deviceMessages.mediaNotDetected',
  faceNotRecognized: 'deviceMessages.faceNotRecognized',
  faceHint: 'deviceMessages.faceHint',
  noNetwork: 'deviceMessages.noNetwork',
  noNetworkHint: 'deviceMessages.noNetworkHint',
  networkUnstable: 'deviceMessages.networkUnstable',
  networkUnstableHint: 'deviceMessages.networkUnstableHint',
  screenNotSupported: 'deviceMessages.screenNotSupported',
  maxCaptureTime: 'deviceMessages.maxCaptureTime',
  /** What to change before checking the face again, in plain words (one line each). */
  faceGuideLight: 'deviceMessages.faceGuideLight',
  faceGuideCenter: 'deviceMessages.faceGuideCenter',
  faceGuideUncover: 'deviceMessages.faceGuideUncover',
  faceGuideStill: 'deviceMessages.faceGuideStill',
} as const;

/** The face guidance shown after a failed face check, in the order to try it. */
export const FACE_GUIDE_MESSAGES = [
  DEVICE_MESSAGES.faceGuideLight,
  DEVICE_MESSAGES.faceGuideCenter,
  DEVICE_MESSAGES.faceGuideUncover,
  DEVICE_MESSAGES.faceGuideStill,
] as const;

const TITLE_TEXT_EN: Record<InterviewErrorType, readonly [title: string, text: string]> = {
  CAMERA_BUSY: [
    'Your camera is in use',
    'Another application is using your camera. Close it, then reload the camera.',
  ],
  DENIED_CAM_ACCESS: [
    'Camera access denied',
    'Allow this site to use your camera in your browser settings to continue.',
  ],
  CAMERA_NOT_FOUND: ['Camera not detected', 'Connect a camera and check again.'],
  MEDIA_DENIED_BY_SYSTEM: [
    'Microphone or camera cannot be detected',
    "Your device's privacy settings are blocking the camera or microphone. Allow your browser to use them, then check again.",
  ],
  DENIED_MIC_ACCESS: [
    'Microphone access denied',
    'Allow this site to use your microphone in your browser settings to continue.',
  ],
  MIC_NOT_FOUND: ['Microphone not detected', 'Connect a microphone and check again.'],
  MIC_LOW_VOLUME: ['We didnt quite hear you', 'We didnt quite hear you, try speaking louder'],
  NOT_RECOGNIZED: [
    'Face recognition failed',
    "We couldn't see your face clearly. Face the light, put your face in the middle of the frame and check again.",
  ],
  NO_NETWORK: [
    'No network connection',
    'You seem to be offline. Connect to the internet, then check again.',
  ],
  NETWORK_UNSTABLE: [
    'Unstable connection',
    'An unstable connection may prevent you from completing the interview.',
  ],
  DENIED_SCREEN_ACCESS: [
    'Screen sharing denied',
    'This interview records your screen. Share your screen to continue.',
  ],
  SAFARI_SCREEN_SHARE: [
    'Screen sharing in Safari',
    'Safari asks for permission to share your screen before each recording.',
  ],
  NO_BROWSER_SUPPORT: [
    'Browser not supported',
    'Please open the interview in Chrome, Firefox, Safari or Edge.',
  ],
  BROWSER_NOT_SUPPORTED: [
    'Recording is not supported',
    'This browser cannot use your camera or record. Please use Chrome, Firefox, Safari or Edge.',
  ],
  NO_VERSION_SUPPORT: [
    'Browser version not supported',
    'Please update your browser to the latest version.',
  ],
};

/** English texts of interview errors, their actions and the device messages. */
export const INTERVIEW_ERROR_I18N_EN: Record<string, string> = {
  ...Object.fromEntries(
    INTERVIEW_ERROR_TYPE_NAMES.flatMap((type) => [
      [interviewErrorTitleKey(type), TITLE_TEXT_EN[type][0]],
      [interviewErrorTextKey(type), TITLE_TEXT_EN[type][1]],
    ]),
  ),
  'interviewErrors.actions.reloadCamera': 'Reload camera',
  'interviewErrors.actions.tryAgain': 'Try again',
  'interviewErrors.actions.shareScreen': 'Share screen',
  'interviewErrors.actions.reload': 'Reload page',
  'deviceMessages.micLowVolume': 'We didnt quite hear you, try speaking louder',
  'deviceMessages.checkAgainHint': 'Then choose Check again',
  'deviceMessages.cameraNotDetected': 'Camera not detected',
  'deviceMessages.micNotDetected': 'Microphone not detected',
  'deviceMessages.mediaNotDetected':
    'Microphone or camera cannot be detected: Please check your media settings on your device',
  'deviceMessages.faceNotRecognized': 'Face recognition failed',
  'deviceMessages.faceHint': 'Center your face in the frame and check again',
  'deviceMessages.noNetwork': 'No network connection',
  'deviceMessages.noNetworkHint': 'Make sure your connection is stable before the next step',
  'deviceMessages.networkUnstable': 'Unstable connection',
  'deviceMessages.networkUnstableHint': 'This may prevent you from completing the interview',
  'deviceMessages.screenNotSupported': 'Your device cannot capture the screen',
  'deviceMessages.maxCaptureTime': 'Maximum capture time passed',
  'deviceMessages.faceGuideLight': 'Face a lamp or a window, with no bright light behind you',
  'deviceMessages.faceGuideCenter': 'Put your whole face in the middle of the picture',
  'deviceMessages.faceGuideUncover':
    'Take off anything that covers your face, such as a hat or sunglasses',
  'deviceMessages.faceGuideStill': 'Look at the camera and hold still while the check runs',
};
