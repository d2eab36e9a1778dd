import {
  applyAccommodation,
  approvedExtraRetakes,
  canProceed,
  getAnswerType,
  type Accommodation,
  type CandidateAnswer,
  type InterviewErrorType,
  type PublicQuestion,
  type RecordingBitrates,
  type RecordingKind,
} from '@candid/domain';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reactToBlock, reactToClear } from '../blocking-errors';
import { startTake, type ActiveTake, type TakeTarget } from '../take-recorder';
import { useQuestionClock, type QuestionClockActions } from '../use-question-timer';
import { ensureFiniteDuration, toPlayableRecording } from '../../media/playable-recording';
import { CodeAnswer, ImageAnswer, MultipleChoiceAnswer, TextAnswer } from './answer-inputs';
import { QuestionTimer } from './question-timer';
import richText from '../../../common/ui/rich-text.module.css';

export interface QuestionResult {
  answer: CandidateAnswer;
  recordings: { recId: string; kind: RecordingKind }[];
}

interface QuestionStepProps {
  quest: PublicQuestion;
  index: number;
  count: number;
  isOneTry: boolean;
  cameraStream: MediaStream | null;
  screenStream: MediaStream | null;
  mimeType: string | null;
  /** The recorder's bitrates for the candidate's uplink; null: the browser's own. */
  bitrates: RecordingBitrates | null;
  /** Null in a demo: nothing is stored. */
  target: TakeTarget | null;
  applicantId: string | null;
  /**
   * The candidate's accommodation: approved extra time lengthens the limits; approved
   * extra retakes let a one-try question be recorded again that many times.
   */
  accommodation?: Accommodation | null;
  /**
   * The blocking error showing, if any (progress/blocking-errors.ts): the clock pauses, and so
   * do the recorders while their streams still run (the same take goes on when it clears); a
   * lost device cuts the take off, and once it is back the answer is recorded again (retakes),
   * goes on in a new recording (one-try: the cut-off one stays with the answer) or, after a
   * stopped screen share in a one-try job, the cut-off take is the answer.
   */
  blockedBy?: InterviewErrorType | null;
  onDone(result: QuestionResult): void;
}

/**
 * One question ("Candidate interview"): the timer, and the answer of its type. Video and
 * screen answers: with retakes start → stop → retake or save and proceed; one-try: a countdown,
 * recording starts by itself and ends at the time limit or on proceed. One-try with approved
 * extra retakes: while a retake is left, the take can be stopped (or ends at the
 * limit) and is offered for review, Retake (with the count left: the countdown again, the full
 * limit) or Save; the last take, with none left, runs as a plain one-try take.
 */
export function QuestionStep(props: QuestionStepProps) {
  const { quest, index, count, isOneTry, onDone } = props;
  const { t } = useTranslation();
  const type = getAnswerType(quest.ansRule);
  const isRecorded = type === 'video' || type === 'screen';
  const { limitMs, thinkTimeMs } = applyAccommodation(quest, props.accommodation ?? null);
  const oneTryRetakes =
    isOneTry && isRecorded ? approvedExtraRetakes(props.accommodation ?? null) : 0;
  const isLast = index === count - 1;
  const blockedBy = props.blockedBy ?? null;
  const isBlocked = blockedBy !== null;

  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [optIdx, setOptIdx] = useState<number[]>([]);
  const [imgKey, setImgKey] = useState<string | null>(null);
  const [review, setReview] = useState<ActiveTake['review']>(null);
  const takeRef = useRef<ActiveTake | null>(null);
  const startingRef = useRef(false);
  const [hasRecording, setHasRecording] = useState(false);
  const doneRef = useRef(false);
  /** Recordings of a one-try take cut off by a lost device: part of the answer, never dropped. */
  const keptRecordingsRef = useRef<{ recId: string; kind: RecordingKind }[]>([]);

  // The handlers below reach the clock through this ref: it exists only once the hook ran.
  const clockRef = useRef<QuestionClockActions | null>(null);

  const finish = useCallback(async () => {
    if (doneRef.current) return;
    doneRef.current = true;
    setIsSaving(true);
    const take = takeRef.current;
    clockRef.current?.stopTake();
    if (take) await take.stop();
    const view = clockRef.current?.view() ?? null;
    const answer: CandidateAnswer = { resTime: 0 };
    if (type === 'text' || type === 'code') answer.txt = text;
    if (type === 'multipleChoice') answer.optIdx = optIdx;
    if (type === 'image') answer.imgKey = imgKey;
    // A recorded answer's time is its take's length; any other, the time spent answering.
    answer.resTime = Math.round(
      ((isRecorded ? view?.answerElapsedMs : view?.questionElapsedMs) ?? 0) / 1000,
    );
    onDone({ answer, recordings: [...keptRecordingsRef.current, ...(take?.recordings ?? [])] });
  }, [imgKey, isRecorded, onDone, optIdx, text, type]);

  const startRecording = useCallback(
    async (mode: 'new' | 'continue' = 'new') => {
      if (startingRef.current || doneRef.current) return;
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
      startingRef.current = true;
      try {
        takeRef.current = await startTake({
          streams,
          mimeType: props.mimeType,
          bitrates: props.bitrates,
          target: props.target,
        });
        setReview(null);
        if (mode === 'continue') clockRef.current?.continueTake();
        else clockRef.current?.startTake();
      } catch {
        setError('interviewProgress.errors.recorder');
      } finally {
        startingRef.current = false;
      }
    },
    [props.cameraStream, props.mimeType, props.bitrates, props.screenStream, props.target, type],
  );

  /** Stop (or time-up): the take is kept and offered for review, Retake or Save. */
  const stopRecording = useCallback(async () => {
    clockRef.current?.stopTake();
    const take = takeRef.current;
    await take?.stop();
    setHasRecording(true);
    if (take && takeRef.current === take) setReview(take.review);
  }, []);

  // Read by the time-up handler: whether the take being recorded may still be retaken.
  const canRetakeRef = useRef(false);
  const handlers = useMemo(
    () => ({
      onCountdownEnd: () => {
        void startRecording().then(() => setHasRecording(true));
      },
      onThinkTimeUp: () => void startRecording(),
      onTimeUp: () => {
        // With retakes, time-up ends the take, never the question: the candidate still
        // chooses Retake or Save; so does one-try while an extra retake is left. Otherwise
        // one-try and unrecorded answers end with what was given.
        if (isRecorded && (!isOneTry || canRetakeRef.current)) void stopRecording();
        else void finish();
      },
    }),
    [finish, isOneTry, isRecorded, startRecording, stopRecording],
  );
  const clockConfig = useMemo(
    () => ({
      limitMs,
      isRecorded,
      isOneTry,
      thinkTimeMs,
      oneTryRetakes,
    }),
    // The hook reads it once: one clock per question (the step is keyed by question id).
    [isOneTry, isRecorded, limitMs, thinkTimeMs, oneTryRetakes],
  );
  const { view, actions: clock } = useQuestionClock(clockConfig, isBlocked, handlers);
  useEffect(() => {
    clockRef.current = clock;
  }, [clock]);
  const phase = isSaving ? 'saving' : view.phase;
  /** One-try with an extra retake left for this question. */
  const canRetakeOneTry = isOneTry && isRecorded && (view.retakesLeft ?? 0) > 0;
  useEffect(() => {
    canRetakeRef.current = canRetakeOneTry;
  }, [canRetakeOneTry]);
  const phaseRef = useRef(phase);
  useEffect(() => {
    phaseRef.current = phase;
  }, [phase]);

  // A blocking error pauses the recorders or cuts the take off; when it clears, the paused
  // take goes on and a cut-off one is recorded again or continued (blocking-errors.ts).
  const blockedByRef = useRef(blockedBy);
  useEffect(() => {
    blockedByRef.current = blockedBy;
  }, [blockedBy]);
  const pausedRef = useRef(false);
  const cutOffByRef = useRef<InterviewErrorType | null>(null);
  useEffect(() => {
    if (isBlocked) {
      const take = takeRef.current;
      const cause = blockedByRef.current;
      if (phaseRef.current !== 'recording' || !take || !cause) return;
      if (reactToBlock(cause) === 'pause') {
        pausedRef.current = true;
        take.pause();
        return;
      }
      cutOffByRef.current = cause;
      void stopRecording();
      return;
    }
    if (pausedRef.current) {
      pausedRef.current = false;
      const paused = takeRef.current;
      // Stopped by the candidate meanwhile: nothing to go on with.
      if (!paused || phaseRef.current !== 'recording') return;
      if (paused.resume()) return;
      // A stream that ended while paused cannot go on: the take is cut off, as by a lost device.
      cutOffByRef.current = 'CAMERA_NOT_FOUND';
    }
    const cutOffBy = cutOffByRef.current;
    if (!cutOffBy) return;
    cutOffByRef.current = null;
    const plan = reactToClear(cutOffBy, isOneTry);
    if (plan === 'keep') return;
    void (async () => {
      const take = takeRef.current;
      takeRef.current = null;
      setReview(null);
      clockRef.current?.stopTake();
      if (plan === 'continue') {
        await take?.stop();
        keptRecordingsRef.current.push(...(take?.recordings ?? []));
        await startRecording('continue');
        return;
      }
      clockRef.current?.retake();
      await take?.discard();
      setHasRecording(false);
      await startRecording();
    })();
  }, [isBlocked, isOneTry, startRecording, stopRecording]);

  // Leaving the question (unmount) never leaves a recorder running.
  useEffect(
    () => () => {
      void takeRef.current?.stop();
    },
    [],
  );

  async function retake() {
    const take = takeRef.current;
    takeRef.current = null;
    setHasRecording(false);
    setReview(null);
    clock.retake();
    // The discarded take's upload is cancelled and what reached the server deleted.
    await take?.discard();
  }

  const isProceedAllowed =
    canProceed({ elapsedMs: view.questionElapsedMs, hasRecording }) &&
    phase !== 'saving' &&
    phase !== 'countdown' &&
    (!isRecorded || isOneTry || phase === 'recorded');
  const proceedLabel = isLast
    ? t('interviewProgress.actions.finish')
    : t('interviewProgress.actions.proceed');
  const isIdle = phase === 'reading' || phase === 'ready';
  const isReviewing = isRecorded && review !== null && phase === 'recorded';

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
            {Math.ceil(view.countdownLeftMs / 1000)}
          </Text>
        </Paper>
      ) : (
        <QuestionTimer limitMs={limitMs} view={view} />
      )}
      {error ? <Alert color="red">{t(error)}</Alert> : null}

      {oneTryRetakes > 0 && (phase === 'countdown' || phase === 'recording') ? (
        <Text size="sm" c="dimmed" data-testid="one-try-retakes">
          {(view.retakesLeft ?? 0) > 0
            ? t('interviewProgress.oneTry.retakesLeft', { count: view.retakesLeft ?? 0 })
            : t('interviewProgress.oneTry.lastTake')}
        </Text>
      ) : null}
      {isReviewing && review ? <TakeReview review={review} /> : null}
      {isRecorded && props.cameraStream && !isReviewing ? (
        <CameraPreview stream={props.cameraStream} />
      ) : null}
      {type === 'text' ? <TextAnswer value={text} onChange={setText} /> : null}
      {type === 'code' ? <CodeAnswer value={text} onChange={setText} /> : null}
      {type === 'multipleChoice' ? (
        <MultipleChoiceAnswer options={quest.opts ?? []} value={optIdx} onChange={setOptIdx} />
      ) : null}
      {type === 'image' ? (
        <ImageAnswer applicantId={props.applicantId} questId={quest.id} onUploaded={setImgKey} />
      ) : null}

      <Group justify="flex-end">
        {isRecorded && !isOneTry && isIdle ? (
          <Button color="red" disabled={isBlocked} onClick={() => void startRecording()}>
            {t('interviewProgress.actions.start')}
          </Button>
        ) : null}
        {isRecorded && (!isOneTry || canRetakeOneTry) && phase === 'recording' ? (
          <Button color="red" variant="outline" onClick={() => void stopRecording()}>
            {t('interviewProgress.actions.stop')}
          </Button>
        ) : null}
        {isRecorded && !isOneTry && phase === 'recorded' ? (
          <Button variant="default" disabled={isBlocked} onClick={() => void retake()}>
            {t('interviewProgress.actions.retake')}
          </Button>
        ) : null}
        {canRetakeOneTry && phase === 'recorded' ? (
          <Button
            variant="default"
            disabled={isBlocked}
            onClick={() => void retake()}
            data-testid="one-try-retake"
          >
            {t('interviewProgress.actions.retakeLeft', { count: view.retakesLeft ?? 0 })}
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

/**
 * The take just recorded, to watch before Retake or Save: a finite, seekable
 * duration (the WebM's Duration is written in, with the player's fallback behind it).
 */
function TakeReview({ review }: { review: NonNullable<ActiveTake['review']> }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let isActive = true;
    let made: string | null = null;
    void toPlayableRecording(review.blob, review.durationMs).then((blob) => {
      if (!isActive) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    });
    return () => {
      isActive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [review]);
  return (
    <Stack gap={4} style={{ alignSelf: 'center', width: '100%', maxWidth: 480 }}>
      <Text size="sm" fw={600}>
        {t('interviewProgress.review.title')}
      </Text>
      <video
        src={url ?? undefined}
        controls
        playsInline
        preload="metadata"
        data-testid="take-review"
        aria-label={t('interviewProgress.review.label')}
        onLoadedMetadata={(event) => ensureFiniteDuration(event.currentTarget)}
        style={{ width: '100%', borderRadius: 8, background: '#000' }}
      />
      <Text size="xs" c="dimmed">
        {t('interviewProgress.review.hint')}
      </Text>
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
