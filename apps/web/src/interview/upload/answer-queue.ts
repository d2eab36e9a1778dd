import type { CandidateAnswer, CandidateAnswerMap, RecordingKind } from '@candid/domain';
import type { PendingAnswer } from './chunk-store';
import type { RecordingStates } from './recording-states';
import { UploadHttpError, type UploadApi } from './upload-api';
import type { UploadRetry } from './upload-retry';
import type { UploadProgress } from './upload-snapshot';

export interface AnswerQueueDeps {
  recordings: RecordingStates;
  progress: UploadProgress;
  retry: UploadRetry;
  api: UploadApi;
  /** Everything an earlier page left in the chunk store is known (and uploading). */
  resume: () => Promise<void>;
}

export interface SubmitInput {
  applicantId: string;
  jobId: string;
  candidateToken: string;
}

/**
 * Answers wait in the chunk store until their recordings are complete, then are saved to the
 * applicant (a reload still saves them); the submit takes the answers still waiting with it.
 */
export class AnswerQueue {
  private readonly recordings: RecordingStates;
  private readonly progress: UploadProgress;
  private readonly retry: UploadRetry;
  private readonly api: UploadApi;
  private readonly resume: () => Promise<void>;
  private running: Promise<void> | null = null;
  private isDirty = false;
  /** Applicants being submitted: their waiting answers go with the submit, not on their own. */
  private readonly finishing = new Map<string, Promise<void>>();

  constructor(deps: AnswerQueueDeps) {
    this.recordings = deps.recordings;
    this.progress = deps.progress;
    this.retry = deps.retry;
    this.api = deps.api;
    this.resume = deps.resume;
  }

  private get store() {
    return this.recordings.store;
  }

  async publish(): Promise<void> {
    this.progress.publishPending(await this.store.listAnswers());
  }

  /** Keeps the answer in the chunk store and saves it once its recordings are complete. */
  async save(input: {
    applicantId: string;
    jobId: string;
    questId: string;
    candidateToken: string;
    answer: CandidateAnswer;
    recordings?: { recId: string; kind: RecordingKind }[];
  }): Promise<void> {
    this.progress.answerArriving(input.applicantId);
    const pending: PendingAnswer = {
      id: `${input.applicantId}/${input.questId}`,
      applicantId: input.applicantId,
      jobId: input.jobId,
      questId: input.questId,
      candidateToken: input.candidateToken,
      answer: input.answer,
      recordings: input.recordings ?? [],
    };
    try {
      await this.store.putAnswer(pending);
    } finally {
      this.progress.answerArrived(input.applicantId);
    }
    await this.publish();
    this.kick();
  }

  /** Saves the answers that are ready (again, once the running pass ends, if one runs). */
  kick(): void {
    if (this.running) {
      this.isDirty = true;
      return;
    }
    this.running = (async () => {
      do {
        this.isDirty = false;
        await this.saveReadyAnswers();
      } while (this.isDirty);
    })()
      .catch(() => undefined)
      .finally(() => {
        this.running = null;
      });
  }

  /** The answer naming its stored recordings; null while one of them is still uploading. */
  private async readyAnswer(pending: PendingAnswer): Promise<CandidateAnswer | null> {
    const answer: CandidateAnswer = { ...pending.answer };
    for (const { recId, kind } of pending.recordings) {
      const meta = await this.recordings.get(recId);
      if (!meta) continue;
      if (!meta.isCompleted && !meta.error) return null;
      if (meta.error) continue;
      if (kind === 'face') answer.faceKey = meta.key;
      else answer.screenKey = meta.key;
    }
    return answer;
  }

  /** Drops saved answers and their recordings' upload state from the chunk store. */
  private async forget(saved: PendingAnswer[]): Promise<void> {
    for (const pending of saved) {
      await this.store.deleteAnswer(pending.id);
      // The chunks are gone already; the recordings' upload state is no longer needed.
      for (const { recId } of pending.recordings) {
        this.recordings.forget(recId);
        await this.store.deleteRecording(recId);
      }
    }
    await this.publish();
  }

  private async saveReadyAnswers(): Promise<void> {
    for (const pending of await this.store.listAnswers()) {
      // Its applicant is being submitted: the answer goes with the submit.
      if (this.finishing.has(pending.applicantId)) continue;
      const answer = await this.readyAnswer(pending);
      if (!answer) continue;
      try {
        await this.retry.retryAnswer(() =>
          this.api.saveAnswers(pending.candidateToken, pending.applicantId, pending.jobId, {
            [pending.questId]: answer,
          }),
        );
      } catch {
        // Refused for good (e.g. submitted already): nothing more to do for it.
      }
      await this.forget([pending]);
    }
  }

  /** See UploadManager.submitApplicant. */
  submit(input: SubmitInput): Promise<void> {
    const running = this.finishing.get(input.applicantId);
    if (running) return running;
    const submitting = this.runSubmit(input).finally(() => {
      this.finishing.delete(input.applicantId);
      // Whatever was not submitted is saved on its own again.
      this.kick();
    });
    this.finishing.set(input.applicantId, submitting);
    return submitting;
  }

  private async runSubmit(input: SubmitInput): Promise<void> {
    const { applicantId, jobId, candidateToken } = input;
    try {
      // Everything an earlier page left in the chunk store is known (and uploading) first.
      await this.resume();
      let answers: { pending: PendingAnswer; answer: CandidateAnswer }[] = [];
      for (;;) {
        await this.progress.waitUntil(() => this.progress.areRecordingsStored(applicantId));
        const stored = (await this.store.listAnswers()).filter(
          (pending) => pending.applicantId === applicantId,
        );
        const ready = await Promise.all(
          stored.map(async (pending) => ({ pending, answer: await this.readyAnswer(pending) })),
        );
        if (ready.every((entry) => entry.answer !== null)) {
          answers = ready as typeof answers;
          break;
        }
        // A recording of an answer is not stored yet: look again when something changes.
        await this.progress.nextChange();
      }
      const answerMap: CandidateAnswerMap = {};
      for (const { pending, answer } of answers) answerMap[pending.questId] = answer;
      try {
        await this.api.submit(candidateToken, applicantId, jobId, answerMap);
      } catch (error) {
        const isSubmitted = await this.api
          .isSubmitted(candidateToken, applicantId)
          .catch(() => false);
        if (!isSubmitted) throw error;
      }
      await this.forget(answers.map(({ pending }) => pending));
    } catch (error) {
      throw error instanceof UploadHttpError
        ? error
        : new UploadHttpError(0, error instanceof Error ? error.message : String(error));
    }
  }
}
