import type { InterviewPlayerHandle } from '../../player/interview-player';
import type { NotePlayer } from './use-note-playback';

/**
 * What "play notes" needs of the player. `seekTo` seeks and plays (the handle's own contract);
 * pausing at the end of the tour presses the main video element the player rendered inside
 * `box` (its slot is marked `data-role="main"`), whose pause event the player follows for both
 * videos.
 */
export function controlPlayer(
  handle: InterviewPlayerHandle | null,
  box: HTMLElement | null,
): NotePlayer | null {
  if (!handle) return null;
  const mainVideo = () =>
    box?.querySelector<HTMLVideoElement>('[data-role="main"] video') ??
    box?.querySelector('video') ??
    null;
  return {
    seekTo: (seconds) => handle.seekTo(seconds),
    pause: () => mainVideo()?.pause(),
  };
}
