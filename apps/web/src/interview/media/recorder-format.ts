import type { RecordingContainer } from '@candid/domain';

const CANDIDATES: Record<RecordingContainer, readonly string[]> = {
  webm: ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm'],
  mp4: ['video/mp4;codecs=avc1,mp4a', 'video/mp4'],
};

/**
 * The MediaRecorder MIME type for a container (webm with vp9/vp8 and opus, mp4 on Apple
 * browsers): the first the browser supports, the other container as a fallback, else null
 * (let the browser choose).
 */
export function pickRecordingMimeType(
  container: RecordingContainer,
  isTypeSupported: (type: string) => boolean,
): string | null {
  const other: RecordingContainer = container === 'webm' ? 'mp4' : 'webm';
  return (
    [...CANDIDATES[container], ...CANDIDATES[other]].find((type) => isTypeSupported(type)) ?? null
  );
}
