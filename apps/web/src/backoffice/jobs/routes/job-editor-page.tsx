import {
  addedQuestion,
  canShareJob,
  canUseDepartments,
  defaultJob,
  getDefaultTexts,
  JOB_DEFAULT_TIME_LIMIT_MIN,
  jobInputSchema,
  type JobDraft,
  type Language,
  type JobInput,
  type JobInputDraft,
  type ScorecardCriterion,
  type Template,
  type User,
} from '@candid/domain';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconShare } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { FormProvider, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../../common/stores/language-store';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSchemaForm, type SchemaForm } from '../../../common/forms/use-schema-form';
import { PageLoader } from '../../../common/ui/page-loader';
import classes from '../../../common/ui/mirror-in-rtl.module.css';
import { useDepartments } from '../../common/departments/departments-api';
import { useSessionUser } from '../../common/session/session-actions';
import { QuestionListEditor } from '../../common/questions/question-list-editor';
import { RichTextField } from '../../common/questions/rich-text-field';
import { BackofficeLayout } from '../../common/shell/backoffice-layout';
import { useTemplate } from '../../common/templates/get-template';
import { useJob } from '../../common/jobs/get-job';
import { CoverPicker } from '../../common/jobs/cover-picker';
import { ClosingDateField } from '../components/closing-date-field';
import { LogoField } from '../components/logo-field';
import { StatusStagesField } from '../components/status-stages-field';
import { ScorecardField } from '../components/scorecard-field';
import { SaveStatusIndicator } from '../components/save-status';
import { ShareJobDialog } from '../../common/jobs/share-job-dialog';
import { useJobAutosave } from '../components/use-job-autosave';

export const JOB_OVERVIEW_PATH = '/backoffice/job';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

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
 * Ctrl/Cmd+Z undoes the last job update and Shift+Ctrl/Cmd+Z (or Ctrl+Y) redoes it (spec §4),
 * except inside a text field, where the browser's undo of the typing applies.
 */
function useUndoShortcuts(undo: () => void, redo: () => void) {
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

/** A new job for this recruiter, prefilled from a template when one is given (spec §2). */
function buildNewJob(user: User, template: Template | undefined, lang: Language): JobDraft {
  // Its texts are in the recruiter's language and stored as text: candidates see them so.
  const job = defaultJob({
    companyName: user.companyName ?? '',
    logoUrl: user.logoUrl ?? '',
    lang,
  });
  if (!template) return job;
  return {
    ...job,
    info: { ...job.info, title: template.title, coverUrl: template.coverUrl },
    quests: template.quests.map((quest) => ({ ...quest })),
  };
}

/** The department field's value for "no department" (the job's null). */
const NO_DEPARTMENT = 'none';

/** What the editor's form holds: the job's own fields (ids, owner and dates stay in the job). */
type JobFormValues = Pick<
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
type JobForm = SchemaForm<JobFormValues, JobInput>;

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
 * The job editor's form (DESIGN: react-hook-form on the domain's jobInputSchema) wired to the
 * autosave: every change of the form is a job update; a save first submits the form, so every
 * error shows at once (the focus stays where the user types) and then each field is checked
 * again as it changes; undo, redo and a failed save put their job back into the form.
 */
function useJobEditorForm(initialJob: JobDraft, isFromTemplate: boolean) {
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

/** A required text field that becomes `fallback` when left blank (spec §5). */
function textFieldWithFallback(form: JobForm, name: Path<JobFormValues>, fallback: string) {
  const field = form.textField(name);
  return {
    ...field,
    onBlur: (event: React.FocusEvent<HTMLInputElement>) => {
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

function JobEditor({
  initialJob,
  user,
  isFromTemplate,
}: {
  initialJob: JobDraft;
  user: User;
  isFromTemplate: boolean;
}) {
  const { t } = useTranslation();
  const { form, job, status, undo, redo, errorKey } = useJobEditorForm(initialJob, isFromTemplate);
  const texts = getDefaultTexts(useLanguageStore((state) => state.language));
  useUndoShortcuts(undo, redo);
  const [isShareOpen, setIsShareOpen] = useState(false);
  const showErrors = status !== 'idle';
  const canShare = canShareJob(job, errorKey !== null) && status !== 'failed';
  const desc = form.valueField('info.desc');
  const coverUrl = form.valueField('info.coverUrl');
  const logoUrl = form.valueField('company.logoUrl');
  const isCvRequired = form.valueField('rule.isCvRequired');
  const isOneTry = form.valueField('rule.isOneTry');
  const hasPractice = form.valueField('rule.hasPractice');
  const closesAt = form.valueField('closesAt');
  const statusStages = form.valueField('statusStages');
  const scorecard = form.valueField('scorecard');
  const language = useLanguageStore((state) => state.language);
  const departmentId = form.valueField('departmentId');
  // Spec §6 multi-department organisations: the field shows only with the permission.
  const hasDepartments = canUseDepartments(user);
  const departments = useDepartments(user);

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Anchor component={Link} to={JOB_OVERVIEW_PATH} fz="sm" c="gray.7">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={16} className={classes.mirror} aria-hidden />
              {t('jobEditor.backToJobs')}
            </Group>
          </Anchor>
          <Title order={1} fz={{ base: 22, sm: 28 }} lineClamp={1}>
            {job._id ? t('jobEditor.editTitle') : t('jobEditor.newTitle')}
          </Title>
        </Stack>
        <Group gap="md" wrap="nowrap">
          <SaveStatusIndicator status={status} />
          <Button
            leftSection={<IconShare size={18} aria-hidden />}
            disabled={!canShare}
            onClick={() => setIsShareOpen(true)}
          >
            {t('jobEditor.share')}
          </Button>
        </Group>
      </Group>

      {showErrors && errorKey ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          data-testid="job-errors"
        >
          {t(errorKey)}
        </Alert>
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Section title={t('jobEditor.details')}>
              <TextInput
                label={t('jobEditor.jobTitle')}
                withAsterisk
                {...textFieldWithFallback(form, 'info.title', texts.untitledJob)}
              />
              <TextInput
                label={t('jobEditor.location')}
                placeholder={t('jobEditor.locationPlaceholder')}
                {...form.textField('info.location')}
              />
              <RichTextField
                label={t('jobEditor.description')}
                placeholder={t('jobEditor.descriptionPlaceholder')}
                value={desc.value ?? ''}
                minRows={4}
                onChange={desc.onChange}
              />
              <CoverPicker value={coverUrl.value ?? ''} onChange={coverUrl.onChange} />
              {hasDepartments ? (
                <Select
                  label={t('jobEditor.department')}
                  description={
                    departments.data?.length === 0 ? t('jobEditor.noDepartments') : undefined
                  }
                  allowDeselect={false}
                  value={departmentId.value ?? NO_DEPARTMENT}
                  onChange={(value) =>
                    departmentId.onChange(!value || value === NO_DEPARTMENT ? null : value)
                  }
                  comboboxProps={{ withinPortal: true }}
                  data={[
                    { value: NO_DEPARTMENT, label: t('jobs.department.none') },
                    ...(departments.data ?? []).map((department) => ({
                      value: department._id,
                      label: department.name,
                    })),
                  ]}
                />
              ) : null}
            </Section>
            <Section title={t('jobEditor.company')}>
              <TextInput
                label={t('jobEditor.companyName')}
                withAsterisk
                {...textFieldWithFallback(form, 'company.name', texts.company)}
              />
              <LogoField value={logoUrl.value ?? ''} onChange={logoUrl.onChange} />
            </Section>
            <Section title={t('jobEditor.rules')}>
              <Switch
                label={t('jobEditor.isCvRequired')}
                description={t('jobEditor.isCvRequiredHint')}
                checked={isCvRequired.value}
                onChange={(event) => isCvRequired.onChange(event.currentTarget.checked)}
              />
              <Switch
                label={t('jobEditor.isOneTry')}
                description={t('jobEditor.isOneTryHint')}
                checked={isOneTry.value}
                onChange={(event) => {
                  isOneTry.onChange(event.currentTarget.checked);
                  // Screen recording depends on this rule: its questions are checked again.
                  if (form.formState.isSubmitted) {
                    void form.trigger(
                      form
                        .getValues('quests')
                        .map((_, index) => `quests.${index}.ansRule` as const),
                    );
                  }
                }}
              />
              <Switch
                label={t('jobEditor.hasPractice')}
                description={t('jobEditor.hasPracticeHint')}
                checked={hasPractice.value ?? false}
                onChange={(event) => hasPractice.onChange(event.currentTarget.checked)}
              />
              <ClosingDateField
                value={closesAt.value ?? null}
                savedValue={initialJob.closesAt ?? null}
                onChange={closesAt.onChange}
              />
            </Section>
            <Section title={t('jobEditor.statusPage')}>
              <StatusStagesField value={statusStages.value} onChange={statusStages.onChange} />
            </Section>
            <Section title={t('scorecard.title')}>
              <ScorecardField
                value={(scorecard.value ?? []) as ScorecardCriterion[]}
                onChange={scorecard.onChange}
                errorOf={(index) => form.errorOf(`scorecard.${index}.label`)}
                user={user}
                language={language}
              />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} fz="lg">
                {t('jobEditor.questions')}
              </Title>
              <Text fz="sm" c="gray.7">
                {t('jobs.questionCount', { count: job.quests.length })}
              </Text>
            </Group>
            <FormProvider {...form}>
              <QuestionListEditor
                mode="job"
                user={user}
                isOneTry={job.rule.isOneTry}
                createQuestion={() => addedQuestion(JOB_DEFAULT_TIME_LIMIT_MIN)}
                blankTextFallback={texts.question}
              />
            </FormProvider>
          </Stack>
        </Grid.Col>
      </Grid>
      {job._id ? (
        <ShareJobDialog
          job={{ _id: job._id, info: job.info }}
          opened={isShareOpen}
          onClose={() => setIsShareOpen(false)}
        />
      ) : null}
    </Stack>
  );
}

/**
 * Job editor (`/create/{jobId?}`, spec §2 and §4): a saved job by id, or a new one (prefilled
 * from `?templateId=`), edited with autosave.
 */
export default function JobEditorPage() {
  const { t } = useTranslation();
  const { jobId } = useParams();
  const [searchParams] = useSearchParams();
  const templateId = jobId ? null : searchParams.get('templateId');
  const user = useSessionUser();
  const jobQuery = useJob(jobId);
  const templateQuery = useTemplate(templateId);
  const language = useLanguageStore((state) => state.language);

  const renderContent = () => {
    if (!user) return <PageLoader />;
    if (jobId) {
      if (jobQuery.isError) {
        return <Alert color="red">{t('jobEditor.loadFailed')}</Alert>;
      }
      if (!jobQuery.data) return <PageLoader />;
      return (
        <JobEditor key="editor" initialJob={jobQuery.data} user={user} isFromTemplate={false} />
      );
    }
    if (templateId && templateQuery.isPending) return <PageLoader />;
    return (
      <JobEditor
        key="editor"
        initialJob={buildNewJob(user, templateQuery.data, language)}
        user={user}
        isFromTemplate={Boolean(templateQuery.data)}
      />
    );
  };

  return <BackofficeLayout>{renderContent()}</BackofficeLayout>;
}
