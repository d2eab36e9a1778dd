import { QUESTION_TIME_LIMITS_MIN } from '@candid/domain';
import { Button } from '@mantine/core';
import { IconChevronDown, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ResponsiveMenu } from '../../../common/ui/responsive-menu';

/** The time-limit menu of a question: 1, 2, 5, 10, 20 or 30 minutes. */
export function TimeLimitMenu({
  value,
  onChange,
  questionNumber,
}: {
  value: number;
  onChange: (minutes: number) => void;
  questionNumber: number;
}) {
  const { t } = useTranslation();
  return (
    <ResponsiveMenu
      title={t('questions.timeLimit')}
      width={200}
      items={QUESTION_TIME_LIMITS_MIN.map((minutes) => ({
        id: String(minutes),
        label: t('questions.minutes', { count: minutes }),
        isSelected: minutes === value,
        onClick: () => onChange(minutes),
      }))}
      target={
        <Button
          variant="default"
          leftSection={<IconClock size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('questions.timeLimitOf', {
            number: questionNumber,
            time: t('questions.minutes', { count: value }),
          })}
        >
          {t('questions.minutes', { count: value })}
        </Button>
      }
    />
  );
}
