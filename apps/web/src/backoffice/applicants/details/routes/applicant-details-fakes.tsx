import { forwardRef, useEffect, useImperativeHandle } from 'react';
import { vi } from 'vitest';
import type { ApplicantEventHandler } from '../../../../common/realtime';
import type { InterviewPlayerHandle, InterviewPlayerProps } from '../../player/interview-player';

/**
 * The stand-ins the applicant details test files (applicant-details-*.test.tsx) mock their
 * modules with. Each file's vi.mock imports this module inside its factory: a factory runs before
 * the file's imports are bound, so it may not use them.
 *
 * The real player needs media elements jsdom cannot play; this stand-in keeps its contract: a
 * handle whose seekTo is recorded, and a first time report with the video's duration.
 */
export const player = {
  seekTo: vi.fn<(seconds: number) => void>(),
  currentTime: 0,
  durationSec: 90,
};

export const FakeInterviewPlayer = forwardRef<InterviewPlayerHandle, InterviewPlayerProps>(
  function FakeInterviewPlayer({ faceUrl, screenUrl, markers, onTimeChange }, ref) {
    useImperativeHandle(ref, () => ({
      seekTo: (seconds) => player.seekTo(seconds),
      getCurrentTime: () => player.currentTime,
      getDuration: () => player.durationSec,
    }));
    useEffect(() => {
      onTimeChange?.(0, player.durationSec);
      // Reports once per mounted answer, like the real player's first duration report.
      // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount, on purpose
    }, []);
    return (
      <div
        data-testid="player"
        data-face={faceUrl ?? ''}
        data-screen={screenUrl ?? ''}
        data-markers={JSON.stringify(markers ?? [])}
      />
    );
  },
);

/** The live-update handler the screen registered: a test calls it as the socket would. */
export const realtime = { handler: null as ApplicantEventHandler | null };

export function useFakeApplicantEvents(handler: ApplicantEventHandler) {
  realtime.handler = handler;
}
