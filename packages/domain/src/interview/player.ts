import { z } from 'zod';
import {
  PLAYER_DEFAULT_SPEED,
  PLAYER_DEFAULT_VOLUME,
  PLAYER_INITIAL_TIME_SEC,
  PLAYER_SPEEDS,
  VOLUME_ICON_HIGH,
  VOLUME_ICON_LOW,
} from '../common/constants';

/** The back-office video player's state with the defaults of the product. */
export const playerStateSchema = z.object({
  /** Current position in seconds. */
  currTime: z.number().min(0).default(PLAYER_INITIAL_TIME_SEC),
  autoPlay: z.boolean().default(false),
  /** 0–100. */
  volume: z.number().min(0).max(100).default(PLAYER_DEFAULT_VOLUME),
  isLoading: z.boolean().default(true),
  isDisabled: z.boolean().default(false),
  isFullScreen: z.boolean().default(false),
  /** Seconds; 0 until the metadata is known. */
  totalDuration: z.number().min(0).default(0),
  /** Share buffered, 0–1. */
  downloadProgress: z.number().min(0).max(1).default(0),
  isPlaying: z.boolean().default(false),
  speed: z.literal(PLAYER_SPEEDS).default(PLAYER_DEFAULT_SPEED),
  /** Playing through the bookmarked notes one after another. */
  isPlayingNotes: z.boolean().default(false),
});
export type PlayerState = z.infer<typeof playerStateSchema>;

/** A fresh player state. */
export function defaultPlayerState(): PlayerState {
  return playerStateSchema.parse({});
}

/** Which volume icon to show for a 0–1 volume. */
export function getVolumeIcon(volume: number): 'mute' | 'low' | 'medium' | 'high' {
  if (volume <= 0) return 'mute';
  if (volume <= VOLUME_ICON_LOW) return 'low';
  if (volume >= VOLUME_ICON_HIGH) return 'high';
  return 'medium';
}

/**
 * The main video of an answer: the screen recording when both exist, else
 * whichever exists; the other one goes to the secondary window.
 */
export function pickMainVideo<T>(answer: { faceUrl?: T | null; screenUrl?: T | null }): {
  main: T | null;
  secondary: T | null;
} {
  const face = answer.faceUrl ?? null;
  const screen = answer.screenUrl ?? null;
  if (screen !== null) return { main: screen, secondary: face };
  return { main: face, secondary: null };
}
