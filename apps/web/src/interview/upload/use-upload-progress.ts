import { useSyncExternalStore } from 'react';
import { getUploadManager } from './upload-service';
import type { UploadSnapshot } from './upload-snapshot';

/** The upload queue's state (files' percents, pending answers, online) for a component. */
export function useUploadSnapshot(): UploadSnapshot {
  const manager = getUploadManager();
  return useSyncExternalStore(manager.subscribe, manager.getSnapshot);
}

/** An applicant's overall upload percent (0–100) and whether everything is stored. */
export function useApplicantUpload(applicantId: string | null): {
  percent: number;
  isDone: boolean;
  isOnline: boolean;
} {
  const snapshot = useUploadSnapshot();
  const manager = getUploadManager();
  if (!applicantId) return { percent: 100, isDone: true, isOnline: snapshot.isOnline };
  return {
    percent: manager.getApplicantPercent(applicantId),
    isDone: manager.isApplicantDone(applicantId),
    isOnline: snapshot.isOnline,
  };
}
