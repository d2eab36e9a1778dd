import { useEffect, useState } from 'react';
import type { BlockingCause } from './blocking-errors';

/**
 * Watches the interview's live streams: a camera or microphone track that ends (the
 * device was unplugged or taken away) or a screen share the candidate stopped raises the
 * matching blocking error. `clear` is called once the device is back.
 */
export function useLostDevices(
  cameraStream: MediaStream | null,
  screenStream: MediaStream | null,
  needsScreen: boolean,
): { lost: BlockingCause | null; clear: () => void } {
  const [lost, setLost] = useState<BlockingCause | null>(null);

  useEffect(() => {
    const watched: { track: MediaStreamTrack; error: BlockingCause }[] = [];
    for (const track of cameraStream?.getVideoTracks() ?? []) {
      watched.push({ track, error: 'CAMERA_NOT_FOUND' });
    }
    for (const track of cameraStream?.getAudioTracks() ?? []) {
      watched.push({ track, error: 'MIC_NOT_FOUND' });
    }
    if (needsScreen) {
      for (const track of screenStream?.getVideoTracks() ?? []) {
        watched.push({ track, error: 'DENIED_SCREEN_ACCESS' });
      }
    }
    const listeners = watched.map(({ track, error }) => {
      const onEnded = () => setLost((current) => current ?? error);
      track.addEventListener('ended', onEnded);
      return () => track.removeEventListener('ended', onEnded);
    });
    return () => listeners.forEach((remove) => remove());
  }, [cameraStream, screenStream, needsScreen]);

  return { lost, clear: () => setLost(null) };
}
