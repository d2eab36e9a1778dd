import {
  Alert,
  Button,
  CopyButton,
  Modal,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import confetti from 'canvas-confetti';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { exponentialDelay, StopRetrying, withRetry } from '../../../common/async/with-retry';
import { useStatusLink } from '../../api/application-status';
import { InterviewFrame } from '../../onboarding/components/interview-frame';
import { markInterviewEnded } from '../../progress/interview-progress-state';
import {
  hasInterviewSession,
  stopStream,
  useInterviewSession,
} from '../../session/interview-session-store';
import { useConfirmBackToOnboarding, useQuitWarning } from '../../session/use-leave-guards';
import { announceInterviewSubmitted } from '../../session/interview-alerts';
import { UploadHttpError } from '../../upload/upload-api';
import { forgetDurableInterview } from '../../session/durable-interview';
import { getUploadManager, sleepUntilOnline } from '../../upload/upload-service';
import { useApplicantUpload } from '../../upload/use-upload-progress';

type EndPhase = 'uploading' | 'done' | 'failed';

/** The HTTP status a submit failed with; 0 when nothing answered. */
const submitStatus = (error: unknown) => (error instanceof UploadHttpError ? error.status : 0);

/**
 * How often a submit refused as incomplete (409) is retried: a recording finished on another
 * server process, or an answer of an earlier page, may still be on its way. With the growing
 * wait below this covers about a minute.
 */
const INCOMPLETE_RETRIES = 12;
const MAX_RETRY_WAIT_MS = 8_000;

/**
 * `/interview/{jobId}/end`: the upload percent until everything is stored; the
 * moment the server confirmed the last byte, the waiting answers and `timestamp.submitted` go
 * in one call, then the thank-you page with confetti; offline shows a modal.
 */
export function InterviewEndPage() {
  const { jobId = '' } = useParams();
  const session = useInterviewSession();
  if (!hasInterviewSession(session, jobId)) return <Navigate to={`/interview/${jobId}`} replace />;
  return (
    <InterviewFrame
      isDemo={session.isDemo}
      brand={session.job?.brand ?? null}
      companyName={session.job?.company.name}
    >
      <InterviewEnd jobId={jobId} />
    </InterviewFrame>
  );
}

function InterviewEnd({ jobId }: { jobId: string }) {
  const { t } = useTranslation();
  const { applicant, candidateToken, isDemo, job } = useInterviewSession();
  const applicantId = isDemo ? null : (applicant?.id ?? null);
  const upload = useApplicantUpload(applicantId);
  const [phase, setPhase] = useState<EndPhase>(isDemo ? 'done' : 'uploading');
  const [failure, setFailure] = useState<string | null>(null);
  const [attemptRun, setAttemptRun] = useState(0);
  const submittingRef = useRef(false);

  useQuitWarning(phase === 'uploading');
  useConfirmBackToOnboarding(jobId);

  useEffect(() => {
    if (applicantId) markInterviewEnded(jobId, applicantId);
  }, [applicantId, jobId]);

  useEffect(() => {
    if (!applicantId || !candidateToken || submittingRef.current) return undefined;
    submittingRef.current = true;
    let isActive = true;
    void (async () => {
      let incompleteRetries = 0;
      try {
        await withRetry(
          async () => {
            if (!isActive) throw new StopRetrying(undefined);
            // Waits for the last confirmed byte, then saves the last answers and submits.
            await getUploadManager().submitApplicant({ applicantId, jobId, candidateToken });
          },
          {
            retries: Infinity,
            // 409: something the server needs is still on its way (see INCOMPLETE_RETRIES); a
            // few tries. Network failures and 5xx: until the server answers. Other 4xx cannot be
            // fixed by trying again.
            shouldRetry: (error) => {
              const status = submitStatus(error);
              if (status === 409) return (incompleteRetries += 1) <= INCOMPLETE_RETRIES;
              return status === 0 || status >= 500;
            },
            delayMs: (retryNumber, error) =>
              submitStatus(error) === 409
                ? exponentialDelay(500, MAX_RETRY_WAIT_MS)(retryNumber)
                : exponentialDelay(1000, 30_000)(retryNumber),
            // Back online: the submit goes at once, not when its backoff runs out.
            sleep: sleepUntilOnline,
          },
        );
      } catch (error) {
        if (!isActive) return;
        const status = submitStatus(error);
        setFailure(status === 409 ? 'interviewEnd.errors.incomplete' : 'errors.INTERNAL_ERR');
        setPhase('failed');
        return;
      }
      if (!isActive) return;
      announceInterviewSubmitted();
      setPhase('done');
    })();
    return () => {
      isActive = false;
      submittingRef.current = false;
    };
  }, [applicantId, candidateToken, jobId, attemptRun]);

  useEffect(() => {
    if (phase !== 'done') return;
    const state = useInterviewSession.getState();
    // Submitted: reopening the link starts afresh, with nothing to continue.
    if (!state.isDemo) forgetDurableInterview(jobId);
    stopStream(state.cameraStream);
    stopStream(state.screenStream);
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    // Drawn on the page's own thread: canvas-confetti's default worker comes from a blob: URL,
    // which the Content-Security-Policy refuses (a console error on every thank-you page).
    const burst = confetti.create(undefined, { resize: true, useWorker: false });
    void burst({
      particleCount: 150,
      spread: 80,
      origin: { y: 0.6 },
      disableForReducedMotion: true,
    });
  }, [jobId, phase]);

  return (
    <>
      <Modal
        opened={!upload.isOnline && phase !== 'done'}
        onClose={() => undefined}
        withCloseButton={false}
        centered
        title={t('interviewEnd.offline.title')}
        data-testid="no-connection-modal"
      >
        <Text>{t('interviewEnd.offline.text')}</Text>
      </Modal>
      {phase === 'done' ? (
        <Stack gap="md" align="center" ta="center" data-testid="thank-you">
          <Title order={1}>{t('interviewEnd.thankYou.title')}</Title>
          <Text>
            {job
              ? t('interviewEnd.thankYou.textFor', {
                  job: job.info.title,
                  company: job.company.name,
                })
              : t('interviewEnd.thankYou.text')}
          </Text>
          {applicantId ? <StatusLink applicantId={applicantId} /> : null}
        </Stack>
      ) : (
        <Stack gap="md" data-testid="upload-progress" data-percent={upload.percent}>
          <Title order={2}>{t('interviewEnd.uploading.title')}</Title>
          <Text>{t('interviewEnd.uploading.text')}</Text>
          <Progress value={upload.percent} size="xl" aria-label={t('upload.progress')} />
          <Text ta="center" fw={700}>
            {t('upload.percent', { percent: upload.percent })}
          </Text>
          {phase === 'failed' && failure ? (
            <Alert color="red" data-testid="submit-error">
              {t(failure)}
              <Button
                variant="subtle"
                onClick={() => {
                  setFailure(null);
                  setPhase('uploading');
                  setAttemptRun((run) => run + 1);
                }}
              >
                {t('interviewEnd.errors.tryAgain')}
              </Button>
            </Alert>
          ) : null}
        </Stack>
      )}
    </>
  );
}

/**
 * The private link to the candidate's status page, also sent by e-mail: where they
 * can follow their application from now on.
 */
function StatusLink({ applicantId }: { applicantId: string }) {
  const { t } = useTranslation();
  const link = useStatusLink(applicantId);
  if (!link.data) return null;
  const path = new URL(link.data.url, window.location.origin).pathname;
  return (
    <Paper withBorder radius="md" p="md" w="100%" maw={480} data-testid="status-link">
      <Stack gap="xs" align="center">
        <Text size="sm">{t('interviewEnd.statusLink.text')}</Text>
        <Button component={Link} to={path} variant="light">
          {t('interviewEnd.statusLink.open')}
        </Button>
        <CopyButton value={link.data.url}>
          {({ copied, copy }) => (
            <Button variant="subtle" size="xs" onClick={copy}>
              {copied ? t('interviewEnd.statusLink.copied') : t('interviewEnd.statusLink.copy')}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Paper>
  );
}

export default InterviewEndPage;
