import {
  AUDIO_CHECK_DELAY_MS,
  getRecordingContainer,
  MEDIA_CHECK_TICK_MS,
  recordingBitratesFor,
  SCREEN_MAX_HEIGHT,
  SCREEN_MAX_WIDTH,
  type InterviewErrorType,
  type RecordingBitrates,
  type RecordingContainer,
} from '@candid/domain';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { handoverBitrates } from './recording-bitrates';
import { stopStream, useInterviewSession } from '../session/interview-session-store';
import { createAudioMeter, type AudioMeter } from './audio-level';
import { getBrowserInfo } from './browser-info';
import { getMediaConstraints, type DevicePreferences } from './device-preferences';
import { getMissingSupportError, mapMediaRequestError } from './media-errors';
import {
  createMediaCheckState,
  getMediaCheckOutcome,
  isCheckReady,
  mediaCheckReducer,
  type MediaCheckState,
} from './media-check-reducer';
import { rememberMediaCheckOutcome } from './media-check-report';
import { probeNetwork, probeUplink } from './network-probe';
import { toPlayableRecording } from './playable-recording';
import { pickRecordingMimeType } from './recorder-format';

/** How often the level meter and the progress are sampled while the sample records. */
const SAMPLE_EVERY_MS = 50;

export interface MediaCheckHandover {
  cameraStream: MediaStream | null;
  screenStream: MediaStream | null;
  mediaConstraints: MediaStreamConstraints;
  recordingMimeType: string | null;
  recordingContainer: RecordingContainer;
  /** The answer recorder's bitrates for the measured uplink; null: the browser's own. */
  recordingBitrates: RecordingBitrates | null;
  faceImage: Blob | null;
  isMediaReady: boolean;
}

interface RunResources {
  abort: AbortController;
  recorder: MediaRecorder | null;
  chunks: Blob[];
  /** When the sample's recorder started (performance.now), for the clip's duration. */
  startedAt: number;
  meter: AudioMeter | null;
  timer: ReturnType<typeof setInterval> | null;
}

/**
 * Runs the media check: opens the camera and microphone (and the screen when a
 * question needs it), records a ~5 s sample, measures the microphone, looks for a face and
 * probes the network; the reducer holds the rules, this hook the browser side effects.
 */
export function useMediaCheck({
  needsScreen,
  devices,
}: {
  needsScreen: boolean;
  devices: DevicePreferences;
}) {
  const [state, dispatch] = useReducer(mediaCheckReducer, needsScreen, createMediaCheckState);
  const [clipUrl, setClipUrl] = useState<string | null>(null);
  const previewRef = useRef<HTMLVideoElement | null>(null);
  const cameraRef = useRef<MediaStream | null>(null);
  const screenRef = useRef<MediaStream | null>(null);
  const faceImageRef = useRef<Blob | null>(null);
  const runRef = useRef<RunResources | null>(null);
  const handedOverRef = useRef(false);
  /** The last run's uplink in Mbps, once measured (it sets the recorder's bitrate). */
  const uplinkMbpsRef = useRef<number | null>(null);
  const downlinkMbpsRef = useRef<number | null>(null);
  const browser = useMemo(() => getBrowserInfo(), []);
  const container = useMemo(
    () => getRecordingContainer({ osName: browser.osName, browserName: browser.browserName }),
    [browser],
  );
  const mimeType = useMemo(
    () =>
      typeof MediaRecorder === 'undefined'
        ? null
        : pickRecordingMimeType(container, (type) => MediaRecorder.isTypeSupported(type)),
    [container],
  );
  const constraints = useMemo(() => getMediaConstraints(devices), [devices]);

  const raise = useCallback(
    (errorType: InterviewErrorType) =>
      dispatch({ type: 'error', errorType, browserName: browser.browserName }),
    [browser],
  );

  /** Ends the sample's timers and recorder; the clip becomes playable. */
  const stopRun = useCallback(() => {
    const run = runRef.current;
    if (!run) return;
    runRef.current = null;
    if (run.timer) clearInterval(run.timer);
    run.meter?.close();
    const recorder = run.recorder;
    if (recorder && recorder.state !== 'inactive') {
      recorder.addEventListener(
        'stop',
        () => {
          if (run.chunks.length === 0) return;
          const raw = new Blob(run.chunks, { type: recorder.mimeType || 'video/webm' });
          // The sample plays with its real length and can be scrubbed.
          void toPlayableRecording(raw, performance.now() - run.startedAt).then((clip) => {
            setClipUrl((previous) => {
              if (previous) URL.revokeObjectURL(previous);
              return URL.createObjectURL(clip);
            });
          });
        },
        { once: true },
      );
      recorder.stop();
    }
  }, []);

  const requestScreen = useCallback(async (): Promise<void> => {
    const mediaDevices = navigator.mediaDevices as MediaDevices | undefined;
    if (!mediaDevices?.getDisplayMedia) {
      raise('NO_BROWSER_SUPPORT');
      return;
    }
    if (browser.browser === 'safari') raise('SAFARI_SCREEN_SHARE');
    try {
      const screen = await mediaDevices.getDisplayMedia({
        video: { width: { max: SCREEN_MAX_WIDTH }, height: { max: SCREEN_MAX_HEIGHT } },
        audio: false,
      });
      stopStream(screenRef.current);
      screenRef.current = screen;
      screen.getVideoTracks()[0]?.addEventListener('ended', () => {
        if (screenRef.current === screen) raise('DENIED_SCREEN_ACCESS');
      });
      dispatch({ type: 'screenReady' });
    } catch (error) {
      raise(mapMediaRequestError(error, 'screen', browser));
    }
  }, [browser, raise]);

  /** Finds which device refused, when asking for both failed. */
  const diagnose = useCallback(
    async (combinedError: unknown): Promise<InterviewErrorType[]> => {
      const found: InterviewErrorType[] = [];
      for (const kind of ['camera', 'microphone'] as const) {
        try {
          const probe = await navigator.mediaDevices.getUserMedia(
            kind === 'camera' ? { video: constraints.video } : { audio: constraints.audio },
          );
          stopStream(probe);
        } catch (error) {
          found.push(mapMediaRequestError(error, kind, browser));
        }
      }
      return found.length > 0 ? found : [mapMediaRequestError(combinedError, 'camera', browser)];
    },
    [browser, constraints],
  );

  const run = useCallback(async () => {
    stopRun();
    stopStream(cameraRef.current);
    cameraRef.current = null;
    faceImageRef.current = null;
    setClipUrl((previous) => {
      if (previous) URL.revokeObjectURL(previous);
      return null;
    });
    dispatch({ type: 'start' });
    const resources: RunResources = {
      abort: new AbortController(),
      recorder: null,
      chunks: [],
      startedAt: 0,
      meter: null,
      timer: null,
    };
    runRef.current = resources;
    const isCurrent = () => runRef.current === resources;

    const missing = getMissingSupportError({
      hasMediaDevices: Boolean(navigator.mediaDevices?.getUserMedia),
      hasMediaRecorder: typeof MediaRecorder !== 'undefined',
    });
    if (missing) {
      raise(missing);
      return;
    }

    // Screen first: getDisplayMedia needs the click's user activation, which awaiting expires.
    const screenRequest =
      needsScreen && !screenRef.current?.active ? requestScreen() : Promise.resolve();

    dispatch({ type: 'networkTesting' });
    uplinkMbpsRef.current = null;
    downlinkMbpsRef.current = null;
    void probeNetwork().then((result) => {
      if (result.status !== 'offline') downlinkMbpsRef.current = result.mbps;
      dispatch({
        type: 'networkResult',
        status: result.status,
        mbps: result.status === 'offline' ? null : result.mbps,
      });
      // The uplink sets the recorder's bitrate. It is measured after the connectivity probe (an
      // upload at the same time would slow that download into a false "unstable"), never
      // blocking the check; a result after the hand-over still reaches the interview.
      if (result.status === 'offline') return;
      void probeUplink().then((mbps) => {
        uplinkMbpsRef.current = mbps;
        if (handedOverRef.current && mbps !== null) {
          useInterviewSession.getState().setRecordingBitrates(recordingBitratesFor(mbps));
        }
      });
    });

    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia(constraints);
    } catch (error) {
      await screenRequest;
      if (!isCurrent()) return;
      for (const type of await diagnose(error)) raise(type);
      return;
    }
    await screenRequest;
    if (!isCurrent()) {
      stopStream(stream);
      return;
    }
    cameraRef.current = stream;
    const hasVideo = stream.getVideoTracks().length > 0;
    dispatch({ type: 'streamReady', hasVideo });

    const preview = previewRef.current;
    if (preview) {
      preview.srcObject = stream;
      await preview.play().catch(() => undefined);
    }

    try {
      resources.recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      resources.recorder.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) resources.chunks.push(event.data);
      });
      resources.recorder.start(1000);
      resources.startedAt = performance.now();
    } catch {
      raise('BROWSER_NOT_SUPPORTED');
      return;
    }

    resources.meter = createAudioMeter(stream);
    const startedAt = performance.now();
    resources.timer = setInterval(() => {
      const elapsed = performance.now() - startedAt;
      if (elapsed >= AUDIO_CHECK_DELAY_MS && resources.meter) {
        dispatch({ type: 'audioLevel', level: resources.meter.read() });
      }
      dispatch({ type: 'tick', ticks: Math.floor(elapsed / MEDIA_CHECK_TICK_MS) });
    }, SAMPLE_EVERY_MS);

    if (preview && hasVideo) {
      dispatch({ type: 'faceDetecting' });
      const { detectFace } = await import('./face/face-detector');
      const result = await detectFace(preview, { signal: resources.abort.signal }).catch(() => ({
        isRecognized: false,
        image: null,
      }));
      if (cameraRef.current !== stream) return;
      faceImageRef.current = result.image;
      dispatch({ type: 'faceResult', isRecognized: result.isRecognized });
    }
  }, [constraints, diagnose, mimeType, needsScreen, raise, requestScreen, stopRun]);

  // The sample is over (time, or a blocking error): stop recording and show the clip.
  useEffect(() => {
    if (state.step === 'results') stopRun();
  }, [state.step, stopRun]);

  // Leaving without handing over releases the camera and the screen.
  useEffect(
    () => () => {
      runRef.current?.abort.abort();
      stopRun();
      if (!handedOverRef.current) {
        stopStream(cameraRef.current);
        stopStream(screenRef.current);
      }
    },
    [stopRun],
  );

  useEffect(
    () => () => {
      if (clipUrl) URL.revokeObjectURL(clipUrl);
    },
    [clipUrl],
  );

  const reset = useCallback(() => {
    runRef.current?.abort.abort();
    stopRun();
    stopStream(cameraRef.current);
    cameraRef.current = null;
    dispatch({ type: 'reset' });
  }, [stopRun]);

  /**
   * The streams and choices onboarding hands to the interview; they stay open. With `skipFace`
   * the candidate chose "Continue without face check" (honoured only when the reducer offers it).
   * The outcome is remembered for the applicant's record.
   */
  const handOver = useCallback(
    ({ skipFace = false }: { skipFace?: boolean } = {}): MediaCheckHandover => {
      const final = skipFace ? mediaCheckReducer(state, { type: 'skipFace' }) : state;
      if (final !== state) dispatch({ type: 'skipFace' });
      const outcome = getMediaCheckOutcome(final);
      const { jobId, isDemo } = useInterviewSession.getState();
      if (outcome && jobId && !isDemo) rememberMediaCheckOutcome(jobId, outcome);
      handedOverRef.current = true;
      return {
        // The uplink not measured yet (a very slow one): estimated from the download speed.
        recordingBitrates: handoverBitrates(uplinkMbpsRef.current, downlinkMbpsRef.current),
        cameraStream: cameraRef.current,
        screenStream: screenRef.current,
        mediaConstraints: constraints,
        recordingMimeType: mimeType,
        recordingContainer: container,
        faceImage: faceImageRef.current,
        isMediaReady: isCheckReady(final),
      };
    },
    [constraints, container, mimeType, state],
  );

  return {
    state: state satisfies MediaCheckState,
    dispatch,
    clipUrl,
    previewRef,
    browser,
    isReady: isCheckReady(state),
    run,
    reset,
    requestScreen,
    handOver,
  };
}
