import { INTERVIEW_START_COUNTDOWN_MS } from '@candid/domain';
import { Paper, RingProgress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Step 2: a 4 s countdown before the interview opens. */
export function StartCountdown({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [remainingMs, setRemainingMs] = useState(INTERVIEW_START_COUNTDOWN_MS);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    const startedAt = performance.now();
    const timer = setInterval(() => {
      const left = Math.max(0, INTERVIEW_START_COUNTDOWN_MS - (performance.now() - startedAt));
      setRemainingMs(left);
      if (left === 0) {
        clearInterval(timer);
        onDoneRef.current();
      }
    }, 100);
    return () => clearInterval(timer);
  }, []);

  const seconds = Math.ceil(remainingMs / 1000);
  return (
    <Paper radius="lg" withBorder shadow="sm" p="xl" data-testid="start-countdown">
      <Stack align="center" gap="md">
        <Title order={2} ta="center" fz={{ base: 22, sm: 26 }}>
          {t('onboarding.countdown.title')}
        </Title>
        <RingProgress
          size={160}
          thickness={12}
          roundCaps
          sections={[
            {
              value: (remainingMs / INTERVIEW_START_COUNTDOWN_MS) * 100,
              color: 'var(--mantine-primary-color-filled)',
            },
          ]}
          label={
            <Text ta="center" fz={48} fw={800} aria-live="polite">
              {seconds}
            </Text>
          }
        />
        <Text c="dimmed" ta="center">
          {t('onboarding.countdown.text')}
        </Text>
      </Stack>
    </Paper>
  );
}
