import { useEffect, useEffectEvent, type RefObject } from 'react';

/** iPhone Safari has no element full screen, only the video's own full-screen player. */
interface WebkitVideo extends HTMLVideoElement {
  webkitEnterFullscreen?: () => void;
}

function canUseElementFullScreen(): boolean {
  return typeof document !== 'undefined' && document.fullscreenEnabled === true;
}

/**
 * Full screen of the player container (so the floating window and the controls come along).
 * The browser leaves full screen on Escape by itself; `onChange` hears every change, whoever
 * made it, so the state always matches the screen. Where only a video can go full screen
 * (iPhone), the main video's native player is used instead.
 */
export function useFullScreen(
  containerRef: RefObject<HTMLElement | null>,
  onChange: (isFullScreen: boolean) => void,
) {
  const handleChange = useEffectEvent(onChange);

  useEffect(() => {
    const listener = () => {
      const element = document.fullscreenElement;
      handleChange(element !== null && element === containerRef.current);
    };
    document.addEventListener('fullscreenchange', listener);
    return () => document.removeEventListener('fullscreenchange', listener);
  }, [containerRef]);

  const isSupported =
    canUseElementFullScreen() ||
    (typeof HTMLVideoElement !== 'undefined' &&
      'webkitEnterFullscreen' in HTMLVideoElement.prototype);

  const toggle = async (mainVideo: HTMLVideoElement | null): Promise<void> => {
    const container = containerRef.current;
    if (!container) return;
    if (!canUseElementFullScreen()) {
      (mainVideo as WebkitVideo | null)?.webkitEnterFullscreen?.();
      return;
    }
    try {
      if (document.fullscreenElement === container) await document.exitFullscreen();
      else await container.requestFullscreen();
    } catch {
      // Refused (no user gesture, a policy, an iframe without allowfullscreen): nothing changes,
      // and `fullscreenchange` does not fire, so the button keeps showing the real state.
    }
  };

  /** Leaves full screen if the player is in it (never enters it). */
  const exit = async (): Promise<void> => {
    if (!containerRef.current || document.fullscreenElement !== containerRef.current) return;
    try {
      await document.exitFullscreen();
    } catch {
      // Already leaving (the browser handled the same Escape).
    }
  };

  return { isSupported, toggle, exit };
}
