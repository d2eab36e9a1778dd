import {
  alertI18nKey,
  AUTOSAVE_DEBOUNCE_MS,
  entityI18nKey,
  getJobErrorSummaryKey,
  type JobDraft,
} from '@candid/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApiClient } from '../../../common/api/api-client-context';
import { SESSION_QUERY_KEY } from '../../../common/session/session-query';
import { showAlert } from '../../../common/stores/alert-store';
import { jobKeys, JOB_LIST_KEY } from '../../common/jobs/job-keys';
import { createJob, updateJobs } from '../api/save-job';
import { useHistoryStore } from '../../common/history/history-store';

/**
 * - idle: nothing changed yet;
 * - pending: changes wait for the debounce;
 * - saving / saved;
 * - invalid: the last attempt found errors (nothing sent);
 * - failed: the server refused; the last saved state is back.
 */
export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'invalid' | 'failed';

const JOB_ENTITY = { entity: { i18nKey: entityI18nKey('job') } };

export interface JobAutosaveOptions {
  /** A job prefilled from a template is saved without waiting for a change. */
  saveAtOnce?: boolean;
  /**
   * Validates the job before a save and shows its errors (the editor's form, on
   * jobInputSchema); false: nothing is sent.
   */
  validate: () => Promise<boolean>;
  /** Puts a job from the history (undo, redo, a failed save taken back) into the editor. */
  show: (job: JobDraft) => void;
}

/**
 * The job editor's state and autosave: every change waits 1.5 s for the next one,
 * then the job is validated (`validate`: the form, on jobInputSchema) and created (no _id:
 * `POST job`, then the URL becomes /create/{id}) or updated (`PUT job`). Every save is recorded in the job history as
 * an update with the undo flag (two steps); a failed save undoes those two steps, which puts
 * the last saved state back, and shows the failure alert. Changes made while a save runs are
 * saved after it. `undo`/`redo` step through the recorded updates (saving what they show).
 */
export function useJobAutosave(
  initialJob: JobDraft,
  { saveAtOnce = false, validate, show }: JobAutosaveOptions,
) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [job, setJob] = useState<JobDraft>(initialJob);
  const [status, setStatus] = useState<SaveStatus>(initialJob._id ? 'saved' : 'idle');
  const jobRef = useRef(job);
  const savedRef = useRef(initialJob);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const isSavingRef = useRef(false);
  const saveRef = useRef<() => Promise<void>>(async () => {});
  // The job on screen came from undo/redo: saving it is not a new update to record.
  const isReplayRef = useRef(false);
  // A failed save is being taken back: the server still holds what the undo shows.
  const isRestoringRef = useRef(false);
  const validateRef = useRef(validate);
  const showRef = useRef(show);
  useEffect(() => {
    validateRef.current = validate;
    showRef.current = show;
  }, [validate, show]);

  const schedule = useCallback(() => {
    if (timerRef.current) clearTimeout(timerRef.current);
    setStatus('pending');
    timerRef.current = setTimeout(() => {
      timerRef.current = null;
      void saveRef.current();
    }, AUTOSAVE_DEBOUNCE_MS);
  }, []);

  /** Shows a job from the history; unless a failed save is being undone, it is saved again. */
  const showFromHistory = useCallback(
    (recorded: JobDraft) => {
      // A job recorded before its creation stays the created job (no second `POST job`).
      const { _id, owner, createdAt } = jobRef.current;
      const next = _id ? { ...recorded, _id, owner, createdAt } : recorded;
      jobRef.current = next;
      setJob(next);
      showRef.current(next);
      if (isRestoringRef.current) return;
      isReplayRef.current = true;
      schedule();
    },
    [schedule],
  );

  /**
   * Records a job update with the undo flag: first the previous edited job is kept
   * (one step), then the update (a second step). Undoing both shows `previous` again.
   */
  const recordUpdate = useCallback(
    (previous: JobDraft, next: JobDraft) => {
      const history = useHistoryStore.getState();
      history.record({
        label: 'keepPreviousJob',
        undo: () => showFromHistory(previous),
        redo: () => {},
      });
      history.record({
        label: 'updateJob',
        undo: () => showFromHistory(previous),
        redo: () => showFromHistory(next),
      });
    },
    [showFromHistory],
  );

  const save = useCallback(async () => {
    if (isSavingRef.current) {
      schedule();
      return;
    }
    const draft = jobRef.current;
    if (!(await validateRef.current())) {
      setStatus('invalid');
      return;
    }
    isSavingRef.current = true;
    setStatus('saving');
    const isRecorded = !isReplayRef.current;
    isReplayRef.current = false;
    const previous = savedRef.current;
    if (isRecorded) recordUpdate(previous, draft);
    try {
      const saved = draft._id ? (await updateJobs(api, [draft]))[0] : await createJob(api, draft);
      if (!saved) throw new Error('the server answered no job');
      const ids = { _id: saved._id, owner: saved.owner, createdAt: saved.createdAt };
      savedRef.current = { ...draft, ...ids };
      if (!draft._id) {
        jobRef.current = { ...jobRef.current, ...ids };
        setJob(jobRef.current);
      }
      queryClient.setQueryData(jobKeys.detail(saved._id), saved);
      void queryClient.invalidateQueries({ queryKey: JOB_LIST_KEY });
      if (!draft._id || previous?.company.name !== draft.company.name) {
        // A first job's company name is kept on the profile, and follows while that job's
        // name is finished: the session reloads it so the next new job is prefilled.
        void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      }
      if (!draft._id) void navigate(`/create/${encodeURIComponent(saved._id)}`, { replace: true });
      setStatus(timerRef.current ? 'pending' : 'saved');
    } catch {
      if (timerRef.current) clearTimeout(timerRef.current);
      timerRef.current = null;
      if (isRecorded) {
        // A failed update takes back its two steps: the update and the kept previous job.
        isRestoringRef.current = true;
        useHistoryStore.getState().undo(2);
        isRestoringRef.current = false;
      } else {
        jobRef.current = previous;
        setJob(previous);
        showRef.current(previous);
      }
      setStatus('failed');
      showAlert({ type: 'fail', key: alertI18nKey('failSave'), params: JOB_ENTITY });
    } finally {
      isSavingRef.current = false;
    }
  }, [api, navigate, queryClient, recordUpdate, schedule]);

  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  /** Applies a change and (re)starts the autosave debounce. */
  const update = useCallback(
    (recipe: (current: JobDraft) => JobDraft) => {
      const next = recipe(jobRef.current);
      isReplayRef.current = false;
      jobRef.current = next;
      setJob(next);
      schedule();
    },
    [schedule],
  );

  // A job prefilled from a template is saved without waiting for a change.
  const hasStartedRef = useRef(false);
  useEffect(() => {
    if (!saveAtOnce || hasStartedRef.current) return;
    hasStartedRef.current = true;
    schedule();
  }, [saveAtOnce, schedule]);

  // Leaving within the debounce still saves what was typed.
  useEffect(
    () => () => {
      if (!timerRef.current) return;
      clearTimeout(timerRef.current);
      timerRef.current = null;
      const draft = jobRef.current;
      if (draft._id && !getJobErrorSummaryKey(draft)) void updateJobs(api, [draft]).catch(() => {});
    },
    [api],
  );

  // The history belongs to this editor: it starts empty and is dropped on leaving.
  useEffect(() => {
    useHistoryStore.getState().clear();
    return () => useHistoryStore.getState().clear();
  }, []);

  /**
   * Undoes the last job update (its two steps). Changes still waiting for the debounce are
   * recorded as an update first, so undo takes them back. Nothing happens while a save runs.
   */
  const undo = useCallback(() => {
    if (isSavingRef.current) return;
    if (timerRef.current) {
      clearTimeout(timerRef.current);
      timerRef.current = null;
      recordUpdate(savedRef.current, jobRef.current);
    }
    const history = useHistoryStore.getState();
    if (history.peekUndo() === 'updateJob') history.undo(2);
  }, [recordUpdate]);

  /** Redoes the last undone job update. */
  const redo = useCallback(() => {
    if (isSavingRef.current) return;
    const history = useHistoryStore.getState();
    if (history.peekRedo() === 'keepPreviousJob') history.redo(2);
  }, []);

  return { job, status, update, undo, redo, errorKey: getJobErrorSummaryKey(job) };
}
