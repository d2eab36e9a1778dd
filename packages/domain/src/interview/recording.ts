/** Names of recording files and their multipart keys (spec §7). */

export type RecordingKind = 'face' | 'screen';
export const RECORDING_MIME_TYPES = { webm: 'video/webm', mp4: 'video/mp4' } as const;
export type RecordingContainer = keyof typeof RECORDING_MIME_TYPES;

/**
 * A recording's file name (spec §7): applicant id, job id, question id, then face or screen,
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

/** Multipart object key (spec §7): interview (job) id, "/", file name. */
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
