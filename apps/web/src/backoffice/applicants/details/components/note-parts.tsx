import { bookmarkToSeconds, formatDate, formatTime, type Language } from '@candid/domain';
import { ActionIcon, Button, Text, Tooltip } from '@mantine/core';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A date and time; the time stays left to right inside Hebrew text. */
export function DateTimeText({ iso, language }: { iso: string; language: Language }) {
  return (
    <Text component="time" dateTime={iso} fz="xs" c="gray.7">
      {formatDate(iso, language)}, <bdi dir="ltr">{formatTime(iso, language)}</bdi>
    </Text>
  );
}

/**
 * A note's bookmark: jumps the shown video to the note's `mm:ss`. Disabled while no video
 * answer is shown (the bookmark belongs to a video) or when it lies past the video's end.
 */
export function BookmarkChip({
  timeStamp,
  durationSec,
  isActive,
  onSeek,
}: {
  timeStamp: string;
  /** The shown video's length; null when no video is shown. */
  durationSec: number | null;
  isActive?: boolean;
  onSeek: (seconds: number) => void;
}) {
  const { t } = useTranslation();
  const seconds = bookmarkToSeconds(timeStamp);
  const isOutside =
    seconds === null || durationSec === null || (durationSec > 0 && seconds > durationSec);
  const hint = durationSec === null ? t('applicantDetails.notes.jumpNeedsVideo') : undefined;
  const chip = (
    <Button
      size="compact-xs"
      radius="xl"
      variant={isActive ? 'filled' : 'light'}
      leftSection={<IconPlayerPlay size={12} aria-hidden />}
      disabled={isOutside}
      onClick={() => {
        if (seconds !== null) onSeek(seconds);
      }}
      aria-label={t('applicantDetails.notes.jumpTo', { time: timeStamp })}
      data-testid="bookmark-chip"
    >
      <bdi dir="ltr">{timeStamp}</bdi>
    </Button>
  );
  return hint ? (
    <Tooltip label={hint} withArrow>
      <span>{chip}</span>
    </Tooltip>
  ) : (
    chip
  );
}

export function RemoveNoteButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('applicantDetails.notes.remove')} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        onClick={onClick}
        aria-label={t('applicantDetails.notes.remove')}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
