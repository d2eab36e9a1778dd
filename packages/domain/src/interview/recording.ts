/** Names of recording files and their multipart keys. */

export type RecordingKind = 'face' | 'screen';
export const RECORDING_MIME_TYPES = { webm: 'video/webm', mp4: 'video/mp4' } as const;
export type RecordingContainer = keyof typeof RECORDING_MIME_TYPES;

/**
 * A recording's file name: applicant id, job id, question id, then face or screen,
 * joined by underscores, with the container's extension.
 */
export function recordingFileName(params: {
  applicantId: string;
  jobId: string;
  questId: string;
  kind: RecordingKind;
  container: RecordingContainer;
}): string {
  const { applicantId, jobId, questId, kind, container } = params;
  return `${applicantId}_${jobId}_${questId}_${kind}.${container}`;
}

/** Multipart object key: interview (job) id, "/", file name. */
export function multipartKey(interviewId: string, fileName: string): string {
  return `${interviewId}/${fileName}`;
}

/**
 * Reads a recording key back, so the server can check that a candidate token only touches
 * its own applicant's files. Null when the key is not a recording key.
 */
export function parseRecordingKey(key: string): {
  interviewId: string;
  applicantId: string;
  jobId: string;
  questId: string;
  kind: RecordingKind;
  container: RecordingContainer;
} | null {
  const match = /^([^/_]+)\/([^/_]+)_([^/_]+)_([^/_]+)_(face|screen)\.(webm|mp4)$/u.exec(key);
  if (!match) return null;
  const [, interviewId, applicantId, jobId, questId, kind, container] = match;
  if (!interviewId || !applicantId || !jobId || !questId) return null;
  return {
    interviewId,
    applicantId,
    jobId,
    questId,
    kind: kind as RecordingKind,
    container: container as RecordingContainer,
  };
}

/** Bytes the media check sends to time the candidate's uplink (`POST health/uplink`). */
export const UPLINK_PROBE_BYTES = 256 * 1024;
/** The answer recorder's audio bitrate (speech stays clear at 64 kbit/s). */
export const RECORDING_AUDIO_BITS_PER_SECOND = 64_000;
/** The video bitrate range the recorder is held to: legible at the bottom, no waste at the top. */
export const RECORDING_VIDEO_BITS_PER_SECOND = { min: 250_000, max: 2_500_000 } as const;
/** Share of the measured uplink a recording may use: the rest is for retries and other traffic. */
const UPLINK_SHARE = 0.7;

export interface RecordingBitrates {
  videoBitsPerSecond: number;
  audioBitsPerSecond: number;
}

/**
 * The recorder's bitrates for an uplink of `uplinkMbps`: a recording the connection
 * can send while it is made, so a slow uplink does not leave minutes of "uploading" after Stop.
 * 70 % of the uplink minus the audio, held between 250 kbit/s and 2.5 Mbit/s; null (the
 * browser's own choice) when the uplink is unknown.
 */
export function recordingBitratesFor(uplinkMbps: number | null): RecordingBitrates | null {
  if (uplinkMbps === null || !Number.isFinite(uplinkMbps) || uplinkMbps <= 0) return null;
  const budget = uplinkMbps * 1e6 * UPLINK_SHARE - RECORDING_AUDIO_BITS_PER_SECOND;
  const video = Math.min(
    RECORDING_VIDEO_BITS_PER_SECOND.max,
    Math.max(RECORDING_VIDEO_BITS_PER_SECOND.min, Math.round(budget / 1000) * 1000),
  );
  return { videoBitsPerSecond: video, audioBitsPerSecond: RECORDING_AUDIO_BITS_PER_SECOND };
}
