import { useEffect, useState } from 'react';

export interface InterviewCamera {
  stream: MediaStream | null;
  /** Opening again after a reload: the recorded questions wait for it. */
  isOpening: boolean;
  /** A stream asked for again (a lost device back); the caller stops the old one. */
  setStream: (stream: MediaStream) => void;
}

/**
 * The interview's camera and microphone. The onboarding hands over the live stream; after a
 * reload it is gone, and the devices the candidate chose are opened again. If that fails the
 * camera stays absent and the question says so when recording is asked for.
 */
export function useInterviewCamera(
  initial: MediaStream | null,
  constraints: MediaStreamConstraints | null,
): InterviewCamera {
  const [stream, setStream] = useState(initial);
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    if (stream || !constraints) return;
    let isActive = true;
    navigator.mediaDevices
      .getUserMedia(constraints)
      .then((opened) => {
        if (isActive) setStream(opened);
        else opened.getTracks().forEach((track) => track.stop());
      })
      .catch(() => {
        if (isActive) setHasFailed(true);
      });
    return () => {
      isActive = false;
    };
  }, [stream, constraints]);

  return {
    stream,
    isOpening: stream === null && constraints !== null && !hasFailed,
    setStream,
  };
}
