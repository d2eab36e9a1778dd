import { afterEach, describe, expect, it } from 'vitest';
import { readDurableInterview } from './durable-interview';
import { INTERVIEW_SESSION_STORAGE_KEY, useInterviewSession } from './interview-session-store';

const JOB = {
  _id: 'job-1',
  info: { title: 'Developer', location: 'Haifa', desc: '', coverUrl: '' },
  company: { name: 'Acme', logoUrl: '' },
  rule: { isCvRequired: false, isOneTry: false },
  quests: [],
};

const APPLICANT = {
  id: 'app-1',
  info: {
    fName: 'Noa',
    lName: 'Cohen',
    email: 'noa@example.com',
    phone: '050-1234567',
    hometown: 'Haifa',
    imgUrl: null,
    cv: null,
    isPreview: false,
  },
  jobInfo: { title: 'Developer', jobId: 'job-1' },
  timestamp: { sent: null, opened: '2026-11-22T10:00:00.000Z', submitted: null, quited: null },
  answerMap: {},
};

afterEach(() => {
  useInterviewSession.getState().reset();
  sessionStorage.clear();
  localStorage.clear();
});

describe('interview session', () => {
  it('keeps what a reload needs in sessionStorage, without streams or files', async () => {
    const state = useInterviewSession.getState();
    state.startSession('job-1', JOB as never, false);
    state.setDetails(
      { fName: 'Noa', lName: 'Cohen', email: 'noa@example.com', hometown: 'Haifa', phone: '050' },
      new File(['cv'], 'cv.pdf'),
    );
    state.setApplicant(APPLICANT as never, 'candidate-token');
    state.setQuestionIndex(2);

    const stored = JSON.parse(sessionStorage.getItem(INTERVIEW_SESSION_STORAGE_KEY) ?? '{}') as {
      state: Record<string, unknown>;
    };
    expect(stored.state).toMatchObject({
      jobId: 'job-1',
      candidateToken: 'candidate-token',
      questionIndex: 2,
      applicant: { id: 'app-1' },
    });
    expect(stored.state).not.toHaveProperty('cvFile');
    expect(stored.state).not.toHaveProperty('cameraStream');

    // A reload: the in-memory store is gone, the tab's storage is not.
    const saved = sessionStorage.getItem(INTERVIEW_SESSION_STORAGE_KEY) ?? '';
    useInterviewSession.setState({ jobId: null, applicant: null, questionIndex: 0, cvFile: null });
    sessionStorage.setItem(INTERVIEW_SESSION_STORAGE_KEY, saved);
    await useInterviewSession.persist.rehydrate();
    const restored = useInterviewSession.getState();
    expect(restored.jobId).toBe('job-1');
    expect(restored.applicant?.id).toBe('app-1');
    expect(restored.questionIndex).toBe(2);
    expect(restored.cvFile).toBeNull();
  });

  it('a new applicant starts at the first question', () => {
    const state = useInterviewSession.getState();
    state.startSession('job-1', JOB as never, false);
    state.setQuestionIndex(3);
    state.setApplicant(APPLICANT as never, 'candidate-token');
    expect(useInterviewSession.getState().questionIndex).toBe(0);
  });

  it('keeps the interview under way on the device per job, outliving the tab: question, token, then Finish', () => {
    const state = useInterviewSession.getState();
    state.startSession('job-1', JOB as never, false);
    state.setMedia({
      cameraStream: null,
      screenStream: null,
      mediaConstraints: { video: { deviceId: 'cam' }, audio: true },
      recordingMimeType: 'video/webm;codecs=vp8,opus',
      recordingBitrates: null,
      recordingContainer: 'webm',
      faceImage: null,
      isMediaReady: true,
    });
    expect(readDurableInterview('job-1')).toBeNull();
    state.setApplicant(APPLICANT as never, 'candidate-token');
    state.setQuestionIndex(1);
    // A crash wipes the tab's storage; the device's entry stays.
    sessionStorage.clear();
    expect(readDurableInterview('job-1')).toMatchObject({
      applicantId: 'app-1',
      candidateToken: 'candidate-token',
      questionIndex: 1,
      phase: 'questions',
      mediaConstraints: { video: { deviceId: 'cam' }, audio: true },
      recordingContainer: 'webm',
    });
    useInterviewSession.getState().markFinishing();
    expect(readDurableInterview('job-1')?.phase).toBe('finishing');
    expect(readDurableInterview('job-2')).toBeNull();
  });

  it('a demo run keeps nothing on the device', () => {
    const state = useInterviewSession.getState();
    state.startSession('job-1', JOB as never, true);
    state.setApplicant(APPLICANT as never, 'candidate-token');
    expect(readDurableInterview('job-1')).toBeNull();
  });
});
