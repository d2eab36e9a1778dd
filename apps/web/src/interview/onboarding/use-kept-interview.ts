import type { CandidateApplicant, CreateApplicantResponse, PublicJob } from '@candid/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApiClient } from '../../common/api/api-client-context';
import { isApiClientError } from '../../common/api/api-error';
import { getKeptApplicant, resumeKeptInterview } from '../api/resume-interview';
import { markInterviewEnded } from '../progress/interview-progress-state';
import {
  forgetDurableInterview,
  planResume,
  readDurableInterview,
  type DurableInterview,
  type ResumePlan,
} from '../session/durable-interview';
import { useInterviewSession } from '../session/interview-session-store';
import { markInterviewLive } from '../session/live-interview';

/** An interview under way for this job: being confirmed with the server, or offered. */
export type ResumeState =
  | { status: 'none' }
  | { status: 'checking' }
  | { status: 'offer'; record: DurableInterview; plan: ResumePlan; name: string | null };

/**
 * The interview this device kept for the job (docs/interview-resilience.md): whether there is
 * one to offer, "Continue your interview" and "Not you? Start a new interview".
 * `onCheckStarted` runs when a kept entry is found (the continue screen's code can load then).
 */
export function useKeptInterview({
  job,
  jobId,
  isDemo,
  onCheckStarted,
  onStartedOver,
}: {
  job: PublicJob;
  jobId: string;
  isDemo: boolean;
  onCheckStarted: () => void;
  onStartedOver: () => void;
}) {
  const api = useApiClient();
  const navigate = useNavigate();
  const [resume, setResume] = useState<ResumeState>(() => {
    if (isDemo || !readDurableInterview(jobId)) return { status: 'none' };
    onCheckStarted();
    return { status: 'checking' };
  });
  const [isContinuing, setIsContinuing] = useState(false);
  const [continueError, setContinueError] = useState<string | null>(null);

  /**
   * Offers to continue the interview this device kept: the server confirms it (its answers,
   * whether it was submitted meanwhile), and the upload queue tells which question's take was
   * cut off. A token the server refuses (expired, deleted applicant) forgets it; no connection
   * offers it from what the device knows (continuing then asks the server again).
   */
  const offerKept = useCallback(
    async (record: DurableInterview, known?: CandidateApplicant) => {
      let applicant: CandidateApplicant | null = known ?? null;
      if (!applicant) {
        try {
          applicant = await getKeptApplicant(api, record.applicantId, record.candidateToken);
        } catch (error) {
          if (isApiClientError(error) && error.status < 500) {
            forgetDurableInterview(jobId);
            setResume({ status: 'none' });
            return;
          }
        }
      }
      if (applicant?.timestamp.submitted) {
        forgetDurableInterview(jobId);
        setResume({ status: 'none' });
        return;
      }
      // The upload queue (and tus) loads only when there is an interview to continue: the
      // invitation's first load stays small.
      const { getUploadManager } = await import('../upload/upload-service');
      const manager = getUploadManager();
      const interrupted = new Set<string>();
      for (const quest of job.quests) {
        const takes = await manager
          .findUnsavedRecordings(record.applicantId, quest.id)
          .catch(() => []);
        if (takes.length > 0) interrupted.add(quest.id);
      }
      const pendingQuestIds = await manager
        .listPendingQuestIds(record.applicantId)
        .catch(() => new Set<string>());
      const plan = planResume({
        questIds: job.quests.map((quest) => quest.id),
        answerMap: applicant?.answerMap ?? {},
        kept: record,
        interrupted,
        pendingQuestIds,
      });
      const name = applicant?.info.fName ?? record.details?.fName ?? null;
      setResume({ status: 'offer', record, plan, name });
    },
    [api, job.quests, jobId],
  );

  const checkedRef = useRef(false);
  useEffect(() => {
    if (checkedRef.current || resume.status !== 'checking') return;
    checkedRef.current = true;
    const record = readDurableInterview(jobId);
    // Asked after this render: the offer's state is set once the server answered.
    if (record) void Promise.resolve(record).then((kept) => offerKept(kept));
  }, [jobId, offerKept, resume.status]);

  /** The server answered with the interview under way (same device, or the e-mailed code). */
  const handleResumed = useCallback(
    async (resumed: CreateApplicantResponse) => {
      useInterviewSession.getState().setApplicant(resumed.applicant, resumed.candidateToken);
      const record = readDurableInterview(jobId);
      if (record) await offerKept(record, resumed.applicant);
    },
    [jobId, offerKept],
  );

  /** "Continue your interview": the server records the return, the interview goes on. */
  async function continueKept() {
    if (resume.status !== 'offer') return;
    const { record, plan } = resume;
    setIsContinuing(true);
    setContinueError(null);
    try {
      const resumed = await resumeKeptInterview(api, record.applicantId, record.candidateToken);
      if (resumed.applicant.timestamp.submitted) {
        forgetDurableInterview(jobId);
        setResume({ status: 'none' });
        setIsContinuing(false);
        return;
      }
      const state = useInterviewSession.getState();
      if (state.jobId !== jobId) state.startSession(jobId, job, false);
      if (!state.details && record.details) state.setDetails(record.details, null);
      // The streams of this page's media check stay; after a reload the devices open again.
      if (!state.cameraStream) {
        state.setDevices(record.devices);
        state.setMedia({
          cameraStream: null,
          screenStream: null,
          mediaConstraints: record.mediaConstraints ?? { video: true, audio: true },
          recordingMimeType: record.recordingMimeType,
          recordingBitrates: record.recordingBitrates,
          recordingContainer: record.recordingContainer ?? 'webm',
          faceImage: null,
          isMediaReady: true,
        });
      }
      state.setApplicant(resumed.applicant, resumed.candidateToken);
      state.setQuestionIndex(plan.questionIndex);
      markInterviewLive(jobId);
      if (plan.isFinishing) {
        state.markFinishing();
        markInterviewEnded(jobId, resumed.applicant.id);
        void navigate(`/interview/${jobId}/end`);
      } else {
        void navigate(`/interview/${jobId}/inprogress`);
      }
    } catch (error) {
      const isClosed =
        isApiClientError(error) &&
        (error.key === 'JOB_CLOSED_ERR' || error.key === 'INTERVIEW_NOT_AVAILABLE_ERR');
      setContinueError(isClosed ? 'resume.errors.closed' : 'resume.errors.failed');
      setIsContinuing(false);
    }
  }

  /** "Not you? Start a new interview": this device forgets the kept interview. */
  function startOver() {
    forgetDurableInterview(jobId);
    useInterviewSession.getState().reset();
    useInterviewSession.getState().startSession(jobId, job, isDemo);
    setResume({ status: 'none' });
    setContinueError(null);
    onStartedOver();
  }

  return {
    resume,
    isContinuing,
    continueError,
    handleResumed,
    continueKept: () => void continueKept(),
    startOver,
  };
}
