import { bookmarkToSeconds, formatDate, formatTime, type Language } from '@candid/domain';
import { ActionIcon, Button, Text, Tooltip } from '@mantine/core';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BookmarkTarget } from './bookmark-targets';

/** A date and time; the time stays left to right inside Hebrew text. */
export function DateTimeText({ iso, language }: { iso: string; language: Language }) {
  return (
    <Text component="time" dateTime={iso} fz="xs" c="gray.7">
      {formatDate(iso, language)}, <bdi dir="ltr">{formatTime(iso, language)}</bdi>
    </Text>
  );
}

/**
 * A note's bookmark: plays its question's answer from the note's `mm:ss`, opening that answer
 * first when another is shown; names the question when the job has several. Disabled when that
 * answer has no video, or when the moment lies past its end.
 */
export function BookmarkChip({
  timeStamp,
  target,
  isActive,
  onJump,
}: {
  timeStamp: string;
  /** Where the bookmark leads; null when its question is gone from the job. */
  target: BookmarkTarget | null;
  isActive?: boolean;
  onJump: (target: BookmarkTarget, seconds: number) => void;
}) {
  const { t } = useTranslation();
  const seconds = bookmarkToSeconds(timeStamp);
  const durationSec = target?.durationSec ?? null;
  const isOutside =
    seconds === null || durationSec === null || (durationSec > 0 && seconds > durationSec);
  const hint =
    target && durationSec === null ? t('applicantDetails.notes.jumpNeedsVideo') : undefined;
  const number = target?.number ?? null;
  const chip = (
    <Button
      size="compact-xs"
      radius="xl"
      variant={isActive ? 'filled' : 'light'}
      leftSection={<IconPlayerPlay size={12} aria-hidden />}
      disabled={isOutside || target === null}
      onClick={() => {
        if (seconds !== null && target) onJump(target, seconds);
      }}
      aria-label={
        number === null
          ? t('applicantDetails.notes.jumpTo', { time: timeStamp })
          : t('applicantDetails.notes.jumpToQuestion', { time: timeStamp, number })
      }
      data-testid="bookmark-chip"
      data-quest-id={target?.questId}
    >
      {number === null ? null : (
        <>
          {t('applicantDetails.notes.bookmarkQuestion', { number })}
          <span aria-hidden>{'\u00a0·\u00a0'}</span>
        </>
      )}
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
