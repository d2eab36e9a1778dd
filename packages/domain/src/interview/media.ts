import { z } from 'zod';
import {
  AUDIO_CLIP_LEVEL,
  AUDIO_READY_LEVEL,
  FACE_SCORE_THRESHOLD,
  NETWORK_UNSTABLE_MBPS,
} from '../common/constants';
import {
  getInterviewErrorAction,
  INTERVIEW_ERROR_TYPES,
  interviewErrorActionKey,
  interviewErrorTextKey,
} from './interview-errors';
import type { InterviewErrorType } from './interview-errors';

const INTERVIEW_ERROR_TYPE_TUPLE = Object.keys(INTERVIEW_ERROR_TYPES) as [
  InterviewErrorType,
  ...InterviewErrorType[],
];

/** A media error as held by the candidate app; texts are i18n keys. */
export const mediaErrorSchema = z.object({
  type: z.enum(INTERVIEW_ERROR_TYPE_TUPLE),
  device: z.enum(['camera', 'microphone', 'screen', 'connection', 'browser']),
  isBlocking: z.boolean(),
  /** i18n key of the explanation. */
  description: z.string(),
  /** i18n key of the action button, when the error offers one in this browser. */
  reloadText: z.string().optional(),
});
export type MediaError = z.infer<typeof mediaErrorSchema>;

/** Builds the media error for a type in the current browser. */
export function createMediaError(
  type: InterviewErrorType,
  browserName?: string | null,
): MediaError {
  const rule = INTERVIEW_ERROR_TYPES[type];
  const action = getInterviewErrorAction(type, browserName);
  return {
    type,
    device: rule.device,
    isBlocking: rule.isBlocking,
    description: interviewErrorTextKey(type),
    ...(action ? { reloadText: interviewErrorActionKey(action) } : {}),
  };
}

/** Metadata stored with an uploaded recording. `interviewId` is the job id. */
export const uploadedRecordingMetaSchema = z.object({
  interviewId: z.string().min(1),
  questId: z.string().min(1),
  isScreen: z.boolean(),
});
export type UploadedRecordingMeta = z.infer<typeof uploadedRecordingMetaSchema>;

/** What the media check has measured so far. */
export interface MediaReadinessState {
  isVideoReady: boolean;
  isFaceRecognized: boolean;
  /** Peak microphone level of the sample, 0–1. */
  audioLevel: number;
  isStreaming: boolean;
  errors: readonly { isBlocking: boolean }[];
  /** Whether any question of the job records the screen. */
  needsScreen: boolean;
  hasScreenStream: boolean;
}

/** The microphone heard the candidate (above 0.15). */
export function isAudioReady(audioLevel: number): boolean {
  return audioLevel > AUDIO_READY_LEVEL;
}

/** Whether the microphone's peak level reached the clipping level (too loud, distorted). */
export function isAudioClipping(audioLevel: number): boolean {
  return audioLevel >= AUDIO_CLIP_LEVEL;
}

/** A face detection counts when its score reaches the threshold (0.6). */
export function isFaceScoreAccepted(score: number): boolean {
  return score >= FACE_SCORE_THRESHOLD;
}

/** Measured throughput below 0.06 Mbps is an unstable connection. */
export function isNetworkUnstable(mbps: number): boolean {
  return mbps < NETWORK_UNSTABLE_MBPS;
}

/**
 * Whether the interview may start ("Ready means"): video ready, face recognised,
 * audio above the threshold, streaming, no blocking error, and a screen stream when any
 * question needs the screen.
 */
export function isMediaReady(state: MediaReadinessState): boolean {
  return (
    state.isVideoReady &&
    state.isFaceRecognized &&
    isAudioReady(state.audioLevel) &&
    state.isStreaming &&
    !state.errors.some((error) => error.isBlocking) &&
    (!state.needsScreen || state.hasScreenStream)
  );
}
