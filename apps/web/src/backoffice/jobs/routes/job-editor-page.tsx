import {
  addedQuestion,
  canShareJob,
  canUseDepartments,
  defaultJob,
  getDefaultTexts,
  getJobIssues,
  isRichTextBlank,
  JOB_DESC_MAX_CHARS,
  JOB_DEFAULT_TIME_LIMIT_MIN,
  type JobDraft,
  type Language,
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
import { IconArrowLeft, IconEye, IconShare, IconUsers } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../../common/stores/language-store';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../../common/ui/page-loader';
import classes from '../../../common/ui/mirror-in-rtl.module.css';
import { useDepartments } from '../../common/departments/departments-api';
import { useSessionUser } from '../../common/session/session-actions';
import { QuestionListEditor } from '../../common/questions/question-list-editor';
import { RichTextField } from '../../common/questions/rich-text-field';
import { BackofficeLayout } from '../../common/shell/backoffice-layout';
import { useTemplate } from '../../common/templates/get-template';
import { useJob } from '../../common/jobs/get-job';
import { SaveStatusIndicator } from '../components/save-status';
import { ShareJobDialog } from '../../common/jobs/share-job-dialog';
import { JobAccessDialog } from '../../common/jobs/job-access-dialog';
import { JobIssueList } from '../components/job-issue-list';
import {
  JobSettingsAccordion,
  settingSectionId,
  settingSectionOf,
  type JobSettingSection,
} from '../components/job-settings-accordion';
import {
  textFieldWithFallback,
  useJobEditorForm,
  useUndoShortcuts,
} from '../components/use-job-editor-form';

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

/** A new job for this recruiter, prefilled from a template when one is given. */
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

/** The candidate's view of a saved job: the invitation link's preview, which records nothing. */
const previewPathOf = (jobId: string) => `/interview/${encodeURIComponent(jobId)}?demo=1`;

/** Moves to a field named by an issue: opens its folded section, then scrolls and focuses. */
function useGoToField(opened: JobSettingSection[], setOpened: (next: JobSettingSection[]) => void) {
  return (path: string) => {
    const section = settingSectionOf(path);
    if (section && !opened.includes(section)) setOpened([...opened, section]);
    // The section's panel renders first when it was folded.
    requestAnimationFrame(() => {
      const field = document.querySelector<HTMLElement>(`[name="${path}"]`);
      const fallback =
        path === 'quests'
          ? document.getElementById(QUESTIONS_ID)
          : section
            ? document.querySelector<HTMLElement>(`#${settingSectionId(section)} button`)
            : null;
      const target = field ?? fallback;
      target?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      target?.focus({ preventScroll: true });
    });
  };
}

const QUESTIONS_ID = 'job-questions';

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
  const [isAccessOpen, setIsAccessOpen] = useState(false);
  const [openedSettings, setOpenedSettings] = useState<JobSettingSection[]>([]);
  const goToField = useGoToField(openedSettings, setOpenedSettings);
  const showErrors = status !== 'idle';
  const canShare = canShareJob(job, errorKey !== null) && status !== 'failed';
  const issues = useMemo(() => (errorKey ? getJobIssues(job) : []), [errorKey, job]);
  const desc = form.valueField('info.desc');
  const isDescShown = form.valueField('info.isDescShown');
  const language = useLanguageStore((state) => state.language);
  const departmentId = form.valueField('departmentId');
  // Multi-department organisations: the field shows only with the permission.
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
        <Group gap="sm" wrap="wrap">
          <SaveStatusIndicator status={status} />
          {job._id ? (
            <Button
              component="a"
              href={previewPathOf(job._id)}
              target="_blank"
              rel="noopener"
              variant="default"
              title={t('jobEditor.previewHint')}
              leftSection={<IconEye size={18} aria-hidden />}
            >
              {t('jobEditor.preview')}
            </Button>
          ) : null}
          {job._id ? (
            <Button
              variant="default"
              leftSection={<IconUsers size={18} aria-hidden />}
              onClick={() => setIsAccessOpen(true)}
            >
              {t('jobAccess.editorButton')}
            </Button>
          ) : null}
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
        <JobIssueList summaryKey={errorKey} issues={issues} onGoTo={goToField} />
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Section title={t('jobEditor.details')}>
            <TextInput
              label={t('jobEditor.jobTitle')}
              withAsterisk
              {...textFieldWithFallback(form, 'info.title', texts.untitledJob)}
            />
            <TextInput
              label={t('jobEditor.companyName')}
              withAsterisk
              {...textFieldWithFallback(form, 'company.name', texts.company)}
            />
            <TextInput
              label={t('jobEditor.location')}
              placeholder={t('jobEditor.locationPlaceholder')}
              {...form.textField('info.location')}
            />
            <Stack gap="xs">
              <RichTextField
                label={t('jobEditor.description')}
                placeholder={t('jobEditor.descriptionPlaceholder')}
                value={desc.value ?? ''}
                minRows={4}
                maxChars={JOB_DESC_MAX_CHARS}
                name="info.desc"
                error={desc.error}
                onChange={(html) => {
                  // Writing a description means showing it; an emptied one stays shown (and missing).
                  if (
                    !isDescShown.value &&
                    isRichTextBlank(desc.value ?? '') &&
                    !isRichTextBlank(html)
                  ) {
                    isDescShown.onChange(true);
                  }
                  desc.onChange(html);
                }}
              />
              <Switch
                label={t('jobEditor.showDescription')}
                description={
                  isDescShown.value
                    ? t('jobEditor.showDescriptionOnHint')
                    : t('jobEditor.showDescriptionOffHint')
                }
                checked={isDescShown.value ?? false}
                onChange={(event) => isDescShown.onChange(event.currentTarget.checked)}
                data-testid="show-description"
              />
            </Stack>
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
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <Group justify="space-between" id={QUESTIONS_ID} tabIndex={-1}>
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
                libraryLang={language}
              />
            </FormProvider>
          </Stack>
        </Grid.Col>
      </Grid>
      <JobSettingsAccordion
        form={form}
        initialJob={initialJob}
        user={user}
        language={language}
        opened={openedSettings}
        onOpenedChange={setOpenedSettings}
      />
      {job._id ? (
        <ShareJobDialog
          job={{ _id: job._id, info: job.info }}
          opened={isShareOpen}
          onClose={() => setIsShareOpen(false)}
        />
      ) : null}
      {job._id ? (
        <JobAccessDialog
          jobId={job._id}
          jobTitle={job.info.title}
          opened={isAccessOpen}
          onClose={() => setIsAccessOpen(false)}
        />
      ) : null}
    </Stack>
  );
}

/**
 * Job editor (`/create/{jobId?}`): a saved job by id, or a new one (prefilled
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
