import {
  BOOKMARK_PART_MAX_CHARS,
  formatDuration,
  VALIDATION_KEYS,
  WARNING_DISPLAY_MS,
} from '@candid/domain';
import { ActionIcon, Group, Input, Text, TextInput, Tooltip } from '@mantine/core';
import { IconClockPlay } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface BookmarkParts {
  minutes: string;
  seconds: string;
}

export const EMPTY_BOOKMARK: BookmarkParts = { minutes: '', seconds: '' };

const PART_PATTERN = new RegExp(`^\\d{0,${BOOKMARK_PART_MAX_CHARS}}$`, 'u');

/**
 * Whether a bookmark input may take this value: at most two digits each, seconds at
 * most 59, and the time so far (an empty part counts as 0) not past the video's end.
 */
export function isBookmarkInputAllowed(parts: BookmarkParts, durationSec: number): boolean {
  if (!PART_PATTERN.test(parts.minutes) || !PART_PATTERN.test(parts.seconds)) return false;
  const minutes = Number(parts.minutes || 0);
  const seconds = Number(parts.seconds || 0);
  if (seconds > 59) return false;
  if (parts.minutes === '' && parts.seconds === '') return true;
  return Number.isFinite(durationSec) && minutes * 60 + seconds <= durationSec;
}

const pad = (value: string) => (value === '' ? value : value.padStart(2, '0'));

/** A warning that shows for WARNING_DISPLAY_MS (2.5 s) each time `show` is called. */
export function useTimedWarning(): { isShown: boolean; show: () => void } {
  const [isShown, setIsShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(() => {
    clearTimeout(timer.current);
    setIsShown(true);
    timer.current = setTimeout(() => setIsShown(false), WARNING_DISPLAY_MS);
  }, []);
  return { isShown, show };
}

/**
 * The note's bookmark time, `mm:ss` in two small inputs: a keystroke that would break
 * a limit is undone and "Outside limits" shows for 2.5 s; leaving an input pads it to two
 * digits; "use current time" copies the player's position. The bookmark is attached only when
 * both are filled (parseBookmark decides on submit).
 */
export function BookmarkInputs({
  value,
  onChange,
  durationSec,
  getCurrentTime,
  disabled,
  isWarningShown,
  onOutside,
}: {
  value: BookmarkParts;
  onChange: (value: BookmarkParts) => void;
  /** The shown video's length; 0 while unknown. */
  durationSec: number;
  getCurrentTime: () => number | null;
  disabled?: boolean;
  /** "Outside limits" is showing (see useTimedWarning). */
  isWarningShown: boolean;
  /** A value was refused: show the warning. */
  onOutside: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  function change(part: keyof BookmarkParts, raw: string) {
    const next = { ...value, [part]: raw };
    if (isBookmarkInputAllowed(next, durationSec)) onChange(next);
    else onOutside();
  }

  function fillFromPlayer() {
    const current = getCurrentTime();
    if (current === null || !Number.isFinite(current)) return;
    const [minutes = '', seconds = ''] = formatDuration(current).split(':');
    const next = { minutes, seconds };
    if (isBookmarkInputAllowed(next, durationSec)) onChange(next);
    else onOutside();
  }

  const partProps = (part: keyof BookmarkParts) => ({
    value: value[part],
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(part, event.currentTarget.value),
    onBlur: () => {
      const padded = pad(value[part]);
      if (padded !== value[part]) onChange({ ...value, [part]: padded });
    },
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    disabled,
    w: 48,
    styles: { input: { textAlign: 'center' as const, paddingInline: 4 } },
  });

  return (
    <Input.Wrapper
      id={`${id}-mm`}
      label={t('applicantDetails.notes.bookmark')}
      description={
        durationSec > 0
          ? t('applicantDetails.notes.bookmarkHint', { duration: formatDuration(durationSec) })
          : t('applicantDetails.notes.bookmarkNoVideo')
      }
    >
      <Group gap={6} wrap="nowrap" dir="ltr" mt={4} style={{ display: 'inline-flex' }}>
        <TextInput
          id={`${id}-mm`}
          aria-label={t('applicantDetails.notes.minutes')}
          placeholder={t('applicantDetails.notes.minutesPlaceholder')}
          {...partProps('minutes')}
        />
        <Text fw={700} aria-hidden>
          :
        </Text>
        <TextInput
          aria-label={t('applicantDetails.notes.seconds')}
          placeholder={t('applicantDetails.notes.secondsPlaceholder')}
          {...partProps('seconds')}
        />
        <Tooltip label={t('applicantDetails.notes.useCurrentTime')} withArrow>
          <ActionIcon
            variant="light"
            size={36}
            onClick={fillFromPlayer}
            disabled={disabled}
            aria-label={t('applicantDetails.notes.useCurrentTime')}
          >
            <IconClockPlay size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      {isWarningShown ? (
        <Text fz="sm" c="red.7" fw={600} mt={4} role="alert" data-testid="bookmark-warning">
          {t(VALIDATION_KEYS.OUTSIDE_LIMITS)}
        </Text>
      ) : null}
    </Input.Wrapper>
  );
}
