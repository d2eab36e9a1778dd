import type { TimeRatioState } from '@candid/domain';
import { Alert, Badge, Group, Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatTimeLeft } from '../use-question-timer';

/** Time left, the halfway / almost-done warnings and low-time styling (spec §9). */
export function QuestionTimer({
  limitMs,
  elapsedMs,
  state,
}: {
  limitMs: number;
  elapsedMs: number;
  state: TimeRatioState;
}) {
  const { t } = useTranslation();
  const color = state.isLowTime ? 'red' : 'blue';
  return (
    <>
      <Group justify="space-between" wrap="nowrap">
        <Progress
          value={state.remainingRatio * 100}
          color={color}
          style={{ flex: 1 }}
          aria-label={t('interviewProgress.timer.label')}
        />
        <Badge
          color={color}
          variant={state.isLowTime ? 'filled' : 'light'}
          data-testid="question-timer"
          data-low-time={state.isLowTime}
        >
          {formatTimeLeft(limitMs, elapsedMs)}
        </Badge>
      </Group>
      {state.isHalfWarning ? (
        <Alert color="yellow" variant="light" data-testid="timer-warning">
          {t('interviewProgress.timer.half')}
        </Alert>
      ) : null}
      {state.isAlmostDoneWarning ? (
        <Alert color="red" variant="light" data-testid="timer-warning">
          {t('interviewProgress.timer.almostDone')}
        </Alert>
      ) : null}
    </>
  );
}
