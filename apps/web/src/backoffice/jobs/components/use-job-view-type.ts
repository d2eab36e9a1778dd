import { useCallback, useState } from 'react';

export type JobViewType = 'card' | 'list';

/** sessionStorage key of the job overview's view type (kept in the browser session). */
export const JOB_VIEW_STORAGE_KEY = 'candid.jobViewType';

function readViewType(): JobViewType {
  try {
    return window.sessionStorage.getItem(JOB_VIEW_STORAGE_KEY) === 'list' ? 'list' : 'card';
  } catch {
    return 'card';
  }
}

/** The job overview's view type: cards by default, the last choice for the rest of the session. */
export function useJobViewType(): [JobViewType, (viewType: JobViewType) => void] {
  const [viewType, setViewType] = useState<JobViewType>(readViewType);
  const change = useCallback((next: JobViewType) => {
    setViewType(next);
    try {
      window.sessionStorage.setItem(JOB_VIEW_STORAGE_KEY, next);
    } catch {
      // storage refused (private mode): the choice lasts until the page is left
    }
  }, []);
  return [viewType, change];
}
