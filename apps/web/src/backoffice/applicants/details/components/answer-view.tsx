import { getAnswerType, type Question, type ReviewAnswer } from '@candid/domain';
import {
  Alert,
  Box,
  Center,
  Code,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Typography,
} from '@mantine/core';
import { IconCheck, IconCircleCheck, IconInfoCircle, IconSquare, IconX } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { InterviewPlayer, type InterviewPlayerHandle } from '../../player/interview-player';
import richText from '../../../../common/ui/rich-text.module.css';
import { QuestionScoreMark } from '../../common/score-parts';

export interface PlayerMarker {
  seconds: number;
  label: string;
}

function NoAnswer({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} data-testid="no-answer">
      {t(messageKey)}
    </Alert>
  );
}

/** A multiple-choice answer: every option, the chosen ones and the correct ones marked. */
function ChoiceAnswer({ quest, chosen }: { quest: Question; chosen: readonly number[] }) {
  const { t } = useTranslation();
  const opts = quest.opts ?? [];
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {opts.map((opt, index) => {
        const isChosen = chosen.includes(index);
        const color = isChosen ? (opt.isCorrect ? 'teal' : 'red') : 'gray';
        return (
          <Paper
            component="li"
            key={index}
            withBorder
            radius="md"
            p="sm"
            data-testid="choice-option"
            data-chosen={isChosen}
            data-correct={opt.isCorrect}
            style={{
              borderColor: isChosen ? `var(--mantine-color-${color}-5)` : undefined,
              background: isChosen ? `var(--mantine-color-${color}-0)` : undefined,
            }}
          >
            <Group gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <ThemeIcon
                  size={22}
                  radius="sm"
                  variant={isChosen ? 'filled' : 'default'}
                  color={color}
                >
                  {isChosen ? (
                    opt.isCorrect ? (
                      <IconCheck size={14} aria-hidden />
                    ) : (
                      <IconX size={14} aria-hidden />
                    )
                  ) : (
                    <IconSquare size={14} aria-hidden style={{ opacity: 0 }} />
                  )}
                </ThemeIcon>
                <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  <bdi>{opt.txt || t('applicantDetails.answer.option', { number: index + 1 })}</bdi>
                </Text>
              </Group>
              <Group gap={6} wrap="nowrap">
                {/* Shade 9: small bold text keeps 4.5:1 on the tinted background. */}
                {isChosen ? (
                  <Text fz="xs" fw={700} c={`${color}.9`}>
                    {t('applicantDetails.answer.chosen')}
                  </Text>
                ) : null}
                {opt.isCorrect ? (
                  <Group gap={2} wrap="nowrap" c="teal.9">
                    <IconCircleCheck size={16} aria-hidden />
                    <Text fz="xs" fw={700}>
                      {t('applicantDetails.answer.correct')}
                    </Text>
                  </Group>
                ) : null}
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

/**
 * One question and the applicant's answer, by answer type: the player for video and
 * screen answers (screen main, camera secondary), the text, the code in a left-to-right
 * monospace block that keeps its indentation, the image, or the options with the chosen and
 * the correct ones marked (and a scored question's right or wrong). A question without an
 * answer says so.
 */
export function AnswerView({
  quest,
  index,
  answer,
  isLoading,
  hasFailed,
  playerRef,
  markers,
  onTimeChange,
  onEnded,
}: {
  quest: Question;
  index: number;
  answer: ReviewAnswer | undefined;
  isLoading: boolean;
  hasFailed: boolean;
  playerRef: Ref<InterviewPlayerHandle>;
  markers: PlayerMarker[];
  onTimeChange: (currentSec: number, durationSec: number) => void;
  /** The recording played to its end (a comparison then plays the next one). */
  onEnded?: () => void;
}) {
  const { t } = useTranslation();
  const type = getAnswerType(quest.ansRule);

  const body = () => {
    if (hasFailed) {
      return (
        <Alert color="red" variant="light">
          {t('applicantDetails.answer.loadFailed')}
        </Alert>
      );
    }
    if (isLoading) {
      return (
        // The status carries the name: a Loader is a span, where aria-label is not allowed
        // (axe's aria-prohibited-attr, seen when the answer loaded slowly under the e2e audit).
        <Center mih={200} role="status" aria-label={t('applicantDetails.answer.loading')}>
          <Loader type="dots" aria-hidden />
        </Center>
      );
    }
    if (!answer) return <NoAnswer messageKey="applicantDetails.answer.none" />;
    switch (type) {
      case 'video':
      case 'screen': {
        if (!answer.faceUrl && !answer.screenUrl) {
          return <NoAnswer messageKey="applicantDetails.answer.noRecording" />;
        }
        return (
          <InterviewPlayer
            // A new answer is a new player: its state (time, swap, speed) starts afresh.
            key={quest.id}
            ref={playerRef}
            faceUrl={answer.faceUrl}
            screenUrl={answer.screenUrl}
            faceDurationSec={answer.faceDurationSec ?? undefined}
            screenDurationSec={answer.screenDurationSec ?? undefined}
            markers={markers}
            onTimeChange={onTimeChange}
            onEnded={onEnded}
          />
        );
      }
      case 'text':
        if (!answer.txt) return <NoAnswer messageKey="applicantDetails.answer.none" />;
        return (
          <Paper bg="gray.0" radius="md" p="md">
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
              {answer.txt}
            </Text>
          </Paper>
        );
      case 'code':
        if (!answer.txt) return <NoAnswer messageKey="applicantDetails.answer.none" />;
        return (
          <Code
            block
            dir="ltr"
            data-testid="code-answer"
            fz="sm"
            style={{ whiteSpace: 'pre', overflowX: 'auto', textAlign: 'left', tabSize: 4 }}
          >
            {answer.txt}
          </Code>
        );
      case 'image':
        if (!answer.imgUrl) return <NoAnswer messageKey="applicantDetails.answer.none" />;
        return (
          <Image
            src={answer.imgUrl}
            alt={t('applicantDetails.answer.imageAlt', { number: index + 1 })}
            radius="md"
            fit="contain"
            mah={520}
            w="auto"
            maw="100%"
          />
        );
      case 'multipleChoice':
        return <ChoiceAnswer quest={quest} chosen={answer.optIdx ?? []} />;
      default:
        return <NoAnswer messageKey="applicantDetails.answer.none" />;
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} data-testid="answer-view">
      <Stack gap="sm">
        <Stack gap={2}>
          <Text fw={700} c="indigo.7" fz="xs" tt="uppercase">
            {t('applicantDetails.answer.questionNumber', { number: index + 1 })}
          </Text>
          <Title order={2} fz={{ base: 'md', sm: 'lg' }} style={{ overflowWrap: 'anywhere' }}>
            {/* Isolated: a question in another language than the interface keeps its punctuation. */}
            <bdi>{quest.txt.trim() || t('applicantDetails.questions.untitled')}</bdi>
          </Title>
        </Stack>
        {type === 'multipleChoice' && !isLoading && !hasFailed ? (
          <QuestionScoreMark quest={quest} chosen={answer?.optIdx ?? undefined} />
        ) : null}
        {quest.desc ? (
          <Typography fz="sm" c="gray.7" p={0} className={richText.bidi}>
            {/* The server sanitises every HTML field it stores. */}
            <Box dangerouslySetInnerHTML={{ __html: quest.desc }} />
          </Typography>
        ) : null}
        {body()}
      </Stack>
    </Paper>
  );
}
