import {
  canSkipFaceCheck,
  createMediaError,
  isAudioClipping,
  isAudioReady,
  isMediaReady,
  MEDIA_CHECK_TICKS,
  type InterviewErrorDevice,
  type InterviewErrorType,
  type MediaCheckReportBody,
  type MediaError,
} from '@candid/domain';

/** Inner steps of the media check: 0 intro, 1 sample recording, 2 results. */
export type MediaCheckStep = 'intro' | 'recording' | 'results';
export type FaceStatus = 'idle' | 'detecting' | 'recognized' | 'failed';
export type NetworkStatus = 'idle' | 'testing' | 'stable' | 'unstable' | 'offline';

export interface MediaCheckState {
  step: MediaCheckStep;
  /** Ticks of the sample recording done, 0…MEDIA_CHECK_TICKS. */
  ticks: number;
  isVideoReady: boolean;
  isStreaming: boolean;
  face: FaceStatus;
  /** Peak microphone level measured in the sample. */
  audioLevel: number;
  network: NetworkStatus;
  networkMbps: number | null;
  needsScreen: boolean;
  hasScreenStream: boolean;
  errors: MediaError[];
  /** The device whose error detail view is open. */
  detailDevice: InterviewErrorDevice | null;
  /**
   * Face checks that found no face since the media check opened; kept across "Check again", so
   * that after two the candidate may go on without it (docs/features.md, "The device check").
   */
  failedFaceTries: number;
  /** The candidate chose "Continue without face check" on this run's results. */
  isFaceSkipped: boolean;
}

export type MediaCheckAction =
  | { type: 'start' }
  | { type: 'streamReady'; hasVideo: boolean }
  | { type: 'screenReady' }
  /** Ticks elapsed since the sample started (timers drift, so the count comes from the clock). */
  | { type: 'tick'; ticks: number }
  | { type: 'audioLevel'; level: number }
  | { type: 'faceDetecting' }
  | { type: 'faceResult'; isRecognized: boolean }
  | { type: 'networkTesting' }
  | { type: 'networkResult'; status: 'stable' | 'unstable' | 'offline'; mbps: number | null }
  | { type: 'error'; errorType: InterviewErrorType; browserName?: string }
  | { type: 'clearError'; errorType: InterviewErrorType }
  | { type: 'dismissError'; errorType: InterviewErrorType }
  | { type: 'showResults' }
  | { type: 'openDetail'; device: InterviewErrorDevice }
  | { type: 'closeDetail' }
  /** "Continue without face check": honoured only when the face is all that failed, twice. */
  | { type: 'skipFace' }
  | { type: 'reset' };

export function createMediaCheckState(needsScreen: boolean): MediaCheckState {
  return {
    step: 'intro',
    ticks: 0,
    isVideoReady: false,
    isStreaming: false,
    face: 'idle',
    audioLevel: 0,
    network: 'idle',
    networkMbps: null,
    needsScreen,
    hasScreenStream: false,
    errors: [],
    detailDevice: null,
    failedFaceTries: 0,
    isFaceSkipped: false,
  };
}

function addError(errors: MediaError[], error: MediaError): MediaError[] {
  return errors.some((existing) => existing.type === error.type) ? errors : [...errors, error];
}

function withoutError(errors: MediaError[], type: InterviewErrorType): MediaError[] {
  return errors.filter((error) => error.type !== type);
}

/** Whether the sample is over and the results can be judged (face and network settled). */
export function isCheckSettled(state: MediaCheckState): boolean {
  return (
    state.step === 'results' &&
    state.face !== 'detecting' &&
    state.network !== 'testing' &&
    state.network !== 'idle'
  );
}

/** The media check's rules as one reducer, so the screens only render and dispatch. */
export function mediaCheckReducer(
  state: MediaCheckState,
  action: MediaCheckAction,
): MediaCheckState {
  switch (action.type) {
    case 'start':
      return {
        ...createMediaCheckState(state.needsScreen),
        step: 'recording',
        // A screen stream shared earlier stays valid across checks, and the failed face checks
        // keep counting.
        hasScreenStream: state.hasScreenStream,
        failedFaceTries: state.failedFaceTries,
      };
    case 'streamReady':
      return { ...state, isStreaming: true, isVideoReady: action.hasVideo };
    case 'screenReady':
      return {
        ...state,
        hasScreenStream: true,
        errors: withoutError(state.errors, 'DENIED_SCREEN_ACCESS'),
      };
    case 'tick': {
      if (state.step !== 'recording') return state;
      const ticks = Math.min(Math.max(action.ticks, state.ticks), MEDIA_CHECK_TICKS);
      return ticks >= MEDIA_CHECK_TICKS ? finishSample({ ...state, ticks }) : { ...state, ticks };
    }
    case 'audioLevel':
      return action.level > state.audioLevel ? { ...state, audioLevel: action.level } : state;
    case 'faceDetecting':
      return { ...state, face: 'detecting' };
    case 'faceResult':
      return {
        ...state,
        face: action.isRecognized ? 'recognized' : 'failed',
        failedFaceTries: action.isRecognized ? state.failedFaceTries : state.failedFaceTries + 1,
        errors: action.isRecognized
          ? withoutError(state.errors, 'NOT_RECOGNIZED')
          : addError(state.errors, createMediaError('NOT_RECOGNIZED')),
      };
    case 'networkTesting':
      return { ...state, network: 'testing' };
    case 'networkResult': {
      let errors = withoutError(withoutError(state.errors, 'NO_NETWORK'), 'NETWORK_UNSTABLE');
      if (action.status === 'offline') errors = addError(errors, createMediaError('NO_NETWORK'));
      if (action.status === 'unstable') {
        errors = addError(errors, createMediaError('NETWORK_UNSTABLE'));
      }
      return { ...state, network: action.status, networkMbps: action.mbps, errors };
    }
    case 'error': {
      const error = createMediaError(action.errorType, action.browserName);
      const next = { ...state, errors: addError(state.errors, error) };
      // A blocking device error ends the sample: there is nothing left to record.
      return error.isBlocking && error.device !== 'connection' && state.step === 'recording'
        ? finishSample(next)
        : next;
    }
    case 'clearError':
    case 'dismissError': {
      const error = state.errors.find((candidate) => candidate.type === action.errorType);
      if (!error || (action.type === 'dismissError' && error.isBlocking)) return state;
      return { ...state, errors: withoutError(state.errors, action.errorType) };
    }
    case 'showResults':
      return state.step === 'recording' ? finishSample(state) : state;
    case 'openDetail':
      return { ...state, detailDevice: action.device };
    case 'closeDetail':
      return { ...state, detailDevice: null };
    case 'skipFace':
      if (!canOfferFaceSkip(state)) return state;
      return {
        ...state,
        isFaceSkipped: true,
        errors: withoutError(state.errors, 'NOT_RECOGNIZED'),
        detailDevice: null,
      };
    case 'reset':
      return {
        ...createMediaCheckState(state.needsScreen),
        hasScreenStream: state.hasScreenStream,
        failedFaceTries: state.failedFaceTries,
      };
  }
}

/** The sample is over: judge the microphone (audio ready above 0.15). */
function finishSample(state: MediaCheckState): MediaCheckState {
  const errors =
    state.isStreaming && !isAudioReady(state.audioLevel)
      ? addError(state.errors, createMediaError('MIC_LOW_VOLUME'))
      : state.errors;
  return { ...state, step: 'results', errors };
}

/** Whether everything but the face is ready: a picture, sound, streams, the screen, no other error. */
function isReadyButFace(state: MediaCheckState): boolean {
  return (
    isCheckSettled(state) &&
    isMediaReady({
      isVideoReady: state.isVideoReady,
      isFaceRecognized: true,
      audioLevel: state.audioLevel,
      isStreaming: state.isStreaming,
      errors: withoutError(state.errors, 'NOT_RECOGNIZED'),
      needsScreen: state.needsScreen,
      hasScreenStream: state.hasScreenStream,
    })
  );
}

/**
 * Whether the interview may start: the normal path ("Ready means": the face recognised
 * among the rest), or the recorded exception of a skipped face check with everything else ready.
 */
export function isCheckReady(state: MediaCheckState): boolean {
  if (state.isFaceSkipped) return state.face === 'failed' && isReadyButFace(state);
  return (
    isCheckSettled(state) &&
    isMediaReady({
      isVideoReady: state.isVideoReady,
      isFaceRecognized: state.face === 'recognized',
      audioLevel: state.audioLevel,
      isStreaming: state.isStreaming,
      errors: state.errors,
      needsScreen: state.needsScreen,
      hasScreenStream: state.hasScreenStream,
    })
  );
}

/**
 * Whether "Continue without face check" is offered: this run's results are in, the face was not
 * found (for the second time or more) and nothing else is wrong. A camera that shows nothing, a
 * silent microphone, a missing screen or no network keep the check blocked.
 */
export function canOfferFaceSkip(state: MediaCheckState): boolean {
  return (
    !state.isFaceSkipped &&
    state.face === 'failed' &&
    canSkipFaceCheck(state.failedFaceTries) &&
    isReadyButFace(state)
  );
}

/** What the server is told of a check that let the interview start; null while not ready. */
export function getMediaCheckOutcome(state: MediaCheckState): MediaCheckReportBody | null {
  if (!isCheckReady(state)) return null;
  return state.isFaceSkipped
    ? { outcome: 'faceSkipped', reason: 'NOT_RECOGNIZED', faceTries: state.failedFaceTries }
    : { outcome: 'passed' };
}

/** Whether the sample's peak level reached the clipping level (0.85): the voice may distort. */
export function isMicClipping(state: MediaCheckState): boolean {
  return state.isStreaming && isAudioClipping(state.audioLevel);
}

export type DeviceStatus = 'ok' | 'checking' | 'warning' | 'error';

/** The status row of each device on the results step. */
export function getDeviceStatus(
  state: MediaCheckState,
  device: 'camera' | 'microphone' | 'screen' | 'connection',
): DeviceStatus {
  const errors = state.errors.filter((error) => error.device === device);
  if (errors.some((error) => error.isBlocking)) return 'error';
  if (errors.length > 0) return 'warning';
  switch (device) {
    case 'camera':
      if (state.face === 'detecting') return 'checking';
      if (state.isFaceSkipped && state.isVideoReady) return 'warning';
      return state.isVideoReady && state.face === 'recognized' ? 'ok' : 'error';
    case 'microphone':
      if (!state.isStreaming || !isAudioReady(state.audioLevel)) return 'error';
      // Heard, but so loud the sound distorts: said, without holding the candidate back.
      return isMicClipping(state) ? 'warning' : 'ok';
    case 'screen':
      return state.hasScreenStream ? 'ok' : 'error';
    case 'connection':
      if (state.network === 'testing' || state.network === 'idle') return 'checking';
      return state.network === 'stable' ? 'ok' : 'error';
  }
}
