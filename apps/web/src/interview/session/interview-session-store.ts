import type {
  CandidateConsent,
  CandidateApplicant,
  CandidateDetails,
  PublicJob,
  RecordingBitrates,
  RecordingContainer,
} from '@candid/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { CANDIDATE_TOKEN_STORAGE_KEY } from '../../common/api/token-store';
import type { DevicePreferences } from '../media/device-preferences';
import { writeDurableInterview, type DurableInterview } from './durable-interview';

/**
 * What onboarding hands to the interview (`/interview/{jobId}/inprogress`): the job, the
 * applicant and its candidate token, the chosen devices and the live streams the media check
 * opened (the camera with microphone, and the screen when a question needs it). When a stream
 * is gone (a reload), `mediaConstraints` opens the same devices again.
 */
export interface InterviewSessionState {
  jobId: string | null;
  job: PublicJob | null;
  /** `?demo=1`: the recruiter's preview; nothing is created or stored. */
  isDemo: boolean;
  details: CandidateDetails | null;
  /** The consent notice the candidate accepted (version and language), sent when it starts. */
  consent: CandidateConsent | null;
  /** The CV, kept in memory until the applicant exists. */
  cvFile: File | null;
  devices: DevicePreferences;
  mediaConstraints: MediaStreamConstraints | null;
  cameraStream: MediaStream | null;
  screenStream: MediaStream | null;
  /** The recorder's MIME type chosen in the media check (webm or mp4). */
  recordingMimeType: string | null;
  /** The answer recorder's bitrates, from the media check's uplink probe; null: the browser's. */
  recordingBitrates: RecordingBitrates | null;
  recordingContainer: RecordingContainer | null;
  /** The 200×200 face crop, uploaded as the applicant image once the applicant exists. */
  faceImage: Blob | null;
  /** Set when the media check passed ("Ready means"). */
  isMediaReady: boolean;
  applicant: CandidateApplicant | null;
  candidateToken: string | null;
  /** The question the candidate is on (kept so that a reload continues there). */
  questionIndex: number;

  startSession(jobId: string, job: PublicJob, isDemo: boolean): void;
  setDetails(details: CandidateDetails, cvFile: File | null): void;
  setConsent(consent: CandidateConsent | null): void;
  setDevices(devices: DevicePreferences): void;
  setMedia(media: {
    cameraStream: MediaStream | null;
    screenStream: MediaStream | null;
    mediaConstraints: MediaStreamConstraints;
    recordingMimeType: string | null;
    recordingBitrates: RecordingBitrates | null;
    recordingContainer: RecordingContainer;
    faceImage: Blob | null;
    isMediaReady: boolean;
  }): void;
  /** The recorder's bitrates, when the uplink probe answers after the media check's hand-over. */
  setRecordingBitrates(bitrates: RecordingBitrates | null): void;
  setApplicant(applicant: CandidateApplicant, candidateToken: string | null): void;
  setQuestionIndex(index: number): void;
  /** "Finish interview" was clicked: a reopened link goes straight to the upload and submit. */
  markFinishing(): void;
  setScreenStream(stream: MediaStream | null): void;
  /** Stops the streams and forgets everything (a new onboarding). */
  reset(): void;
}

const EMPTY = {
  jobId: null,
  job: null,
  isDemo: false,
  details: null,
  consent: null,
  cvFile: null,
  devices: {},
  mediaConstraints: null,
  cameraStream: null,
  screenStream: null,
  recordingMimeType: null,
  recordingBitrates: null,
  recordingContainer: null,
  faceImage: null,
  isMediaReady: false,
  applicant: null,
  candidateToken: null,
  questionIndex: 0,
} satisfies Partial<InterviewSessionState>;

/**
 * Writes the interview under way to the device's durable storage (per job), so that reopening
 * the link after the tab or the browser went away offers to continue it. Demo runs and an
 * onboarding without applicant keep nothing.
 */
function keepOnDevice(state: InterviewSessionState, phase: DurableInterview['phase']): void {
  const { jobId, applicant, candidateToken, isDemo } = state;
  if (isDemo || !jobId || !applicant || !candidateToken) return;
  writeDurableInterview(jobId, {
    applicantId: applicant.id,
    candidateToken,
    questionIndex: state.questionIndex,
    phase,
    details: state.details,
    devices: state.devices,
    mediaConstraints: state.mediaConstraints,
    recordingMimeType: state.recordingMimeType,
    recordingBitrates: state.recordingBitrates,
    recordingContainer: state.recordingContainer,
    savedAt: Date.now(),
  });
}

/** Stops every track of a stream (releases the camera light). */
export function stopStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** sessionStorage key of the interview session (one tab's interview; survives a reload). */
export const INTERVIEW_SESSION_STORAGE_KEY = 'candid.interview.session';

/**
 * The session lives in sessionStorage (this tab only), without the live streams, files and
 * blobs: a reload in the middle of the interview continues at the same question, the camera
 * is opened again from `mediaConstraints`, and the upload queue resumes from IndexedDB.
 */
export const useInterviewSession = create<InterviewSessionState>()(
  persist(
    (set, get) => ({
      ...EMPTY,
      startSession(jobId, job, isDemo) {
        if (get().jobId !== jobId) get().reset();
        set({ jobId, job, isDemo });
      },
      setDetails(details, cvFile) {
        set({ details, cvFile });
      },
      setConsent(consent) {
        set({ consent });
      },
      setDevices(devices) {
        set({ devices });
      },
      setMedia(media) {
        const { cameraStream, screenStream } = get();
        if (cameraStream && cameraStream !== media.cameraStream) stopStream(cameraStream);
        if (screenStream && screenStream !== media.screenStream) stopStream(screenStream);
        set(media);
      },
      setRecordingBitrates(recordingBitrates) {
        set({ recordingBitrates });
      },
      setApplicant(applicant, candidateToken) {
        if (candidateToken) localStorage.setItem(CANDIDATE_TOKEN_STORAGE_KEY, candidateToken);
        set({ applicant, candidateToken, questionIndex: 0 });
        keepOnDevice(get(), 'questions');
      },
      setQuestionIndex(questionIndex) {
        set({ questionIndex });
        keepOnDevice(get(), 'questions');
      },
      markFinishing() {
        keepOnDevice(get(), 'finishing');
      },
      setScreenStream(screenStream) {
        const current = get().screenStream;
        if (current && current !== screenStream) stopStream(current);
        set({ screenStream });
      },
      reset() {
        const { cameraStream, screenStream } = get();
        stopStream(cameraStream);
        stopStream(screenStream);
        set(EMPTY);
      },
    }),
    {
      name: INTERVIEW_SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({
        jobId: state.jobId,
        job: state.job,
        isDemo: state.isDemo,
        details: state.details,
        consent: state.consent,
        devices: state.devices,
        mediaConstraints: state.mediaConstraints,
        recordingMimeType: state.recordingMimeType,
        recordingBitrates: state.recordingBitrates,
        recordingContainer: state.recordingContainer,
        isMediaReady: state.isMediaReady,
        applicant: state.applicant,
        candidateToken: state.candidateToken,
        questionIndex: state.questionIndex,
      }),
    },
  ),
);

/** Whether the interview route has what it needs: an applicant (or a demo run) for this job. */
export function hasInterviewSession(state: InterviewSessionState, jobId: string): boolean {
  return (
    state.jobId === jobId && (state.applicant !== null || (state.isDemo && state.isMediaReady))
  );
}
