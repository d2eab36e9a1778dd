import type {
  CandidateAnswerMap,
  CandidateDetails,
  RecordingBitrates,
  RecordingContainer,
} from '@candid/domain';
import type { DevicePreferences } from '../media/device-preferences';

/**
 * What the device keeps of an interview under way, per job, in localStorage: unlike the tab's
 * session it outlives the tab, a browser crash and the next day, so reopening the invitation link
 * offers to continue (see docs/interview-resilience.md). The server confirms it before anything
 * goes on: the token opens only this applicant, and the answers come from the server.
 */
export interface DurableInterview {
  applicantId: string;
  candidateToken: string;
  /** The question the candidate was on. */
  questionIndex: number;
  /** `finishing`: "Finish interview" was clicked; only the upload and the submit are left. */
  phase: 'questions' | 'finishing';
  details: CandidateDetails | null;
  devices: DevicePreferences;
  mediaConstraints: MediaStreamConstraints | null;
  recordingMimeType: string | null;
  recordingBitrates: RecordingBitrates | null;
  recordingContainer: RecordingContainer | null;
  /** When it was last written (ms since the epoch). */
  savedAt: number;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage key of a job's interview under way on this device. */
export function durableInterviewKey(jobId: string): string {
  return `candid.interview.${jobId}.progress`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The job's interview kept on this device, or null (none, or unreadable: treated as none). */
export function readDurableInterview(
  jobId: string,
  storage: KeyValueStorage = window.localStorage,
): DurableInterview | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(durableInterviewKey(jobId)) ?? 'null');
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const { applicantId, candidateToken, questionIndex, phase } = parsed;
  if (typeof applicantId !== 'string' || typeof candidateToken !== 'string') return null;
  return {
    applicantId,
    candidateToken,
    questionIndex:
      typeof questionIndex === 'number' && Number.isInteger(questionIndex) && questionIndex >= 0
        ? questionIndex
        : 0,
    phase: phase === 'finishing' ? 'finishing' : 'questions',
    details: isRecord(parsed.details) ? (parsed.details as CandidateDetails) : null,
    devices: isRecord(parsed.devices) ? (parsed.devices as DevicePreferences) : {},
    mediaConstraints: isRecord(parsed.mediaConstraints)
      ? (parsed.mediaConstraints as MediaStreamConstraints)
      : null,
    recordingMimeType:
      typeof parsed.recordingMimeType === 'string' ? parsed.recordingMimeType : null,
    recordingBitrates: isRecord(parsed.recordingBitrates)
      ? (parsed.recordingBitrates as unknown as RecordingBitrates)
      : null,
    recordingContainer:
      parsed.recordingContainer === 'webm' || parsed.recordingContainer === 'mp4'
        ? parsed.recordingContainer
        : null,
    savedAt: typeof parsed.savedAt === 'number' ? parsed.savedAt : 0,
  };
}

/** Keeps the job's interview on this device (a full storage only loses the convenience). */
export function writeDurableInterview(
  jobId: string,
  record: DurableInterview,
  storage: KeyValueStorage = window.localStorage,
): void {
  try {
    storage.setItem(durableInterviewKey(jobId), JSON.stringify(record));
  } catch {
    // Quota or private mode: the server still has the interview, found again by e-mail code.
  }
}

/** Forgets the job's interview on this device (submitted, or the candidate started over). */
export function forgetDurableInterview(
  jobId: string,
  storage: KeyValueStorage = window.localStorage,
): void {
  storage.removeItem(durableInterviewKey(jobId));
}

/** One question as the continue screen lists it. */
export type ResumeQuestionState = 'saved' | 'interrupted' | 'current' | 'unanswered';

export interface ResumePlan {
  /** Where the interview goes on. */
  questionIndex: number;
  /** Each question's state, in order. */
  questions: ResumeQuestionState[];
  /** Every question is answered and saved: only the finish is left. */
  isFinishing: boolean;
}

/**
 * Where a resumed interview goes on, from what the server holds (`answerMap`), what this device
 * remembers (`kept`: the question it was on and whether Finish was clicked; null on another
 * device) and the questions with a take recorded here but saved as no answer (`interrupted`).
 * The question the device was on comes first, unless it is saved already and nothing of it was
 * interrupted; otherwise the first question without a saved answer. A question whose take was
 * cut off is never counted as saved, even when the server already holds the recording.
 */
export function planResume(input: {
  questIds: readonly string[];
  answerMap: CandidateAnswerMap;
  kept: Pick<DurableInterview, 'questionIndex' | 'phase'> | null;
  interrupted: ReadonlySet<string>;
  /** Answers saved on this device and still on their way to the server. */
  pendingQuestIds?: ReadonlySet<string>;
}): ResumePlan {
  const { questIds, answerMap, kept, interrupted } = input;
  const pending = input.pendingQuestIds ?? new Set<string>();
  const isSaved = (questId: string) =>
    !interrupted.has(questId) && (questId in answerMap || pending.has(questId));
  const count = questIds.length;
  const firstOpen = questIds.findIndex((questId) => !isSaved(questId));
  let questionIndex: number;
  if (kept && kept.questionIndex < count) {
    const keptId = questIds[kept.questionIndex]!;
    questionIndex = isSaved(keptId) && firstOpen !== -1 ? firstOpen : kept.questionIndex;
  } else {
    questionIndex = firstOpen === -1 ? Math.max(0, count - 1) : firstOpen;
  }
  const isFinishing = count > 0 && firstOpen === -1;
  const questions = questIds.map((questId, index): ResumeQuestionState => {
    if (interrupted.has(questId)) return 'interrupted';
    if (isSaved(questId)) return 'saved';
    return index === questionIndex ? 'current' : 'unanswered';
  });
  return { questionIndex, questions, isFinishing };
}
