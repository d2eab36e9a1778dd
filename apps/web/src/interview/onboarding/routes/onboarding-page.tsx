import {
  needsScreen,
  type CandidateConsent,
  type CandidateDetails,
  type PublicJob,
} from '@candid/domain';
import { Alert, Stack, Stepper, Text, UnstyledButton } from '@mantine/core';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { lazyWithTimeout } from '../../../common/lazy/lazy-with-timeout';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useApiClient } from '../../../common/api/api-client-context';
import { isApiClientError } from '../../../common/api/api-error';
import { withMoreStyles } from '../../../common/ui/mantine-styles';
import { PageLoader } from '../../../common/ui/page-loader';
import { useIsPhone } from '../../../common/ui/media-queries';
import { createApplicant } from '../../api/create-applicant';
import { resumeWithCode } from '../../api/resume-interview';
import { useInvitationDetails } from '../../api/get-invitation';
import { usePublicJob } from '../../api/get-public-job';
import { uploadCv, uploadFaceImage } from '../../api/upload-applicant-files';
import type { DevicePreferences } from '../../media/device-preferences';
import { useMediaCheckReport } from '../../media/media-check-report';
import type { MediaCheckHandover } from '../../media/use-media-check';
import { useLanguageStore } from '../../../common/stores/language-store';
import { useInterviewSession } from '../../session/interview-session-store';
import { markInterviewLive } from '../../session/live-interview';
import { useQuitWarning } from '../../session/use-leave-guards';
import { useKeptInterview } from '../use-kept-interview';
import { InvitationStep } from '../components/invitation-step';
import { InterviewFrame } from '../components/interview-frame';
import { InterviewNotAvailable } from '../components/interview-not-available';
import { JobClosed } from '../components/job-closed';

// The invitation is what the link opens on: the steps after it (form validation, media check,
// device settings) load on their own, started when the candidate reaches for the start button.
// Each waits for the rest of Mantine's rules (the invitation needs only the first part).
const loadDetailsForm = withMoreStyles(() => import('../components/details-form'));
const loadConsent = withMoreStyles(() => import('../components/consent-step'));
const loadMediaCheck = withMoreStyles(() => import('../components/media-check'));
const loadStartCountdown = withMoreStyles(() => import('../components/start-countdown'));
const loadPractice = withMoreStyles(() => import('../components/practice-question'));
const DetailsForm = lazyWithTimeout(() =>
  loadDetailsForm().then((m) => ({ default: m.DetailsForm })),
);
const ConsentStep = lazyWithTimeout(() => loadConsent().then((m) => ({ default: m.ConsentStep })));
const ConsentDeclined = lazyWithTimeout(() =>
  loadConsent().then((m) => ({ default: m.ConsentDeclined })),
);
const MediaCheck = lazyWithTimeout(() => loadMediaCheck().then((m) => ({ default: m.MediaCheck })));
const StartCountdown = lazyWithTimeout(() =>
  loadStartCountdown().then((m) => ({ default: m.StartCountdown })),
);
const PracticeQuestion = lazyWithTimeout(() =>
  loadPractice().then((m) => ({ default: m.PracticeQuestion })),
);
// "Need an adjustment?": its form loads only when the candidate opens it.
const loadAccommodation = withMoreStyles(() => import('../../accommodation/accommodation-panel'));
const AccommodationPanel = lazyWithTimeout(() =>
  loadAccommodation().then((m) => ({ default: m.AccommodationPanel })),
);

// Reopening the link with an interview under way (or proving the e-mail) shows these instead.
const loadContinue = withMoreStyles(() => import('../../resume/continue-interview'));
const loadCodeStep = withMoreStyles(() => import('../../resume/resume-code-step'));
const ContinueInterview = lazyWithTimeout(() =>
  loadContinue().then((m) => ({ default: m.ContinueInterview })),
);
const ResumeCodeStep = lazyWithTimeout(() =>
  loadCodeStep().then((m) => ({ default: m.ResumeCodeStep })),
);

function preloadSteps() {
  void loadDetailsForm();
  void loadConsent();
  void loadMediaCheck();
  void loadStartCountdown();
}

type OnboardingStep =
  'invitation' | 'details' | 'consent' | 'declined' | 'media' | 'practice' | 'countdown';
type StepperStep = Exclude<OnboardingStep, 'invitation' | 'declined'>;
/**
 * The stepper's steps: details, the consent notice (before the device check, which records a
 * sample), media check, the practice question when the job has one, start.
 */
function stepperSteps(hasPractice: boolean): { step: StepperStep; labelKey: string }[] {
  return [
    { step: 'details', labelKey: 'onboarding.steps.details' },
    { step: 'consent', labelKey: 'onboarding.steps.consent' },
    { step: 'media', labelKey: 'onboarding.steps.media' },
    ...(hasPractice ? [{ step: 'practice' as const, labelKey: 'onboarding.steps.practice' }] : []),
    { step: 'countdown', labelKey: 'onboarding.steps.start' },
  ];
}

/**
 * `/interview/{jobId}`: the invitation, then step 0 details and CV, step 1 the consent notice
 * (declining ends here, nothing recorded), step 2 media check, step 3 countdown (skipped for one-try jobs); then the applicant is created, its face
 * image and CV uploaded, and the interview opens. `?demo=1` runs the same flow storing nothing.
 */
export function OnboardingPage() {
  const { jobId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const isDemo = searchParams.get('demo') === '1';
  const query = usePublicJob(jobId);

  if (query.isPending) return <PageLoader />;
  return (
    <InterviewFrame
      isDemo={isDemo}
      brand={query.data?.brand ?? null}
      companyName={query.data?.company.name}
    >
      {query.isError || !query.data ? (
        <InterviewNotAvailable />
      ) : query.data.isClosed && !isDemo ? (
        <JobClosed job={query.data} />
      ) : (
        <Onboarding key={jobId} job={query.data} jobId={jobId} isDemo={isDemo} />
      )}
    </InterviewFrame>
  );
}

function Onboarding({ job, jobId, isDemo }: { job: PublicJob; jobId: string; isDemo: boolean }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const session = useInterviewSession();
  const language = useLanguageStore((state) => state.language);
  // A personal invitation link (?invite=): the details come pre-filled, and the invited
  // applicant is the one who starts.
  const [searchParams] = useSearchParams();
  const inviteToken = isDemo ? null : searchParams.get('invite');
  const invited = useInvitationDetails(jobId, inviteToken);
  const [step, setStep] = useState<OnboardingStep>('invitation');
  const [isStarting, setIsStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [isAdjustmentOpen, setIsAdjustmentOpen] = useState(false);
  const jobNeedsScreen = needsScreen(job.quests);
  const kept = useKeptInterview({
    job,
    jobId,
    isDemo,
    onCheckStarted: () => void loadContinue(),
    onStartedOver: () => setStep('invitation'),
  });
  const { resume, handleResumed } = kept;
  /** The e-mail whose interview under way the candidate must prove with the e-mailed code. */
  const [codeEmail, setCodeEmail] = useState<string | null>(null);

  // A new onboarding (or a return from the interview after "Are you sure?") starts afresh.
  useEffect(() => {
    const current = useInterviewSession.getState();
    if (current.applicant || current.jobId !== jobId) current.reset();
    current.startSession(jobId, job, isDemo);
  }, [job, jobId, isDemo]);

  useQuitWarning(session.applicant !== null && !isDemo);
  useMediaCheckReport();

  /**
   * The applicant, made now if it does not exist yet: an adjustment request needs one before the
   * interview starts (starting then goes on with it).
   */
  const ensureApplicant = useCallback(async (): Promise<string> => {
    const state = useInterviewSession.getState();
    if (state.applicant) return state.applicant.id;
    if (!state.details) throw new Error('The details come before an adjustment request');
    const created = await createApplicant(
      api,
      jobId,
      state.details,
      invited.data ? inviteToken : null,
      useLanguageStore.getState().language,
      state.consent,
    );
    state.setApplicant(created.applicant, created.candidateToken);
    return created.applicant.id;
  }, [api, jobId, invited.data, inviteToken]);

  const startInterview = useCallback(async () => {
    const state = useInterviewSession.getState();
    const inProgressPath = `/interview/${jobId}/inprogress${isDemo ? '?demo=1' : ''}`;
    if (isDemo) {
      void navigate(inProgressPath);
      return;
    }
    if (!state.details) return;
    setIsStarting(true);
    setStartError(null);
    try {
      const created = state.applicant
        ? { applicant: state.applicant, candidateToken: state.candidateToken }
        : await createApplicant(
            api,
            jobId,
            state.details,
            invited.data ? inviteToken : null,
            useLanguageStore.getState().language,
            state.consent,
          );
      if ('resumed' in created && created.resumed && created.candidateToken) {
        // This device's token proved the interview under way is theirs: it goes on, not anew.
        await handleResumed({ ...created, candidateToken: created.candidateToken });
        setIsStarting(false);
        return;
      }
      state.setApplicant(created.applicant, created.candidateToken);
      markInterviewLive(jobId);
      const applicantId = created.applicant.id;
      // The files follow the applicant; a failed upload must not keep the candidate out.
      await Promise.allSettled([
        state.faceImage ? uploadFaceImage(api, applicantId, state.faceImage) : null,
        state.cvFile ? uploadCv(api, applicantId, state.cvFile) : null,
      ]);
      void navigate(inProgressPath);
    } catch (error) {
      setIsStarting(false);
      if (isApiClientError(error) && error.key === 'INTERVIEW_IN_PROGRESS_ERR') {
        // The e-mail has an interview under way here already: the e-mailed code resumes it.
        setCodeEmail(state.details.email);
        return;
      }
      setStartError(isApiClientError(error) ? error.i18nKey : 'errors.NETWORK_ERR');
      setStep('media');
    }
  }, [api, isDemo, jobId, navigate, invited.data, inviteToken, handleResumed]);

  /** "Send a new code": starting again e-mails one when the last is old enough. */
  const resendCode = useCallback(async () => {
    const state = useInterviewSession.getState();
    if (!state.details) return;
    try {
      const created = await createApplicant(
        api,
        jobId,
        state.details,
        invited.data ? inviteToken : null,
        useLanguageStore.getState().language,
        state.consent,
      );
      // Submitted or gone meanwhile: nothing to resume, the interview starts as made.
      setCodeEmail(null);
      if (created.resumed) await handleResumed(created);
      else {
        state.setApplicant(created.applicant, created.candidateToken);
        markInterviewLive(jobId);
        void navigate(`/interview/${jobId}/inprogress`);
      }
    } catch (error) {
      if (isApiClientError(error) && error.key === 'INTERVIEW_IN_PROGRESS_ERR') return;
      throw error;
    }
  }, [api, handleResumed, invited.data, inviteToken, jobId, navigate]);

  const submitCode = useCallback(
    async (code: string) => {
      const email = codeEmail ?? '';
      const resumed = await resumeWithCode(api, { jobId, email, code });
      setCodeEmail(null);
      await handleResumed(resumed);
    },
    [api, codeEmail, handleResumed, jobId],
  );

  function handleDetails(details: CandidateDetails, cv: File | null) {
    session.setDetails(details, cv);
    setStep('consent');
  }

  function handleConsent(consent: CandidateConsent) {
    session.setConsent(consent);
    setStep('media');
  }

  function handleReady(handover: MediaCheckHandover, devices: DevicePreferences) {
    session.setDevices(devices);
    session.setMedia(handover);
    if (job.rule.hasPractice) {
      void loadPractice();
      setStep('practice');
    } else goToStart();
  }

  /** After the checks (and the practice): one-try jobs start at once, others count down. */
  function goToStart() {
    if (job.rule.isOneTry) void startInterview();
    else setStep('countdown');
  }

  if (resume.status === 'checking') {
    return <PageLoader />;
  }
  if (resume.status === 'offer') {
    return (
      <Suspense fallback={<PageLoader />}>
        <ContinueInterview
          job={job}
          name={resume.name}
          plan={resume.plan}
          isContinuing={kept.isContinuing}
          error={kept.continueError}
          onContinue={kept.continueKept}
          onStartOver={kept.startOver}
        />
      </Suspense>
    );
  }
  if (codeEmail) {
    return (
      <Suspense fallback={<PageLoader />}>
        <ResumeCodeStep
          email={codeEmail}
          onSubmitCode={submitCode}
          onResend={resendCode}
          onOtherEmail={() => {
            setCodeEmail(null);
            setStep('details');
          }}
        />
      </Suspense>
    );
  }

  if (step === 'declined') {
    return (
      <Suspense fallback={<PageLoader />}>
        <ConsentDeclined />
      </Suspense>
    );
  }
  if (step === 'invitation') {
    return <InvitationStep job={job} onStart={() => setStep('details')} onPreload={preloadSteps} />;
  }

  const steps = stepperSteps(Boolean(job.rule.hasPractice));
  const activeIndex = Math.max(
    0,
    steps.findIndex((entry) => entry.step === step),
  );
  return (
    <Stack gap="lg">
      <Stepper
        active={activeIndex}
        size="sm"
        allowNextStepsSelect={false}
        onStepClick={(index) => {
          if (index === 0 && (step === 'media' || step === 'consent')) setStep('details');
        }}
        aria-label={t('onboarding.steps.label')}
      >
        {steps.map((entry) => (
          <Stepper.Step
            key={entry.step}
            label={isPhone ? undefined : t(entry.labelKey)}
            aria-label={t(entry.labelKey)}
          />
        ))}
      </Stepper>
      {isPhone ? (
        // The phone's step indicator has no room for labels: the current one is named here.
        <Text size="sm" fw={600} ta="center" mt={-8} data-testid="step-caption">
          {t('onboarding.steps.current', {
            current: activeIndex + 1,
            count: steps.length,
            name: t(steps[activeIndex]?.labelKey ?? 'onboarding.steps.details'),
          })}
        </Text>
      ) : null}
      {startError ? (
        <Alert
          color="red"
          variant="light"
          data-testid="start-error"
          withCloseButton
          onClose={() => setStartError(null)}
        >
          {t(startError)}
        </Alert>
      ) : null}
      <Suspense fallback={<PageLoader />}>
        {step === 'details' ? (
          <DetailsForm
            isCvRequired={job.rule.isCvRequired}
            initialValues={session.details ?? invited.data ?? null}
            initialCv={session.cvFile}
            onSubmit={handleDetails}
          />
        ) : null}
        {step === 'consent' ? (
          <ConsentStep
            job={job}
            language={language}
            onAccept={handleConsent}
            onDecline={() => {
              session.setConsent(null);
              setStep('declined');
            }}
          />
        ) : null}
        {step === 'media' ? (
          <MediaCheck needsScreen={jobNeedsScreen} isStarting={isStarting} onReady={handleReady} />
        ) : null}
        {step === 'practice' ? (
          <PracticeQuestion
            stream={session.cameraStream}
            mimeType={session.recordingMimeType}
            companyName={job.company.name}
            isStarting={isStarting}
            onDone={goToStart}
          />
        ) : null}
        {step === 'countdown' ? <StartCountdown onDone={() => void startInterview()} /> : null}
      </Suspense>
      {(step === 'media' || step === 'practice') && !isDemo ? (
        isAdjustmentOpen ? (
          <Suspense fallback={<PageLoader />}>
            <AccommodationPanel
              applicantId={session.applicant?.id ?? null}
              candidateToken={session.candidateToken}
              isOneTry={job.rule.isOneTry}
              ensureApplicant={ensureApplicant}
              onClose={() => setIsAdjustmentOpen(false)}
            />
          </Suspense>
        ) : (
          <UnstyledButton
            style={{ alignSelf: 'center' }}
            onPointerEnter={() => void loadAccommodation()}
            onFocus={() => void loadAccommodation()}
            onClick={() => setIsAdjustmentOpen(true)}
            data-testid="adjustment-link"
          >
            <Text component="span" size="sm" c="gray.8" td="underline">
              {t('accommodation.link')}
            </Text>
          </UnstyledButton>
        )
      ) : null}
    </Stack>
  );
}

export default OnboardingPage;
