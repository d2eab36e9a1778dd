import {
  canProceed,
  getAnswerType,
  ONE_TRY_COUNTDOWN_MS,
  type CandidateAnswer,
  type PublicQuestion,
  type RecordingKind,
} from '@candid/domain';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startTake, type ActiveTake, type TakeTarget } from '../take-recorder';
import { useQuestionTimer } from '../use-question-timer';
import { CodeAnswer, ImageAnswer, MultipleChoiceAnswer, TextAnswer } from './answer-inputs';
import { QuestionTimer } from './question-timer';
import richText from '../../../common/ui/rich-text.module.css';

export interface QuestionResult {
  answer: CandidateAnswer;
  recordings: { recId: string; kind: RecordingKind }[];
}

type Phase = 'countdown' | 'idle' | 'recording' | 'recorded' | 'saving';

interface QuestionStepProps {
  quest: PublicQuestion;
  index: number;
  count: number;
  isOneTry: boolean;
  cameraStream: MediaStream | null;
  screenStream: MediaStream | null;
  mimeType: string | null;
  /** Null in a demo: nothing is stored. */
  target: TakeTarget | null;
  applicantId: string | null;
  /**
   * A blocking device error (spec §8) is showing: the recorders stop (the take is kept) and the
   * clock pauses. When it clears, a take that was cut off restarts as a new take, except in a
   * one-try job, where the cut-off take is the answer (one take only: nothing recorded is
   * thrown away).
   */
  isBlocked?: boolean;
  onDone(result: QuestionResult): void;
}

/**
 * One question (spec §4 "Candidate interview"): the timer, and the answer of its type. Video and
 * screen answers: with retakes start → stop → retake or save and proceed; one-try: a countdown,
 * recording starts by itself and ends at the time limit or on proceed.
 */
export function QuestionStep(props: QuestionStepProps) {
  const { quest, index, count, isOneTry, onDone } = props;
  const { t } = useTranslation();
  const type = getAnswerType(quest.ansRule);
  const isRecorded = type === 'video' || type === 'screen';
  const limitMs = quest.timeLimit * 60_000;
  const isLast = index === count - 1;

  const [phase, setPhase] = useState<Phase>(isRecorded && isOneTry ? 'countdown' : 'idle');
  const [countdownMs, setCountdownMs] = useState(ONE_TRY_COUNTDOWN_MS);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [optIdx, setOptIdx] = useState<number[]>([]);
  const [imgKey, setImgKey] = useState<string | null>(null);
  const takeRef = useRef<ActiveTake | null>(null);
  const phaseRef = useRef(phase);
  useEffect(() => {
    phaseRef.current = phase;
  }, [phase]);
  const [hasRecording, setHasRecording] = useState(false);
  const doneRef = useRef(false);
  const questionStartRef = useRef(0);
  useEffect(() => {
    questionStartRef.current = Date.now();
  }, []);

  const finish = useCallback(async () => {
    if (doneRef.current) return;
    doneRef.current = true;
    setPhase('saving');
    const take = takeRef.current;
    const startedAt = Date.now();
    if (take) await take.stop();
    const answer: CandidateAnswer = { resTime: 0 };
    if (type === 'text' || type === 'code') answer.txt = text;
    if (type === 'multipleChoice') answer.optIdx = optIdx;
    if (type === 'image') answer.imgKey = imgKey;
    answer.resTime = Math.round((startedAt - questionStartRef.current) / 1000);
    onDone({ answer, recordings: take?.recordings ?? [] });
  }, [imgKey, onDone, optIdx, text, type]);

  const isBlocked = props.isBlocked ?? false;
  const isTimerRunning = phase !== 'countdown' && phase !== 'saving' && !isBlocked;
  const { elapsedMs, state } = useQuestionTimer(isTimerRunning, limitMs, () => void finish());

  const startRecording = useCallback(async () => {
    setError(null);
    const streams: { kind: RecordingKind; stream: MediaStream }[] = [];
    if (props.cameraStream) streams.push({ kind: 'face', stream: props.cameraStream });
    if (type === 'screen' && props.screenStream) {
      streams.push({ kind: 'screen', stream: props.screenStream });
    }
    if (streams.length === 0) {
      setError('interviewProgress.errors.noStream');
      return;
    }
    try {
      takeRef.current = await startTake({
        streams,
        mimeType: props.mimeType,
        target: props.target,
      });
      setPhase('recording');
    } catch {
      setError('interviewProgress.errors.recorder');
    }
  }, [props.cameraStream, props.mimeType, props.screenStream, props.target, type]);

  // A blocking error stops the recorders; when it clears, a cut-off take restarts.
  const cutOffRef = useRef(false);
  useEffect(() => {
    if (isBlocked) {
      const take = takeRef.current;
      if (phaseRef.current !== 'recording' || !take) return;
      cutOffRef.current = true;
      void take.stop().then(() => {
        setHasRecording(true);
        setPhase('recorded');
      });
      return;
    }
    if (!cutOffRef.current) return;
    cutOffRef.current = false;
    if (isOneTry) return;
    void (async () => {
      const take = takeRef.current;
      takeRef.current = null;
      await take?.discard();
      setHasRecording(false);
      await startRecording();
    })();
  }, [isBlocked, isOneTry, startRecording]);

  // One-try: the countdown, then recording starts by itself.
  useEffect(() => {
    if (phase !== 'countdown') return undefined;
    const endsAt = Date.now() + ONE_TRY_COUNTDOWN_MS;
    const id = window.setInterval(() => {
      const left = endsAt - Date.now();
      setCountdownMs(Math.max(0, left));
      if (left <= 0) {
        window.clearInterval(id);
        questionStartRef.current = Date.now();
        void startRecording().then(() => setHasRecording(true));
      }
    }, 250);
    return () => window.clearInterval(id);
  }, [phase, startRecording]);

  // Leaving the question (unmount) never leaves a recorder running.
  useEffect(
    () => () => {
      void takeRef.current?.stop();
    },
    [],
  );

  async function stopRecording() {
    await takeRef.current?.stop();
    setHasRecording(true);
    setPhase('recorded');
  }

  async function retake() {
    const take = takeRef.current;
    takeRef.current = null;
    setHasRecording(false);
    setPhase('idle');
    await take?.discard();
  }

  const isProceedAllowed =
    canProceed({ elapsedMs, hasRecording }) &&
    phase !== 'saving' &&
    phase !== 'countdown' &&
    (!isRecorded || isOneTry || phase === 'recorded');
  const proceedLabel = isLast
    ? t('interviewProgress.actions.finish')
    : t('interviewProgress.actions.proceed');

  return (
    <Stack gap="md" data-testid="question-step" data-question-index={index} data-phase={phase}>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t('interviewProgress.questionOf', { current: index + 1, count })}
        </Text>
        {phase === 'recording' ? (
          <Badge color="red" variant="dot" data-testid="recording-badge">
            {t('interviewProgress.recording')}
          </Badge>
        ) : null}
      </Group>
      <Title order={2} size="h3">
        {quest.txt}
      </Title>
      {quest.desc ? (
        // The server sanitises question descriptions before storing them.
        <div className={richText.bidi} dangerouslySetInnerHTML={{ __html: quest.desc }} />
      ) : null}
      {phase === 'countdown' ? (
        <Paper withBorder p="lg" ta="center" data-testid="one-try-countdown">
          <Text>{t('interviewProgress.countdown')}</Text>
          <Text size="xl" fw={700}>
            {Math.ceil(countdownMs / 1000)}
          </Text>
        </Paper>
      ) : (
        <QuestionTimer limitMs={limitMs} elapsedMs={elapsedMs} state={state} />
      )}
      {error ? <Alert color="red">{t(error)}</Alert> : null}

      {isRecorded && props.cameraStream ? <CameraPreview stream={props.cameraStream} /> : null}
      {type === 'text' ? <TextAnswer value={text} onChange={setText} /> : null}
      {type === 'code' ? <CodeAnswer value={text} onChange={setText} /> : null}
      {type === 'multipleChoice' ? (
        <MultipleChoiceAnswer options={quest.opts ?? []} value={optIdx} onChange={setOptIdx} />
      ) : null}
      {type === 'image' ? (
        <ImageAnswer applicantId={props.applicantId} questId={quest.id} onUploaded={setImgKey} />
      ) : null}

      <Group justify="flex-end">
        {isRecorded && !isOneTry && phase === 'idle' ? (
          <Button color="red" disabled={isBlocked} onClick={() => void startRecording()}>
            {t('interviewProgress.actions.start')}
          </Button>
        ) : null}
        {isRecorded && !isOneTry && phase === 'recording' ? (
          <Button color="red" variant="outline" onClick={() => void stopRecording()}>
            {t('interviewProgress.actions.stop')}
          </Button>
        ) : null}
        {isRecorded && !isOneTry && phase === 'recorded' ? (
          <Button variant="default" disabled={isBlocked} onClick={() => void retake()}>
            {t('interviewProgress.actions.retake')}
          </Button>
        ) : null}
        {!isRecorded || isOneTry || phase === 'recorded' || phase === 'saving' ? (
          <Button
            onClick={() => void finish()}
            disabled={!isProceedAllowed || isBlocked}
            loading={phase === 'saving'}
          >
            {proceedLabel}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

function CameraPreview({ stream }: { stream: MediaStream }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      autoPlay
      muted
      playsInline
      style={{
        width: '100%',
        maxWidth: 480,
        borderRadius: 8,
        background: '#000',
        alignSelf: 'center',
      }}
    />
  );
}
