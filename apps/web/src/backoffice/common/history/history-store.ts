import { create } from 'zustand';
import { registerStoreReset } from '../../../common/stores/reset-stores';

/**
 * What a recorded mutation is. Jobs: a job-list change of the overview, or one half of a job
 * update of the editor (an update with the undo flag is two steps: keeping the previous edited
 * job, then the update itself). Templates: default and archive toggles. Applicants: an update
 * (status, read) is two steps the same way (`keepPreviousApplicant`, then the change); a note
 * added or removed, the details edited, an archive or a restore are one step each.
 */
export type HistoryLabel =
  | 'archive'
  | 'restore'
  | 'remove'
  | 'clone'
  | 'keepPreviousJob'
  | 'updateJob'
  | 'templateDefault'
  | 'templateArchive'
  | 'templateRestore'
  | 'keepPreviousApplicant'
  | 'applicantStatus'
  | 'applicantRead'
  | 'applicantEdit'
  | 'applicantArchive'
  | 'applicantRestore'
  | 'noteAdd'
  | 'noteRemove';

/** One recorded mutation and how to take it back and apply it again. */
export interface HistoryStep {
  id: number;
  label: HistoryLabel;
  undo: () => void;
  redo: () => void;
}

/** Older steps are dropped past this many, so a long session does not keep every job forever. */
export const HISTORY_LIMIT = 100;

interface HistoryState {
  /** Done steps, oldest first. */
  past: HistoryStep[];
  /** Undone steps, the next to redo last. */
  future: HistoryStep[];
  /** Records a mutation that has just been applied; a new mutation drops the redo steps. */
  record: (step: Omit<HistoryStep, 'id'>) => number;
  /** Undoes up to `count` steps, newest first; returns how many were undone. */
  undo: (count?: number) => number;
  /** Redoes up to `count` undone steps, oldest first; returns how many were redone. */
  redo: (count?: number) => number;
  /** The label of the step `undo()` would take back, if any. */
  peekUndo: () => HistoryLabel | undefined;
  peekRedo: () => HistoryLabel | undefined;
  clear: () => void;
}

let nextStepId = 1;

/**
 * The undo/redo history of the back office's stores: every mutation of the cached jobs,
 * templates and applicants is recorded (job-list archive, restore, delete and clone; job
 * updates of the editor; template default and archive; applicant status, read, edit, archive
 * and notes). A step takes the cached data back or applies it again; the server is told by the
 * screen that offers undo (the job editor saves what undo shows). A failed remove takes back one
 * step (the optimistic removal), a failed update two (the update and the kept previous value).
 */
export const useHistoryStore = create<HistoryState>()((set, get) => ({
  past: [],
  future: [],
  record: (step) => {
    const id = nextStepId++;
    set((state) => ({ past: [...state.past, { ...step, id }].slice(-HISTORY_LIMIT), future: [] }));
    return id;
  },
  undo: (count = 1) => {
    const { past, future } = get();
    const steps = past.slice(Math.max(0, past.length - count)).reverse();
    // The store changes before the steps run, so a step that records (or reads) sees it settled.
    set({ past: past.slice(0, past.length - steps.length), future: [...future, ...steps] });
    for (const step of steps) step.undo();
    return steps.length;
  },
  redo: (count = 1) => {
    const { past, future } = get();
    const steps = future.slice(Math.max(0, future.length - count)).reverse();
    set({ past: [...past, ...steps], future: future.slice(0, future.length - steps.length) });
    for (const step of steps) step.redo();
    return steps.length;
  },
  peekUndo: () => get().past.at(-1)?.label,
  peekRedo: () => get().future.at(-1)?.label,
  clear: () => set({ past: [], future: [] }),
}));

registerStoreReset(() => useHistoryStore.getState().clear());
