import type { QuestionClockView } from '@candid/domain';
import { Alert, Badge, Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatClock, formatTimeLeft } from '../use-question-timer';

/**
 * The answer clock: time left of the take (or of an unrecorded answer), the
 * halfway / almost-done warnings and low-time styling while it runs. Before the first take the
 * reading time is shown beside the full limit, which it does not consume; a thinking time
 * counts down to the automatic start.
 */
export function QuestionTimer({ limitMs, view }: { limitMs: number; view: QuestionClockView }) {
  const { t } = useTranslation();
  const { timer, phase } = view;
  const isRunning = phase === 'recording' || phase === 'answering';
  // The primary colour: the organisation's accent on a branded interview, else Candid's.
  const color = isRunning && timer.isLowTime ? 'red' : undefined;
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Progress
          value={timer.remainingRatio * 100}
          color={color}
          style={{ flex: 1 }}
          aria-label={t('interviewProgress.timer.label')}
        />
        <Badge
          color={color}
          variant={isRunning && timer.isLowTime ? 'filled' : 'light'}
          data-testid="question-timer"
          data-low-time={isRunning && timer.isLowTime}
          // The clock's digits read left to right in Hebrew too.
          dir="ltr"
        >
          {formatTimeLeft(limitMs, view.answerElapsedMs)}
        </Badge>
      </Group>
      {phase === 'reading' ? (
        <Group justify="space-between" gap="xs" data-testid="reading-clock">
          <Text size="sm" c="dimmed">
            {t('interviewProgress.timer.perTake', { limit: formatClock(limitMs) })}
          </Text>
          {view.thinkLeftMs !== null ? (
            <Text size="sm" fw={600} data-testid="think-time">
              {t('interviewProgress.timer.thinkLeft')}{' '}
              <bdi dir="ltr">{formatClock(view.thinkLeftMs)}</bdi>
            </Text>
          ) : (
            <Text size="sm" c="dimmed" data-testid="reading-time">
              {t('interviewProgress.timer.reading')}{' '}
              <bdi dir="ltr">{formatClock(Math.floor(view.readingMs / 1000) * 1000)}</bdi>
            </Text>
          )}
        </Group>
      ) : null}
      {phase === 'ready' ? (
        <Text size="sm" c="dimmed" data-testid="reading-clock">
          {t('interviewProgress.timer.perTake', { limit: formatClock(limitMs) })}
        </Text>
      ) : null}
      {isRunning && timer.isHalfWarning ? (
        <Alert color="yellow" variant="light" data-testid="timer-warning">
          {t('interviewProgress.timer.half')}
        </Alert>
      ) : null}
      {isRunning && timer.isAlmostDoneWarning ? (
        <Alert color="red" variant="light" data-testid="timer-warning">
          {t('interviewProgress.timer.almostDone')}
        </Alert>
      ) : null}
      {phase === 'recorded' && timer.isTimeUp ? (
        <Alert variant="light" data-testid="time-up-kept">
          {t('interviewProgress.timer.timeUpKept')}
        </Alert>
      ) : null}
    </>
  );
}
