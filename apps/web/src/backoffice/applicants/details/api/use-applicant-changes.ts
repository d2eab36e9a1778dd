import {
  alertI18nKey,
  entityI18nKey,
  toggleArchivedAt,
  type AlertEntity,
  type AlertType,
  type ApplicantChange,
  type ApplicantDetails,
  type ApplicantEditInput,
  type ApplicantListResponse,
  type ApplicantStatusCode,
  type NewNote,
} from '@candid/domain';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiClient } from '../../../../common/api/api-client-context';
import { showAlert } from '../../../../common/stores/alert-store';
import { useHistoryStore, type HistoryLabel } from '../../../common/history/history-store';
import { APPLICANTS_KEY, applicantKeys, updateApplicants } from '../../api/applicants-api';

type ListData = ApplicantListResponse | InfiniteData<ApplicantListResponse>;

function alertOf(type: AlertType, entity: AlertEntity) {
  showAlert({
    type: type.startsWith('fail') ? 'fail' : 'success',
    key: alertI18nKey(type),
    params: { entity: { i18nKey: entityI18nKey(entity) } },
  });
}

function withoutApplicant(page: ApplicantListResponse, id: string): ApplicantListResponse {
  if (!page.applicants.some((applicant) => applicant.id === id)) return page;
  return {
    ...page,
    applicants: page.applicants.filter((applicant) => applicant.id !== id),
    filteredApplicantCount: page.filteredApplicantCountCapped
      ? page.filteredApplicantCount
      : Math.max(0, page.filteredApplicantCount - 1),
  };
}

/** A cached overview page (or the pages of an infinite list) without one applicant. */
export function removeApplicantFromList(data: ListData | undefined, id: string) {
  if (!data) return data;
  if ('pages' in data) {
    return { ...data, pages: data.pages.map((page) => withoutApplicant(page, id)) };
  }
  return 'applicants' in data ? withoutApplicant(data, id) : data;
}

/**
 * Every change the details screen makes to its applicant, through `PUT job/applicant`, each
 * recorded in the back office's undo/redo history (`useHistoryStore`). Status, read and note
 * removal are optimistic: the cached details change at once (the status event or the note with
 * its note event) and go back, with the failure alert, when the server refuses (a failed update
 * takes back two history steps, a failed removal one). The other changes wait for the server. After each, the cached details are refetched
 * (the server's timeline is the truth) and the overview lists are refreshed.
 * Each action resolves to whether the server agreed.
 */
export function useApplicantChanges(applicantId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();

  return useMemo(() => {
    const detailsKey = applicantKeys.details(applicantId);
    const read = () => queryClient.getQueryData<ApplicantDetails>(detailsKey);
    const write = (update: (details: ApplicantDetails) => ApplicantDetails) =>
      queryClient.setQueryData<ApplicantDetails>(detailsKey, (details) =>
        details ? update(details) : details,
      );
    const refreshLists = () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: applicantKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: [...APPLICANTS_KEY, 'count'] }),
      ]);
    const refreshDetails = () => queryClient.invalidateQueries({ queryKey: detailsKey });
    const send = (change: Omit<ApplicantChange, 'id'>) =>
      updateApplicants(api, [{ id: applicantId, ...change }]);

    const putBack = (details: ApplicantDetails | undefined) => () => {
      if (details) queryClient.setQueryData(detailsKey, details);
    };

    /**
     * Records a change the cache already shows, in the history: `previous` is what undo puts
     * back, `update` what redo applies again.
     */
    function recordDone(
      label: HistoryLabel,
      previous: ApplicantDetails | undefined,
      update: (details: ApplicantDetails) => ApplicantDetails,
    ) {
      useHistoryStore
        .getState()
        .record({ label, undo: putBack(previous), redo: () => write(update) });
    }

    /**
     * Applies `update` to the cache now and records it: an update (`isRemove` false) as two
     * steps, the kept previous details then the change; a removal as one. A refused call takes
     * those steps back, which puts the previous details back.
     */
    async function optimistic(
      label: HistoryLabel,
      update: (details: ApplicantDetails) => ApplicantDetails,
      change: Omit<ApplicantChange, 'id'>,
      { isRemove = false } = {},
    ): Promise<boolean> {
      await queryClient.cancelQueries({ queryKey: detailsKey });
      const previous = read();
      const history = useHistoryStore.getState();
      if (!isRemove) {
        history.record({ label: 'keepPreviousApplicant', undo: putBack(previous), redo: () => {} });
      }
      write(update);
      recordDone(label, previous, update);
      try {
        await send(change);
        return true;
      } catch {
        // A failed remove takes back its one step, a failed update its two.
        useHistoryStore.getState().undo(isRemove ? 1 : 2);
        return false;
      }
    }

    return {
      /** Opening the details marks the applicant read; a failure only logs. */
      async markRead(): Promise<boolean> {
        const isSaved = await optimistic(
          'applicantRead',
          (details) => ({ ...details, isRead: true }),
          { isRead: true },
        );
        if (isSaved) await refreshLists();
        return isSaved;
      },

      /**
       * Sets a status. The same status again does nothing and calls nothing; any
       * other adds its status event to the timeline at once.
       */
      async changeStatus(statusCode: ApplicantStatusCode): Promise<boolean> {
        const current = read();
        if (!current || current.status === statusCode) return false;
        const isSaved = await optimistic(
          'applicantStatus',
          (details) => ({
            ...details,
            status: statusCode,
            timeline: [
              ...details.timeline,
              { type: 'status', statusCode, createdAt: new Date().toISOString() },
            ],
          }),
          { status: statusCode },
        );
        if (!isSaved) {
          alertOf('failUpdate', 'status');
          return false;
        }
        await Promise.all([refreshDetails(), refreshLists()]);
        return true;
      },

      /** Adds a note and its note event; the server gives the note its id and author. */
      async addNote(note: NewNote): Promise<boolean> {
        const previous = read();
        try {
          await send({ newNote: note });
        } catch {
          alertOf('failAdd', 'note');
          return false;
        }
        // The note comes back with its id from the server's details: redo refetches them.
        useHistoryStore.getState().record({
          label: 'noteAdd',
          undo: putBack(previous),
          redo: () => void refreshDetails(),
        });
        alertOf('add', 'note');
        await refreshDetails();
        return true;
      },

      /** Removes a note together with its timeline event. */
      async removeNote(noteId: string): Promise<boolean> {
        const isSaved = await optimistic(
          'noteRemove',
          (details) => ({
            ...details,
            notes: details.notes.filter((note) => note.id !== noteId),
            timeline: details.timeline.filter(
              (event) => !(event.type === 'note' && event.noteId === noteId),
            ),
          }),
          { removeNoteId: noteId },
          { isRemove: true },
        );
        if (!isSaved) {
          alertOf('failRemove', 'note');
          return false;
        }
        alertOf('remove', 'note');
        await refreshDetails();
        return true;
      },

      /** Saves the edit form. */
      async saveInfo(info: ApplicantEditInput): Promise<boolean> {
        try {
          await send({ info });
        } catch {
          alertOf('failUpdate', 'applicant');
          return false;
        }
        const edit = (details: ApplicantDetails): ApplicantDetails => ({
          ...details,
          info: {
            ...details.info,
            fName: info.fName,
            lName: info.lName ?? '',
            email: info.email ?? '',
            phone: info.phone ?? '',
            hometown: info.hometown ?? '',
          },
        });
        recordDone('applicantEdit', read(), edit);
        write(edit);
        alertOf('update', 'applicant');
        await Promise.all([refreshDetails(), refreshLists()]);
        return true;
      },

      /**
       * Archives an active applicant or restores an archived one: on success it
       * leaves the cached overview lists at once, and every list is refreshed.
       */
      async toggleArchive(): Promise<boolean> {
        const current = read();
        if (!current) return false;
        const archivedAt = toggleArchivedAt(current.archivedAt, new Date());
        try {
          await send({ archivedAt });
        } catch {
          alertOf('failArchive', 'applicant');
          return false;
        }
        alertOf(archivedAt ? 'archive' : 'restore', 'applicant');
        const toggle = (details: ApplicantDetails): ApplicantDetails => ({
          ...details,
          archivedAt,
        });
        recordDone(archivedAt ? 'applicantArchive' : 'applicantRestore', current, toggle);
        write(toggle);
        queryClient.setQueriesData<ListData>({ queryKey: applicantKeys.lists() }, (data) =>
          removeApplicantFromList(data, applicantId),
        );
        await refreshLists();
        return true;
      },
    };
  }, [api, queryClient, applicantId]);
}
