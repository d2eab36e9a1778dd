import {
  FACE_CROP_PX,
  FACE_MAX_CAPTURE_MS,
  FACE_RETRY_MS,
  FACE_SCORE_THRESHOLD,
  isFaceScoreAccepted,
} from '@candid/domain';
import type * as FaceApiModule from '@vladmandic/face-api/dist/face-api.esm-nobundle.js';

/** Where the server serves the TinyFaceDetector files ("Face models"). */
export const FACE_MODELS_URL = '/face-models';
/** Where the build ships the tfjs wasm binaries (vite.config.ts). */
export const TFJS_WASM_URL = '/tfjs-wasm/';
/** TinyFaceDetector input size: 320 scored 0.93 on the e2e face (docs/media-in-tests.md), fast on wasm. */
const INPUT_SIZE = 320;

type FaceApi = typeof FaceApiModule;

let loading: Promise<FaceApi> | null = null;

/**
 * Loads face-api, tfjs on the wasm backend and the TinyFaceDetector model, once. Everything is
 * imported lazily so that the invitation page does not carry tfjs.
 */
export function loadFaceDetector(): Promise<FaceApi> {
  loading ??= (async () => {
    const [tf, wasm, faceapi] = await Promise.all([
      import('@tensorflow/tfjs-core'),
      import('@tensorflow/tfjs-backend-wasm'),
      import('@vladmandic/face-api/dist/face-api.esm-nobundle.js'),
    ]);
    wasm.setWasmPaths(TFJS_WASM_URL);
    // wasm is fast without a GPU; cpu is the fallback when wasm cannot start.
    const isWasm = await tf.setBackend('wasm').catch(() => false);
    if (!isWasm) await tf.setBackend('cpu');
    await tf.ready();
    await faceapi.nets.tinyFaceDetector.loadFromUri(FACE_MODELS_URL);
    return faceapi;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FaceDetectionResult {
  isRecognized: boolean;
  /** Best score seen, 0–1. */
  score: number;
  /** The 200×200 JPEG crop of the face, when recognised. */
  image: Blob | null;
}

/**
 * A square around the face with some margin, inside the frame: what the applicant image shows.
 */
export function getFaceCropRect(box: FaceBox, frame: { width: number; height: number }): FaceBox {
  const side = Math.min(Math.max(box.width, box.height) * 1.6, frame.width, frame.height);
  const centreX = box.x + box.width / 2;
  const centreY = box.y + box.height / 2;
  const x = Math.min(Math.max(centreX - side / 2, 0), frame.width - side);
  const y = Math.min(Math.max(centreY - side / 2, 0), frame.height - side);
  return { x, y, width: side, height: side };
}

function cropFace(video: HTMLVideoElement, box: FaceBox): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = FACE_CROP_PX;
  canvas.height = FACE_CROP_PX;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  const rect = getFaceCropRect(box, { width: video.videoWidth, height: video.videoHeight });
  context.drawImage(
    video,
    rect.x,
    rect.y,
    rect.width,
    rect.height,
    0,
    0,
    FACE_CROP_PX,
    FACE_CROP_PX,
  );
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Looks for a face in the camera preview: a detection counts at score 0.6; tries every
 * 300 ms and gives up after 5 s of trying ("Maximum capture time passed"). The clock starts
 * once the detector is loaded, so a slow first download is not held against the candidate.
 */
export async function detectFace(
  video: HTMLVideoElement,
  { signal }: { signal?: AbortSignal } = {},
): Promise<FaceDetectionResult> {
  const faceapi = await loadFaceDetector();
  const options = new faceapi.TinyFaceDetectorOptions({
    inputSize: INPUT_SIZE,
    scoreThreshold: FACE_SCORE_THRESHOLD / 2,
  });
  const deadline = Date.now() + FACE_MAX_CAPTURE_MS;
  let bestScore = 0;
  while (!signal?.aborted) {
    if (video.readyState >= 2 && video.videoWidth > 0) {
      // A detection that never settles (a tfjs fault) must not hold the check past its deadline.
      const detection = await Promise.race([
        faceapi.detectSingleFace(video, options),
        wait(Math.max(deadline - Date.now(), FACE_RETRY_MS)).then(() => undefined),
      ]);
      if (detection) {
        bestScore = Math.max(bestScore, detection.score);
        if (isFaceScoreAccepted(detection.score)) {
          const { x, y, width, height } = detection.box;
          const image = await cropFace(video, { x, y, width, height });
          return { isRecognized: true, score: detection.score, image };
        }
      }
    }
    if (Date.now() + FACE_RETRY_MS > deadline) break;
    await wait(FACE_RETRY_MS);
  }
  return { isRecognized: false, score: bestScore, image: null };
}
