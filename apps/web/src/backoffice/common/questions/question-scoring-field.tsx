import {
  canScoreQuestion,
  QUESTION_SCORINGS,
  STATUS_GROUPS,
  statusLabelKey,
  type Question,
  type QuestionScoring,
} from '@candid/domain';
import { Group, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../common/ui/media-queries';

const SCORING_LABEL_KEYS: Record<QuestionScoring, string> = {
  none: 'questions.scoringNone',
  scored: 'questions.scoringScored',
  knockout: 'questions.scoringKnockout',
};

/** The select's value for "no status is set". */
const NO_STATUS = '';

/** The scoring part of a question: what the editor changes. */
type ScoringPatch = Pick<Question, 'scoring' | 'knockoutStatus'>;

/**
 * A multiple-choice question's scoring (docs/features.md, "Scoring and knockout questions"):
 * not scored, scored (counts toward the applicant's score) or knockout (scored too, and a wrong
 * answer knocks the applicant out), and for a knockout the status a wrong answer sets (none by
 * default). Says that candidates never see it, and that a question without a correct option
 * cannot be scored. "Not scored" is written as no scoring at all, as questions were before.
 */
export function QuestionScoringField({
  quest,
  questionNumber,
  onChange,
}: {
  quest: Question;
  questionNumber: number;
  onChange: (patch: ScoringPatch) => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const scoring = quest.scoring ?? 'none';
  const label = t('questions.scoring');
  return (
    <Stack gap={6} data-testid="question-scoring">
      <Text fz="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl
        value={scoring}
        onChange={(value) => {
          const next = value as QuestionScoring;
          onChange({
            scoring: next === 'none' ? undefined : next,
            knockoutStatus: next === 'knockout' ? (quest.knockoutStatus ?? null) : undefined,
          });
        }}
        data={QUESTION_SCORINGS.map((value) => ({ value, label: t(SCORING_LABEL_KEYS[value]) }))}
        aria-label={t('questions.scoringOf', { number: questionNumber })}
        // Phones: one choice a line (three side by side were cut off at 360 px), each a 44 px
        // touch target; wide screens: side by side, the width of their labels.
        orientation={isPhone ? 'vertical' : 'horizontal'}
        fullWidth={isPhone}
        size={isPhone ? 'md' : 'sm'}
        styles={isPhone ? { label: { minHeight: 44, alignContent: 'center' } } : undefined}
        style={{ alignSelf: isPhone ? 'stretch' : 'flex-start' }}
      />
      {scoring === 'knockout' ? (
        <NativeSelect
          label={t('questions.knockoutStatus')}
          aria-label={t('questions.knockoutStatusOf', { number: questionNumber })}
          value={quest.knockoutStatus == null ? NO_STATUS : String(quest.knockoutStatus)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange({ scoring, knockoutStatus: value === NO_STATUS ? null : Number(value) });
          }}
          data={[
            { value: NO_STATUS, label: t('questions.knockoutStatusNone') },
            ...STATUS_GROUPS.map((group) => ({
              group: t(group.labelKey),
              items: group.codes.map((code) => ({
                value: String(code),
                label: t(statusLabelKey(code)),
              })),
            })),
          ]}
          size={isPhone ? 'md' : 'sm'}
          maw={{ base: '100%', sm: 320 }}
          data-testid="knockout-status"
        />
      ) : null}
      {scoring !== 'none' && !canScoreQuestion(quest) ? (
        <Text fz="sm" c="orange.9" role="status">
          {t('questions.scoringNeedsCorrect')}
        </Text>
      ) : null}
      <Group gap={6} wrap="nowrap" align="flex-start" c="gray.7">
        <IconEyeOff size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
        <Text fz="xs">{t('questions.scoringHint')}</Text>
      </Group>
    </Stack>
  );
}
