import { formatDuration, getVolumeIcon, PLAYER_SPEEDS, type PlayerSpeed } from '@candid/domain';
import { ActionIcon, Menu, Slider, UnstyledButton } from '@mantine/core';
import {
  IconCheck,
  IconMaximize,
  IconMinimize,
  IconPictureInPictureOn,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconVolume,
  IconVolume2,
  IconVolume3,
  IconVolume4,
} from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './interview-player.module.css';
import { getEffectiveVolume, type InterviewPlayerState, type VideoKind } from './player-reducer';
import { SeekBar, type PlayerMarker } from './seek-bar';

const VOLUME_ICONS = {
  mute: IconVolume3,
  low: IconVolume4,
  medium: IconVolume2,
  high: IconVolume,
} as const;

const ICON_SIZE = 20;

/** "1.5×"; the normal speed reads "Normal" in the menu. */
function formatSpeed(speed: number): string {
  return `${speed}×`;
}

/**
 * The control bar under the video: the seek bar on top, then play, volume, time, and on the
 * other side the secondary window's reopen button, speed and full screen. The row follows the
 * page direction; the seek bar and the time read left to right in both languages.
 */
export function PlayerControls({
  state,
  markers,
  closedSecondary,
  isFullScreenSupported,
  reopenButtonRef,
  onTogglePlay,
  onSeek,
  onSpeed,
  onVolume,
  onToggleMute,
  onToggleFullScreen,
  onOpenSecondary,
}: {
  state: InterviewPlayerState;
  markers: PlayerMarker[];
  /** The secondary video when its window is closed (its reopen button shows). */
  closedSecondary: VideoKind | null;
  isFullScreenSupported: boolean;
  reopenButtonRef: Ref<HTMLButtonElement>;
  onTogglePlay: () => void;
  onSeek: (seconds: number) => void;
  onSpeed: (speed: PlayerSpeed) => void;
  onVolume: (volume: number) => void;
  onToggleMute: () => void;
  onToggleFullScreen: () => void;
  onOpenSecondary: () => void;
}) {
  const { t } = useTranslation();
  const effectiveVolume = getEffectiveVolume(state);
  const VolumeIcon = VOLUME_ICONS[getVolumeIcon(effectiveVolume)];
  const isSilent = effectiveVolume === 0;
  const speedLabel = state.speed === 1 ? t('player.speedNormal') : formatSpeed(state.speed);

  return (
    <div className={classes.controls}>
      <SeekBar
        currentSec={state.currTime}
        durationSec={state.totalDuration}
        bufferedRatio={state.downloadProgress}
        markers={markers}
        isDisabled={state.isDisabled || state.isLoading}
        onSeek={onSeek}
      />
      <div className={classes.controlRow}>
        <ActionIcon
          className={classes.control}
          variant="transparent"
          size="lg"
          aria-label={state.isPlaying ? t('player.pause') : t('player.play')}
          disabled={state.isDisabled}
          onClick={onTogglePlay}
        >
          {state.isPlaying ? (
            <IconPlayerPauseFilled size={ICON_SIZE} />
          ) : (
            <IconPlayerPlayFilled size={ICON_SIZE} />
          )}
        </ActionIcon>
        <div className={classes.volume}>
          <ActionIcon
            className={classes.control}
            variant="transparent"
            size="lg"
            aria-label={isSilent ? t('player.unmute') : t('player.mute')}
            data-volume-icon={getVolumeIcon(effectiveVolume)}
            disabled={state.isDisabled}
            onClick={onToggleMute}
          >
            <VolumeIcon size={ICON_SIZE} />
          </ActionIcon>
          <Slider
            className={classes.volumeSlider}
            visibleFrom="sm"
            w={88}
            size="sm"
            color="gray.0"
            min={0}
            max={100}
            step={5}
            value={state.isMuted ? 0 : state.volume}
            onChange={onVolume}
            label={(value) => `${value}%`}
            thumbLabel={t('player.volume')}
            disabled={state.isDisabled}
          />
        </div>
        <span className={classes.time} dir="ltr">
          {formatDuration(state.currTime)} / {formatDuration(state.totalDuration)}
        </span>
        <div className={classes.spacer} />
        {closedSecondary && (
          <ActionIcon
            ref={reopenButtonRef}
            className={classes.control}
            variant="transparent"
            size="lg"
            aria-label={
              closedSecondary === 'face' ? t('player.show.face') : t('player.show.screen')
            }
            onClick={onOpenSecondary}
          >
            <IconPictureInPictureOn size={ICON_SIZE} />
          </ActionIcon>
        )}
        <Menu position="top-end" withinPortal={false} shadow="md" width={150}>
          <Menu.Target>
            <UnstyledButton
              className={classes.speedButton}
              aria-label={t('player.speedCurrent', { speed: speedLabel })}
              disabled={state.isDisabled}
            >
              <span dir="ltr">{formatSpeed(state.speed)}</span>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('player.speed')}</Menu.Label>
            {PLAYER_SPEEDS.map((speed) => (
              <Menu.Item
                key={speed}
                onClick={() => onSpeed(speed)}
                aria-current={speed === state.speed || undefined}
                rightSection={speed === state.speed ? <IconCheck size={16} aria-hidden /> : null}
              >
                {speed === 1 ? (
                  t('player.speedNormal')
                ) : (
                  <span dir="ltr">{formatSpeed(speed)}</span>
                )}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        {isFullScreenSupported && (
          <ActionIcon
            className={classes.control}
            variant="transparent"
            size="lg"
            aria-label={
              state.isFullScreen ? t('player.exitFullScreen') : t('player.enterFullScreen')
            }
            aria-pressed={state.isFullScreen}
            onClick={onToggleFullScreen}
          >
            {state.isFullScreen ? (
              <IconMinimize size={ICON_SIZE} />
            ) : (
              <IconMaximize size={ICON_SIZE} />
            )}
          </ActionIcon>
        )}
      </div>
    </div>
  );
}
