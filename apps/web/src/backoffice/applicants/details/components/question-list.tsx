import {
  answerTypeLabelKey,
  getAnswerType,
  isChoiceCorrect,
  isScoredQuestion,
  type Question,
  type ReviewAnswer,
} from '@candid/domain';
import {
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconX } from '@tabler/icons-react';
import { AnswerTypeIcon } from '../../../common/questions/answer-type-menu';

/** A scored question's answer, right or wrong, once the answers are in; null otherwise. */
function ScoreIcon({ quest, answer }: { quest: Question; answer: ReviewAnswer | undefined }) {
  const { t } = useTranslation();
  if (!isScoredQuestion(quest) || !answer?.optIdx) return null;
  const isRight = isChoiceCorrect(quest, answer.optIdx);
  const kind =
    quest.scoring === 'knockout'
      ? t('applicantDetails.score.knockout')
      : t('applicantDetails.score.scored');
  const label = `${kind}: ${isRight ? t('applicantDetails.score.right') : t('applicantDetails.score.wrong')}`;
  return (
    <Tooltip label={label} withArrow>
      <ThemeIcon
        size={22}
        radius="xl"
        variant="light"
        color={isRight ? 'teal' : quest.scoring === 'knockout' ? 'red' : 'orange'}
        role="img"
        aria-label={label}
        data-testid="question-score-icon"
        data-right={isRight}
      >
        {isRight ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
      </ThemeIcon>
    </Tooltip>
  );
}

/**
 * The interview's questions ("video player with question list"): number, title and
 * answer type, and a scored question's right or wrong; the shown one is highlighted, a click shows another answer. Questions without
 * an answer are dimmed.
 */
export function QuestionList({
  quests,
  answerMap,
  currentId,
  onSelect,
}: {
  quests: readonly Question[];
  /** Undefined while the answers load. */
  answerMap: Record<string, ReviewAnswer> | undefined;
  currentId: string | null;
  onSelect: (questId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="xs">
        <Title order={2} fz="md" px={4}>
          {t('applicantDetails.questions.title')}
        </Title>
        <Stack
          component="ol"
          gap={4}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('applicantDetails.questions.title')}
        >
          {quests.map((quest, index) => {
            const type = getAnswerType(quest.ansRule);
            const isCurrent = quest.id === currentId;
            const isAnswered = answerMap === undefined || quest.id in answerMap;
            const title = quest.txt.trim() || t('applicantDetails.questions.untitled');
            return (
              <li key={quest.id}>
                <UnstyledButton
                  onClick={() => onSelect(quest.id)}
                  aria-current={isCurrent ? 'true' : undefined}
                  data-testid="question-item"
                  w="100%"
                  p="xs"
                  style={{
                    borderRadius: 'var(--mantine-radius-md)',
                    background: isCurrent ? 'var(--mantine-color-indigo-0)' : undefined,
                    outline: isCurrent ? '1px solid var(--mantine-color-indigo-3)' : undefined,
                  }}
                >
                  <Group gap="sm" wrap="nowrap">
                    <ThemeIcon
                      size={28}
                      radius="xl"
                      variant={isCurrent ? 'filled' : 'light'}
                      color="indigo"
                      fw={700}
                      fz="sm"
                    >
                      {index + 1}
                    </ThemeIcon>
                    <Text
                      fz="sm"
                      fw={isCurrent ? 700 : 500}
                      c={isAnswered ? undefined : 'dimmed'}
                      lineClamp={2}
                      style={{ flex: 1 }}
                    >
                      <bdi>{title}</bdi>
                    </Text>
                    <ScoreIcon quest={quest} answer={answerMap?.[quest.id]} />
                    {type ? (
                      <>
                        <Tooltip label={t(answerTypeLabelKey(type))} withArrow>
                          <ThemeIcon size={26} variant="subtle" color="gray" aria-hidden>
                            <AnswerTypeIcon type={type} size={18} />
                          </ThemeIcon>
                        </Tooltip>
                        <VisuallyHidden>{t(answerTypeLabelKey(type))}</VisuallyHidden>
                      </>
                    ) : null}
                  </Group>
                </UnstyledButton>
              </li>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
