import type { PendingAnswer, RecordingMeta } from './chunk-store';

/** Upload progress of one recording, 0–100. */
export interface FileProgress {
  recId: string;
  applicantId: string;
  key: string;
  percent: number;
  isCompleted: boolean;
  error: string | null;
  totalBytes: number;
  confirmedBytes: number;
}

export interface UploadSnapshot {
  files: Record<string, FileProgress>;
  /** Answers not yet saved to the applicant, by applicant id. */
  pendingAnswers: Record<string, number>;
  isOnline: boolean;
}

function percentOf(meta: RecordingMeta): number {
  if (meta.isCompleted) return 100;
  if (meta.totalBytes === 0) return 0;
  // The last bytes count only once the recording is complete.
  return Math.min(99, Math.floor((meta.confirmedBytes / meta.totalBytes) * 100));
}

/**
 * What the screens see of the uploads (useSyncExternalStore): each recording's progress, the
 * answers still waiting per applicant, and whether the browser is online. Every change makes
 * a new snapshot and tells the listeners.
 */
export class UploadProgress {
  private snapshot: UploadSnapshot;
  private readonly listeners = new Set<() => void>();
  /** Answers handed to saveAnswer but not yet in the chunk store, by applicant id. */
  private readonly answersArriving = new Map<string, number>();

  constructor(isOnline: boolean) {
    this.snapshot = { files: {}, pendingAnswers: {}, isOnline };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UploadSnapshot => this.snapshot;

  setOnline(isOnline: boolean): void {
    if (this.snapshot.isOnline === isOnline) return;
    this.snapshot = { ...this.snapshot, isOnline };
    this.emit();
  }

  private emit(): void {
    this.listeners.forEach((listener) => listener());
  }

  publish(meta: RecordingMeta): void {
    this.snapshot = {
      ...this.snapshot,
      files: {
        ...this.snapshot.files,
        [meta.recId]: {
          recId: meta.recId,
          applicantId: meta.applicantId,
          key: meta.key,
          percent: percentOf(meta),
          isCompleted: meta.isCompleted,
          error: meta.error,
          totalBytes: meta.totalBytes,
          confirmedBytes: meta.confirmedBytes,
        },
      },
    };
    this.emit();
  }

  /** A discarded take leaves the progress. */
  remove(recId: string): void {
    const { [recId]: _dropped, ...files } = this.snapshot.files;
    this.snapshot = { ...this.snapshot, files };
    this.emit();
  }

  /** The answers waiting in the chunk store, plus those still on their way there. */
  publishPending(stored: PendingAnswer[]): void {
    const pending: Record<string, number> = {};
    for (const answer of stored) {
      pending[answer.applicantId] = (pending[answer.applicantId] ?? 0) + 1;
    }
    for (const [applicantId, count] of this.answersArriving) {
      pending[applicantId] = (pending[applicantId] ?? 0) + count;
    }
    this.snapshot = { ...this.snapshot, pendingAnswers: pending };
    this.emit();
  }

  /**
   * An answer was handed over: counted as pending at once, so a caller that navigates right
   * after (the last question) does not find the applicant "done" while it is being written.
   */
  answerArriving(applicantId: string): void {
    this.markArriving(applicantId, 1);
    const { pendingAnswers } = this.snapshot;
    this.snapshot = {
      ...this.snapshot,
      pendingAnswers: {
        ...pendingAnswers,
        [applicantId]: (pendingAnswers[applicantId] ?? 0) + 1,
      },
    };
    this.emit();
  }

  /** The answer is in the chunk store (or failed to get there). */
  answerArrived(applicantId: string): void {
    this.markArriving(applicantId, -1);
  }

  private markArriving(applicantId: string, delta: number): void {
    const count = (this.answersArriving.get(applicantId) ?? 0) + delta;
    if (count > 0) this.answersArriving.set(applicantId, count);
    else this.answersArriving.delete(applicantId);
  }

  /** Whether everything of the applicant is stored: recordings complete, answers saved. */
  isApplicantDone(applicantId: string): boolean {
    const { files, pendingAnswers } = this.snapshot;
    return !pendingAnswers[applicantId] && this.areFilesSettled(files, applicantId);
  }

  /** Whether every recording of the applicant is stored (or failed for good). */
  areRecordingsStored(applicantId: string): boolean {
    return (
      !this.answersArriving.has(applicantId) &&
      this.areFilesSettled(this.snapshot.files, applicantId)
    );
  }

  private areFilesSettled(files: Record<string, FileProgress>, applicantId: string): boolean {
    return Object.values(files).every(
      (file) => file.applicantId !== applicantId || file.isCompleted || file.error !== null,
    );
  }

  /** Overall upload percent of an applicant's recordings (100 when there are none). */
  getApplicantPercent(applicantId: string): number {
    const files = Object.values(this.snapshot.files).filter((f) => f.applicantId === applicantId);
    if (files.length === 0) return this.snapshot.pendingAnswers[applicantId] ? 99 : 100;
    const total = files.reduce((sum, f) => sum + Math.max(f.totalBytes, 1), 0);
    const done = files.reduce(
      (sum, f) => sum + (f.isCompleted ? Math.max(f.totalBytes, 1) : f.confirmedBytes),
      0,
    );
    const percent = Math.floor((done / total) * 100);
    return percent >= 100 && !this.isApplicantDone(applicantId) ? 99 : percent;
  }

  /** Resolves once `isDone` holds, looking again at every change. */
  waitUntil(isDone: () => boolean): Promise<void> {
    if (isDone()) return Promise.resolve();
    return new Promise((resolve) => {
      const unsubscribe = this.subscribe(() => {
        if (!isDone()) return;
        unsubscribe();
        resolve();
      });
    });
  }

  /** Resolves at the next change. */
  nextChange(): Promise<void> {
    return new Promise<void>((resolve) => {
      const unsubscribe = this.subscribe(() => {
        unsubscribe();
        resolve();
      });
    });
  }
}
