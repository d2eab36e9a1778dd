import { jobInputSchema, type JobDraft, type JobInput, type JobInputDraft } from '@candid/domain';
import { useCallback, useEffect, useRef, type FocusEvent } from 'react';
import type { Path } from 'react-hook-form';
import { useSchemaForm, type SchemaForm } from '../../../common/forms/use-schema-form';
import { useJobAutosave } from './use-job-autosave';

/** Whether the browser's own undo applies where the key was pressed (a text field). */
function isTextEditingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return !target.readOnly;
  if (!(target instanceof HTMLInputElement) || target.readOnly) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(
    target.type,
  );
}

/**
 * Ctrl/Cmd+Z undoes the last job update and Shift+Ctrl/Cmd+Z (or Ctrl+Y) redoes it,
 * except inside a text field, where the browser's undo of the typing applies.
 */
export function useUndoShortcuts(undo: () => void, redo: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (isTextEditingTarget(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z') {
        event.preventDefault();
        if (event.shiftKey) redo();
        else undo();
      } else if (key === 'y' && !event.shiftKey) {
        event.preventDefault();
        redo();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [undo, redo]);
}

/** What the editor's form holds: the job's own fields (ids, owner and dates stay in the job). */
export type JobFormValues = Pick<
  JobInputDraft,
  | 'info'
  | 'company'
  | 'rule'
  | 'quests'
  | 'closesAt'
  | 'statusStages'
  | 'departmentId'
  | 'scorecard'
>;
export type JobForm = SchemaForm<JobFormValues, JobInput>;

function toFormValues(job: JobDraft): JobFormValues {
  return {
    info: job.info,
    company: job.company,
    rule: job.rule,
    quests: job.quests,
    closesAt: job.closesAt ?? null,
    statusStages: job.statusStages,
    departmentId: job.departmentId ?? null,
    scorecard: job.scorecard,
  };
}

/**
 * The job's fields from the form. The form was filled from a JobDraft and its inputs keep each
 * field's type, so the values are a JobDraft's (the schema's input type only widens them).
 */
function fromFormValues(
  values: JobFormValues,
): Pick<
  JobDraft,
  | 'info'
  | 'company'
  | 'rule'
  | 'quests'
  | 'closesAt'
  | 'statusStages'
  | 'departmentId'
  | 'scorecard'
> {
  return values as Pick<
    JobDraft,
    | 'info'
    | 'company'
    | 'rule'
    | 'quests'
    | 'closesAt'
    | 'statusStages'
    | 'departmentId'
    | 'scorecard'
  >;
}

/**
 * The job editor's form (react-hook-form on the domain's jobInputSchema) wired to the
 * autosave: every change of the form is a job update; a save first submits the form, so every
 * error shows at once (the focus stays where the user types) and then each field is checked
 * again as it changes; undo, redo and a failed save put their job back into the form.
 */
export function useJobEditorForm(initialJob: JobDraft, isFromTemplate: boolean) {
  const form = useSchemaForm<JobFormValues, JobInput>(jobInputSchema, toFormValues(initialJob), {
    shouldFocusError: false,
  });
  // useForm's methods are stable; the object around them is new on every render.
  const { handleSubmit, reset, watch } = form;
  // A job put back from the history is not a new change of the user's.
  const isShowingRef = useRef(false);
  const validate = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        void handleSubmit(
          () => resolve(true),
          () => resolve(false),
        )();
      }),
    [handleSubmit],
  );
  const show = useCallback(
    (job: JobDraft) => {
      isShowingRef.current = true;
      reset(toFormValues(job), { keepIsSubmitted: true, keepSubmitCount: true });
      isShowingRef.current = false;
    },
    [reset],
  );
  const autosave = useJobAutosave(initialJob, { saveAtOnce: isFromTemplate, validate, show });
  const { update } = autosave;
  useEffect(() => {
    const subscription = watch((values) => {
      if (isShowingRef.current) return;
      const fields = fromFormValues(values as JobFormValues);
      update((current) => ({ ...current, ...fields }));
    });
    return () => subscription.unsubscribe();
  }, [watch, update]);
  return { form, ...autosave };
}

/** A required text field that becomes `fallback` when left blank. */
export function textFieldWithFallback(form: JobForm, name: Path<JobFormValues>, fallback: string) {
  const field = form.textField(name);
  return {
    ...field,
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      void field.onBlur(event);
      const value: unknown = form.getValues(name);
      if (typeof value === 'string' && !value.trim()) {
        form.setValue(name, fallback, {
          shouldDirty: true,
          shouldValidate: form.formState.isSubmitted,
        });
      }
    },
  };
}
