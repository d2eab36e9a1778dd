import { THINK_TIME_OPTIONS_SEC } from '@candid/domain';
import { Button } from '@mantine/core';
import { IconBulb, IconChevronDown } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ResponsiveMenu } from '../../../common/ui/responsive-menu';

/** "Off", "30 seconds", "2 minutes": a thinking time as the menu shows it. */
function thinkTimeLabel(t: TFunction, seconds: number | null | undefined): string {
  if (!seconds) return t('questions.thinkTimeOff');
  if (seconds % 60 === 0) return t('questions.minutes', { count: seconds / 60 });
  return t('questions.seconds', { count: seconds });
}

/**
 * The thinking-time menu of a recorded question: off (the default: reading is not
 * limited and does not count against the answer), or a time after which the first take starts
 * by itself.
 */
export function ThinkTimeMenu({
  value,
  onChange,
  questionNumber,
}: {
  value: number | null | undefined;
  onChange: (seconds: number | null) => void;
  questionNumber: number;
}) {
  const { t } = useTranslation();
  const choices: (number | null)[] = [null, ...THINK_TIME_OPTIONS_SEC];
  return (
    <ResponsiveMenu
      title={t('questions.thinkTime')}
      width={200}
      items={choices.map((seconds) => ({
        id: String(seconds ?? 'off'),
        label: thinkTimeLabel(t, seconds),
        isSelected: (value ?? null) === seconds,
        onClick: () => onChange(seconds),
      }))}
      target={
        <Button
          variant="default"
          leftSection={<IconBulb size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('questions.thinkTimeOf', {
            number: questionNumber,
            time: thinkTimeLabel(t, value),
          })}
        >
          {thinkTimeLabel(t, value)}
        </Button>
      }
    />
  );
}
