import { isChoiceCorrect, isScoredQuestion, type Question } from '@candid/domain';
import { Badge, Group, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Knockout scoring as the recruiter sees it (docs/features.md, "Scoring and knockout
 * questions"): the applicant's score and knockout, and each scored question's mark. Candidates
 * never see any of it.
 */

/** A score (0–100) as a percentage in the interface's language ("80%"). */
export function formatScore(score: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(
    score / 100,
  );
}

/** The "Knocked out" badge. */
export function KnockedOutBadge({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <Badge
      color="red"
      variant="light"
      size={size}
      leftSection={<IconBan size={12} aria-hidden />}
      data-testid="knocked-out-badge"
      style={{ flexShrink: 0 }}
    >
      {t('applicantOverview.score.knockedOut')}
    </Badge>
  );
}

/**
 * An applicant's score ("80%") and, after a wrong knockout answer, the "Knocked out" badge;
 * "Not scored" in words when there is no score (not submitted, or nothing to score then).
 */
export function ScoreText({
  score,
  knockedOut,
  size = 'sm',
}: {
  score: number | null;
  knockedOut: boolean;
  size?: 'sm' | 'md';
}) {
  const { t, i18n } = useTranslation();
  return (
    <Group
      gap={6}
      wrap="nowrap"
      data-testid="applicant-score"
      data-score={score ?? undefined}
      data-knocked-out={knockedOut || undefined}
    >
      {score === null ? (
        <Text fz={size === 'md' ? 'sm' : 'xs'} c="gray.7" style={{ whiteSpace: 'nowrap' }}>
          {t('applicantOverview.score.notScored')}
        </Text>
      ) : (
        <Text fz={size} fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatScore(score, i18n.language)}
        </Text>
      )}
      {knockedOut ? <KnockedOutBadge size={size} /> : null}
    </Group>
  );
}

/**
 * A scored or knockout question's mark on the applicant's answer: what kind of question it is
 * and, when answered, right or wrong (a wrong knockout answer in red). Nothing for a question
 * that does not count.
 */
export function QuestionScoreMark({
  quest,
  chosen,
}: {
  quest: Question;
  /** The chosen options, or undefined when the question was not answered. */
  chosen: readonly number[] | undefined;
}) {
  const { t } = useTranslation();
  if (!isScoredQuestion(quest)) return null;
  const isKnockout = quest.scoring === 'knockout';
  const isRight = chosen !== undefined && isChoiceCorrect(quest, chosen);
  const verdict =
    chosen === undefined
      ? t('applicantDetails.score.unanswered')
      : isRight
        ? t('applicantDetails.score.right')
        : t('applicantDetails.score.wrong');
  const color = chosen === undefined ? 'gray' : isRight ? 'teal' : isKnockout ? 'red' : 'orange';
  return (
    <Group gap={6} wrap="wrap" data-testid="question-score-mark" data-right={isRight}>
      <Badge color={isKnockout ? 'grape' : 'indigo'} variant="light" size="sm">
        {isKnockout ? t('applicantDetails.score.knockout') : t('applicantDetails.score.scored')}
      </Badge>
      <Badge color={color} variant="outline" size="sm">
        {verdict}
      </Badge>
    </Group>
  );
}
