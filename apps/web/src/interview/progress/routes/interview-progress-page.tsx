import {
  createMediaError,
  getAnswerType,
  type RecordingKind,
  SCREEN_MAX_HEIGHT,
  SCREEN_MAX_WIDTH,
  type InterviewErrorAction,
} from '@candid/domain';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { getBrowserInfo } from '../../media/browser-info';
import { ErrorDetail } from '../../onboarding/components/error-detail';
import { InterviewFrame } from '../../onboarding/components/interview-frame';
import { useAccommodationDecision } from '../../accommodation/use-accommodation-decision';
import { useAccommodation } from '../../api/accommodation';
import { hasInterviewSession, useInterviewSession } from '../../session/interview-session-store';
import { forgetDurableInterview } from '../../session/durable-interview';
import { isInterviewLive } from '../../session/live-interview';
import { useConfirmBackToOnboarding, useQuitWarning } from '../../session/use-leave-guards';
import { announceInterviewQuit, announceInterviewStart } from '../../session/interview-alerts';
import { sendQuit } from '../../upload/upload-api';
import { getUploadManager } from '../../upload/upload-service';
import { InterruptedTake } from '../components/interrupted-take';
import { QuestionStep, type QuestionResult } from '../components/question-step';
import { hasInterviewEnded, markInterviewEnded } from '../interview-progress-state';
import type { TakeTarget } from '../take-recorder';
import { isLostDevice } from '../blocking-errors';
import { useBlockingErrors } from '../use-blocking-errors';
import { useInterviewCamera } from '../use-interview-camera';

/**
 * `/interview/{jobId}/inprogress`: the questions one by one; every answer goes to
 * the upload queue, which saves it to the applicant once its recordings are stored.
 */
export function InterviewProgressPage() {
  const { jobId = '' } = useParams();
  const session = useInterviewSession();
  // The queue resumes what an earlier page left in IndexedDB, even when this page redirects.
  useEffect(() => {
    getUploadManager();
    // The end page submits the interview and shows the upload progress: load its code now,
    // while the candidate is online, so finishing offline never waits on a chunk download.
    void import('../../end/routes/interview-end-page');
  }, []);

  // A page that was reloaded (or reopened after a crash) has no live interview: the continue
  // screen comes first, where the candidate sees what is saved and goes on by a click.
  if (!hasInterviewSession(session, jobId) || !session.job) {
    return <Navigate to={`/interview/${jobId}`} replace />;
  }
  if (!session.isDemo && !isInterviewLive(jobId)) {
    return <Navigate to={`/interview/${jobId}`} replace />;
  }
  if (hasInterviewEnded(jobId, session.applicant?.id)) {
    return <Navigate to={`/interview/${jobId}/end`} replace />;
  }
  return (
    <InterviewFrame
      isDemo={session.isDemo}
      brand={session.job?.brand ?? null}
      companyName={session.job?.company.name}
    >
      <InterviewQuestions jobId={jobId} />
    </InterviewFrame>
  );
}

function InterviewQuestions({ jobId }: { jobId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useInterviewSession();
  const { job, applicant, candidateToken, isDemo } = session;
  const index = session.questionIndex;
  const setIndex = session.setQuestionIndex;
  const camera = useInterviewCamera(session.cameraStream, session.mediaConstraints);
  const cameraStream = camera.stream;
  // On opening: whether the current question's take cut off by a reload or a crash was looked for.
  const [isRecovered, setIsRecovered] = useState(!canStoreSession(session));
  /** That take, kept for the candidate to choose what becomes of it. */
  const [interrupted, setInterrupted] = useState<{
    questId: string;
    takes: { recId: string; kind: RecordingKind; durationMs: number }[];
  } | null>(null);
  const isLeavingRef = useRef(false);
  const quests = useMemo(() => job?.quests ?? [], [job]);
  const canStore = !isDemo && applicant !== null && candidateToken !== null;
  // Approved extra time lengthens every question's limits; each question reads what
  // is known when it opens, so a decision that arrives mid-interview applies from the next one.
  const accommodation = useAccommodation(canStore ? applicant.id : null);
  useAccommodationDecision(
    canStore ? applicant.id : null,
    candidateToken,
    accommodation.data?.accommodation?.status === 'pending',
  );

  const quit = useCallback(() => {
    if (isLeavingRef.current || !canStore || !applicant || !candidateToken) return;
    isLeavingRef.current = true;
    sendQuit(candidateToken, applicant.id, jobId);
  }, [applicant, candidateToken, canStore, jobId]);

  useQuitWarning(!isDemo);
  const leaveForOnboarding = useCallback(() => {
    const hasQuit = !isLeavingRef.current && canStore;
    quit();
    if (hasQuit) announceInterviewQuit();
    // Leaving for the onboarding on purpose: reopening the link does not offer this one again.
    forgetDurableInterview(jobId);
  }, [canStore, jobId, quit]);
  useConfirmBackToOnboarding(jobId, leaveForOnboarding);
  const applicantId = canStore ? applicant.id : null;
  useEffect(() => {
    if (applicantId) announceInterviewStart(applicantId);
  }, [applicantId]);
  useEffect(() => {
    window.addEventListener('pagehide', quit);
    return () => window.removeEventListener('pagehide', quit);
  }, [quit]);

  const target = useMemo<TakeTarget | null>(() => {
    const quest = quests[index];
    if (!canStore || !applicant || !candidateToken || !quest) return null;
    return {
      applicantId: applicant.id,
      jobId,
      questId: quest.id,
      candidateToken,
      container: session.recordingContainer ?? 'webm',
    };
  }, [applicant, candidateToken, canStore, index, jobId, quests, session.recordingContainer]);

  // A reload or a crash in the middle of a recorded question: what was recorded before the page
  // went away is in IndexedDB (and uploading). It is kept, and the candidate chooses what becomes
  // of it: nothing is saved as the answer, or submitted, by itself.
  useEffect(() => {
    if (isRecovered) return;
    const quest = quests[index];
    let isActive = true;
    void (async () => {
      if (!quest || !applicant) {
        setIsRecovered(true);
        return;
      }
      const takes = await getUploadManager()
        .findUnsavedRecordings(applicant.id, quest.id)
        .catch(() => []);
      if (!isActive) return;
      if (takes.length > 0) setInterrupted({ questId: quest.id, takes });
      setIsRecovered(true);
    })();
    return () => {
      isActive = false;
    };
  }, [applicant, index, isRecovered, quests]);

  /** After a question: the next one, or (after the last) the upload and submit. */
  const goOn = useCallback(() => {
    if (index + 1 < quests.length) {
      setIndex(index + 1);
      return;
    }
    if (applicant) markInterviewEnded(jobId, applicant.id);
    if (!isDemo) useInterviewSession.getState().markFinishing();
    isLeavingRef.current = true;
    void navigate(`/interview/${jobId}/end${isDemo ? '?demo=1' : ''}`, { replace: true });
  }, [applicant, index, isDemo, jobId, navigate, quests.length, setIndex]);

  /** The interrupted take becomes the answer (the candidate's choice). */
  const keepInterrupted = useCallback(async () => {
    const quest = quests[index];
    if (!interrupted || !quest || !applicant || !candidateToken) return;
    const durationMs = Math.max(...interrupted.takes.map((take) => take.durationMs));
    await getUploadManager().saveAnswer({
      applicantId: applicant.id,
      jobId,
      questId: quest.id,
      candidateToken,
      answer: { resTime: Math.round(durationMs / 1000) },
      recordings: interrupted.takes.map(({ recId, kind }) => ({ recId, kind })),
    });
    setInterrupted(null);
    goOn();
  }, [applicant, candidateToken, goOn, index, interrupted, jobId, quests]);

  /** Record again: the interrupted take is dropped (on the server too), the question restarts. */
  const retakeInterrupted = useCallback(async () => {
    if (!interrupted) return;
    const manager = getUploadManager();
    await Promise.all(interrupted.takes.map(({ recId }) => manager.discardRecording(recId)));
    setInterrupted(null);
  }, [interrupted]);

  const handleDone = useCallback(
    (result: QuestionResult) => {
      const quest = quests[index];
      if (quest && canStore && applicant && candidateToken) {
        void getUploadManager().saveAnswer({
          applicantId: applicant.id,
          jobId,
          questId: quest.id,
          candidateToken,
          answer: result.answer,
          recordings: result.recordings,
        });
      }
      goOn();
    },
    [applicant, candidateToken, canStore, goOn, index, jobId, quests],
  );

  const quest = quests[index];
  const needsScreen = quest ? getAnswerType(quest.ansRule) === 'screen' : false;
  const blocking = useBlockingErrors(cameraStream, session.screenStream, needsScreen);
  const [isRetrying, setIsRetrying] = useState(false);
  const [browser] = useState(() => getBrowserInfo());

  /** Asks for the lost device again; the error clears only when it is back. */
  async function recoverDevice(action: InterviewErrorAction | 'retry') {
    if (action === 'reload') {
      window.location.reload();
      return;
    }
    setIsRetrying(true);
    try {
      if (blocking.error === 'DENIED_SCREEN_ACCESS') {
        const screen = await navigator.mediaDevices.getDisplayMedia({
          video: { width: { max: SCREEN_MAX_WIDTH }, height: { max: SCREEN_MAX_HEIGHT } },
          audio: false,
        });
        session.setScreenStream(screen);
      } else {
        const stream = await navigator.mediaDevices.getUserMedia(
          session.mediaConstraints ?? { video: true, audio: true },
        );
        cameraStream?.getTracks().forEach((track) => track.stop());
        camera.setStream(stream);
      }
      blocking.clearLost();
    } catch {
      // Still unavailable: the error stays and the candidate can try again.
    } finally {
      setIsRetrying(false);
    }
  }

  if (!quest || !job || !isRecovered || accommodation.isLoading) return null;
  if (interrupted && interrupted.questId === quest.id) {
    return (
      <InterruptedTake
        quest={quest}
        index={index}
        count={quests.length}
        recordedMs={Math.max(...interrupted.takes.map((take) => take.durationMs))}
        canRetake={!job.rule.isOneTry}
        onRetake={retakeInterrupted}
        onKeep={keepInterrupted}
      />
    );
  }
  if (getAnswerType(quest.ansRule) === 'screen' && !session.screenStream) {
    return <ShareScreenAgain onShared={session.setScreenStream} />;
  }
  // After a reload the camera takes a moment (seconds on a slow phone) to open again. The
  // question, its clock and its Start button wait for it: a tap before it is there would
  // only say the camera is not available, and a one-try countdown would run out without it.
  if (isRecordedAnswer(quest.ansRule) && camera.isOpening) {
    return (
      <Group gap="sm" justify="center" py="xl" data-testid="camera-starting">
        <Loader size="sm" />
        <Text>{t('interviewProgress.cameraStarting')}</Text>
      </Group>
    );
  }
  const blockingError = blocking.error
    ? createMediaError(blocking.error, browser.browserName)
    : null;
  // A lost device is asked for again; the connection and a silent microphone clear by themselves.
  const canAskAgain = blocking.error !== null && isLostDevice(blocking.error);
  return (
    <Stack gap="lg">
      {blockingError ? (
        <Stack
          gap="xs"
          data-testid={canAskAgain ? 'lost-device' : 'blocking-error'}
          data-error={blockingError.type}
        >
          <ErrorDetail
            error={blockingError}
            browser={browser}
            onAction={(action) => void recoverDevice(action)}
          />
          {canAskAgain ? (
            <Button
              variant="default"
              loading={isRetrying}
              onClick={() => void recoverDevice('retry')}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('interviewProgress.lostDevice.retry')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t('interviewProgress.blocked.waiting')}
            </Text>
          )}
        </Stack>
      ) : null}
      <QuestionStep
        blockedBy={blocking.error}
        key={quest.id}
        quest={quest}
        index={index}
        count={quests.length}
        isOneTry={job.rule.isOneTry}
        cameraStream={cameraStream}
        screenStream={session.screenStream}
        mimeType={session.recordingMimeType}
        bitrates={session.recordingBitrates}
        target={target}
        applicantId={canStore ? (applicant?.id ?? null) : null}
        accommodation={accommodation.data?.accommodation ?? null}
        onDone={handleDone}
      />
    </Stack>
  );
}

function isRecordedAnswer(ansRule: Parameters<typeof getAnswerType>[0]): boolean {
  const type = getAnswerType(ansRule);
  return type === 'video' || type === 'screen';
}

/** Whether answers of this session are stored (not a demo, and the applicant exists). */
function canStoreSession(session: {
  isDemo: boolean;
  applicant: unknown;
  candidateToken: string | null;
}): boolean {
  return !session.isDemo && session.applicant !== null && session.candidateToken !== null;
}

/**
 * A screen question after a reload: the screen share ended with the old page, and the browser
 * asks again only on a click (a user gesture).
 */
function ShareScreenAgain({ onShared }: { onShared: (stream: MediaStream) => void }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  async function share() {
    try {
      const stream = await navigator.mediaDevices.getDisplayMedia({
        video: { width: { max: SCREEN_MAX_WIDTH }, height: { max: SCREEN_MAX_HEIGHT } },
        audio: false,
      });
      onShared(stream);
    } catch {
      setFailed(true);
    }
  }
  return (
    <Stack gap="md" align="flex-start" data-testid="share-screen-again">
      <Title order={2} size="h3">
        {t('interviewProgress.shareAgain.title')}
      </Title>
      <Text>{t('interviewProgress.shareAgain.text')}</Text>
      {failed ? <Alert color="red">{t('interviewProgress.shareAgain.failed')}</Alert> : null}
      <Button onClick={() => void share()}>{t('interviewProgress.shareAgain.action')}</Button>
    </Stack>
  );
}

export default InterviewProgressPage;
