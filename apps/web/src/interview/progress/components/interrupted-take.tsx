import type { PublicQuestion } from '@candid/domain';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../common/ui/media-queries';

/**
 * A question whose take was cut off by a reload or a crash: what was recorded is kept, and the
 * candidate decides (nothing becomes the answer by itself). With retakes: record again, or keep
 * the take. One-try: the take is the answer, as the one-try rule has it. On the last question
 * keeping it finishes the interview only on this click.
 */
export function InterruptedTake({
  quest,
  index,
  count,
  recordedMs,
  canRetake,
  onRetake,
  onKeep,
}: {
  quest: PublicQuestion;
  index: number;
  count: number;
  recordedMs: number;
  canRetake: boolean;
  onRetake(): Promise<void>;
  onKeep(): Promise<void>;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [busy, setBusy] = useState<'retake' | 'keep' | null>(null);
  const isLast = index === count - 1;
  const seconds = Math.max(1, Math.round(recordedMs / 1000));

  async function run(choice: 'retake' | 'keep') {
    setBusy(choice);
    try {
      await (choice === 'retake' ? onRetake() : onKeep());
    } finally {
      setBusy(null);
    }
  }

  const keepLabel = canRetake
    ? isLast
      ? t('resume.interrupted.keepAndFinish')
      : t('resume.interrupted.keep')
    : isLast
      ? t('resume.interrupted.finish')
      : t('resume.interrupted.continue');

  const retakeButton = canRetake ? (
    <Button
      variant="default"
      fullWidth={isPhone}
      loading={busy === 'retake'}
      disabled={busy !== null}
      onClick={() => void run('retake')}
    >
      {t('resume.interrupted.retake')}
    </Button>
  ) : null;
  const keepButton = (
    <Button
      fullWidth={isPhone}
      loading={busy === 'keep'}
      disabled={busy !== null}
      onClick={() => void run('keep')}
    >
      {keepLabel}
    </Button>
  );

  return (
    <Stack gap="md" data-testid="interrupted-take" data-question-index={index}>
      <Text c="dimmed" size="sm">
        {t('interviewProgress.questionOf', { current: index + 1, count })}
      </Text>
      <Title order={2} size="h3" dir="auto">
        {quest.txt}
      </Title>
      <Alert
        color="orange"
        variant="light"
        icon={<IconPlayerPause size={18} aria-hidden />}
        title={t('resume.interrupted.title')}
      >
        <Stack gap={6}>
          <Text size="sm">{t('resume.interrupted.text', { seconds })}</Text>
          <Text size="sm">
            {canRetake ? t('resume.interrupted.retakeChoice') : t('resume.interrupted.oneTry')}
          </Text>
        </Stack>
      </Alert>
      {isPhone ? (
        // On a phone the choices stack, the one that keeps the take first.
        <Stack gap="sm">
          {keepButton}
          {retakeButton}
        </Stack>
      ) : (
        <Group justify="flex-end" gap="sm">
          {retakeButton}
          {keepButton}
        </Group>
      )}
    </Stack>
  );
}
