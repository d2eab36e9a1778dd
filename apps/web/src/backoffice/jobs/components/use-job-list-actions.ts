import {
  alertI18nKey,
  entityI18nKey,
  toggleArchivedAt,
  type Job,
  type JobListResponse,
} from '@candid/domain';
import { useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiClient } from '../../../common/api/api-client-context';
import { showAlert } from '../../../common/stores/alert-store';
import { cloneJob } from '../api/clone-job';
import { deleteJob } from '../api/delete-job';
import { JOB_LIST_KEY } from '../../common/jobs/job-keys';
import { updateJobs } from '../api/save-job';
import { useHistoryStore } from '../../common/history/history-store';

type JobListData = JobListResponse | InfiniteData<JobListResponse>;

const JOB_ENTITY = { entity: { i18nKey: entityI18nKey('job') } };

function removeFromPage(page: JobListResponse, id: string, isDelete: boolean): JobListResponse {
  if (!page.jobs.some((job) => job._id === id)) return page;
  return {
    ...page,
    jobs: page.jobs.filter((job) => job._id !== id),
    // A capped count ("10,000+") stays: there are still more than the cap.
    filteredJobCount: page.filteredJobCountCapped
      ? page.filteredJobCount
      : Math.max(0, page.filteredJobCount - 1),
    totalJobCount:
      isDelete && !page.totalJobCountCapped
        ? Math.max(0, page.totalJobCount - 1)
        : page.totalJobCount,
  };
}

/** A job list cache (a page, or the pages of the infinite list) without one job; counts adjust. */
export function removeJobFromList(
  data: JobListData | undefined,
  id: string,
  isDelete = false,
): JobListData | undefined {
  if (!data) return data;
  if ('pages' in data) {
    return { ...data, pages: data.pages.map((page) => removeFromPage(page, id, isDelete)) };
  }
  return removeFromPage(data, id, isDelete);
}

export type JobListAction = 'archive' | 'restore' | 'remove';

/**
 * The job actions of the overview: archive, restore and permanent delete leave the
 * list at once (optimistic: the cached lists lose the job and their counts adjust) and are
 * recorded in the job history; a failure undoes that one step, which puts the cached lists
 * back, and shows the failure alert. Clone adds "copy of {title}" (recorded too).
 * Resolves true when the server agreed.
 */
export function useJobListActions() {
  const api = useApiClient();
  const queryClient = useQueryClient();

  const removeOptimistically = useCallback(
    async (job: Job, action: JobListAction): Promise<boolean> => {
      await queryClient.cancelQueries({ queryKey: JOB_LIST_KEY });
      const snapshot = queryClient.getQueriesData<JobListData>({ queryKey: JOB_LIST_KEY });
      const removeFromLists = () =>
        queryClient.setQueriesData<JobListData>({ queryKey: JOB_LIST_KEY }, (data) =>
          removeJobFromList(data, job._id, action === 'remove'),
        );
      removeFromLists();
      useHistoryStore.getState().record({
        label: action,
        undo: () => {
          for (const [key, data] of snapshot) queryClient.setQueryData(key as QueryKey, data);
        },
        redo: removeFromLists,
      });
      try {
        if (action === 'remove') {
          await deleteJob(api, job._id);
        } else {
          await updateJobs(api, [
            { ...job, archivedAt: toggleArchivedAt(job.archivedAt, new Date()) },
          ]);
        }
        showAlert({ type: 'success', key: alertI18nKey(action), params: JOB_ENTITY });
        return true;
      } catch {
        // A failed remove takes back its one step: the cached lists hold the job again.
        useHistoryStore.getState().undo(1);
        showAlert({
          type: 'fail',
          key: alertI18nKey(action === 'remove' ? 'failRemove' : 'failArchive'),
          params: JOB_ENTITY,
        });
        return false;
      } finally {
        void queryClient.invalidateQueries({ queryKey: JOB_LIST_KEY });
      }
    },
    [api, queryClient],
  );

  const clone = useCallback(
    async (job: Job): Promise<Job | null> => {
      try {
        const snapshot = queryClient.getQueriesData<JobListData>({ queryKey: JOB_LIST_KEY });
        const copy = await cloneJob(api, job._id);
        const refreshLists = () => queryClient.invalidateQueries({ queryKey: JOB_LIST_KEY });
        useHistoryStore.getState().record({
          label: 'clone',
          undo: () => {
            for (const [key, data] of snapshot) queryClient.setQueryData(key as QueryKey, data);
          },
          redo: () => void refreshLists(),
        });
        showAlert({ type: 'success', key: alertI18nKey('copy'), params: JOB_ENTITY });
        await refreshLists();
        return copy;
      } catch {
        showAlert({ type: 'fail', key: alertI18nKey('failAdd'), params: JOB_ENTITY });
        return null;
      }
    },
    [api, queryClient],
  );

  return { removeOptimistically, clone };
}
