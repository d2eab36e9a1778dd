import { PRACTICE_ANSWER_LIMIT_SEC } from '@candid/domain';
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import {
  IconPlayerRecordFilled,
  IconPlayerStopFilled,
  IconRefresh,
  IconArrowRight,
} from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import mirrorClasses from '../../../common/ui/mirror-in-rtl.module.css';
import { ensureFiniteDuration, toPlayableRecording } from '../../media/playable-recording';

type PracticeState =
  | { phase: 'ready' }
  | { phase: 'recording'; startedAt: number; elapsedSec: number }
  | { phase: 'review'; url: string };

/**
 * The practice question: before the real questions, the candidate records one short
 * answer with the camera and microphone the media check opened, watches it, and may try again.
 * Everything stays on the device: the take is never uploaded and is dropped when they go on.
 */
export function PracticeQuestion({
  stream,
  mimeType,
  companyName,
  isStarting = false,
  onDone,
}: {
  stream: MediaStream | null;
  mimeType: string | null;
  companyName: string;
  /** The interview is being created (a one-try job starts straight from here). */
  isStarting?: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<PracticeState>({ phase: 'ready' });
  const recorderRef = useRef<MediaRecorder | null>(null);
  const liveRef = useRef<HTMLVideoElement | null>(null);
  const urlRef = useRef<string | null>(null);

  const dropTake = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  }, []);

  // The live picture while not reviewing (the stream stays open for the interview).
  useEffect(() => {
    const video = liveRef.current;
    if (video && stream && state.phase !== 'review') video.srcObject = stream;
  }, [stream, state.phase]);

  // On leaving: stop a running recorder (never the stream) and drop the take.
  useEffect(
    () => () => {
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== 'inactive') {
        recorder.ondataavailable = null;
        recorder.onstop = null;
        recorder.stop();
      }
      dropTake();
    },
    [dropTake],
  );

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }, []);

  const start = () => {
    if (!stream) return;
    dropTake();
    const chunks: Blob[] = [];
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const startedAt = performance.now();
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      recorderRef.current = null;
      const blob = new Blob(chunks, { type: recorder.mimeType || mimeType || 'video/webm' });
      void toPlayableRecording(blob, performance.now() - startedAt).then((playable) => {
        const url = URL.createObjectURL(playable);
        urlRef.current = url;
        setState({ phase: 'review', url });
      });
    };
    recorderRef.current = recorder;
    recorder.start(1000);
    setState({ phase: 'recording', startedAt, elapsedSec: 0 });
  };

  // The clock of the take; at the limit the take ends by itself, as a real answer's does.
  const startedAt = state.phase === 'recording' ? state.startedAt : null;
  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => {
      const elapsedSec = (performance.now() - startedAt) / 1000;
      if (elapsedSec >= PRACTICE_ANSWER_LIMIT_SEC) {
        clearInterval(timer);
        stop();
      }
      setState((current) => (current.phase === 'recording' ? { ...current, elapsedSec } : current));
    }, 250);
    return () => clearInterval(timer);
  }, [startedAt, stop]);

  const remaining = Math.max(
    0,
    Math.ceil(PRACTICE_ANSWER_LIMIT_SEC - (state.phase === 'recording' ? state.elapsedSec : 0)),
  );

  return (
    <Paper radius="lg" withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} data-testid="practice">
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} fz={{ base: 20, sm: 24 }}>
            {t('onboarding.practice.title')}
          </Title>
          <Badge color="teal" variant="light" size="lg" data-testid="practice-badge">
            {t('onboarding.practice.badge')}
          </Badge>
        </Group>
        <Text>{t('onboarding.practice.intro', { company: companyName })}</Text>
        <Paper withBorder radius="md" p="md" bg="gray.0">
          <Text fw={700} data-testid="practice-question">
            {t('onboarding.practice.question')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('onboarding.practice.limit', { seconds: PRACTICE_ANSWER_LIMIT_SEC })}
          </Text>
        </Paper>
        {stream ? null : (
          <Alert color="orange" variant="light">
            {t('onboarding.practice.noCamera')}
          </Alert>
        )}
        {state.phase === 'review' ? (
          <video
            key={state.url}
            src={state.url}
            controls
            playsInline
            data-testid="practice-playback"
            aria-label={t('onboarding.practice.playback')}
            onLoadedMetadata={(event) => ensureFiniteDuration(event.currentTarget)}
            style={{ width: '100%', maxHeight: 360, borderRadius: 12, background: '#000' }}
          />
        ) : stream ? (
          <video
            ref={liveRef}
            autoPlay
            muted
            playsInline
            aria-label={t('onboarding.practice.camera')}
            style={{
              width: '100%',
              maxHeight: 360,
              borderRadius: 12,
              background: '#000',
              transform: 'scaleX(-1)',
            }}
          />
        ) : null}
        {state.phase === 'recording' ? (
          <Stack gap={4}>
            <Progress
              value={(state.elapsedSec / PRACTICE_ANSWER_LIMIT_SEC) * 100}
              color="red"
              aria-label={t('onboarding.practice.timeLeft', { seconds: remaining })}
            />
            <Text size="sm" ta="center" aria-live="polite" data-testid="practice-time-left">
              {t('onboarding.practice.timeLeft', { seconds: remaining })}
            </Text>
          </Stack>
        ) : null}
        {state.phase === 'review' ? (
          <Text size="sm" c="dimmed">
            {t('onboarding.practice.reviewHint')}
          </Text>
        ) : null}
        <Group justify="space-between" gap="sm">
          {state.phase === 'recording' ? (
            <Button
              color="red"
              leftSection={<IconPlayerStopFilled size={18} aria-hidden />}
              onClick={stop}
            >
              {t('onboarding.practice.stop')}
            </Button>
          ) : (
            <Button
              variant={state.phase === 'review' ? 'default' : 'filled'}
              color={state.phase === 'review' ? undefined : 'red'}
              disabled={!stream}
              leftSection={
                state.phase === 'review' ? (
                  <IconRefresh size={18} aria-hidden />
                ) : (
                  <IconPlayerRecordFilled size={18} aria-hidden />
                )
              }
              onClick={start}
            >
              {state.phase === 'review'
                ? t('onboarding.practice.again')
                : t('onboarding.practice.record')}
            </Button>
          )}
          <Button
            variant={state.phase === 'review' ? 'filled' : 'subtle'}
            disabled={state.phase === 'recording'}
            loading={isStarting}
            rightSection={<IconArrowRight size={18} className={mirrorClasses.mirror} aria-hidden />}
            onClick={() => {
              dropTake();
              onDone();
            }}
          >
            {state.phase === 'review'
              ? t('onboarding.practice.continue')
              : t('onboarding.practice.skip')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
