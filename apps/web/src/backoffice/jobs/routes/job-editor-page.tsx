import {
  canShareJob,
  defaultJob,
  defaultQuestion,
  EMPTY_COMPANY_FALLBACK_NAME,
  EMPTY_QUESTION_FALLBACK_TXT,
  jobInputSchema,
  UNTITLED_JOB_TITLE,
  type JobDraft,
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
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconShare } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../../common/ui/page-loader';
import classes from '../../../common/ui/mirror-in-rtl.module.css';
import { useSessionUser } from '../../common/session/session-actions';
import { getQuestionErrors } from '../../common/questions/question-errors';
import { QuestionListEditor } from '../../common/questions/question-list-editor';
import { RichTextField } from '../../common/questions/rich-text-field';
import { BackofficeLayout } from '../../common/shell/backoffice-layout';
import { useTemplate } from '../../common/templates/get-template';
import { useJob } from '../../common/jobs/get-job';
import { CoverPicker } from '../../common/jobs/cover-picker';
import { LogoField } from '../components/logo-field';
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
function buildNewJob(user: User, template: Template | undefined): JobDraft {
  const job = defaultJob({ companyName: user.companyName ?? '', logoUrl: user.logoUrl ?? '' });
  if (!template) return job;
  return {
    ...job,
    info: { ...job.info, title: template.title, coverUrl: template.coverUrl },
    quests: template.quests.map((quest) => ({ ...quest })),
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
  const { job, status, update, undo, redo, errorKey } = useJobAutosave(initialJob, {
    saveAtOnce: isFromTemplate,
  });
  useUndoShortcuts(undo, redo);
  const [isShareOpen, setIsShareOpen] = useState(false);
  const questionErrors = useMemo(() => {
    const result = jobInputSchema.safeParse(job);
    return result.success ? new Map() : getQuestionErrors(result.error.issues);
  }, [job]);
  const showErrors = status !== 'idle';
  const canShare = canShareJob(job, errorKey !== null) && status !== 'failed';
  const requiredError = (value: string) =>
    showErrors && !value.trim() ? t('validation.REQUIRED_VALIDATE') : undefined;

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
                value={job.info.title}
                error={requiredError(job.info.title)}
                onChange={(event) => {
                  const title = event.currentTarget.value;
                  update((current) => ({ ...current, info: { ...current.info, title } }));
                }}
                onBlur={() => {
                  if (!job.info.title.trim()) {
                    update((current) => ({
                      ...current,
                      info: { ...current.info, title: UNTITLED_JOB_TITLE },
                    }));
                  }
                }}
              />
              <TextInput
                label={t('jobEditor.location')}
                placeholder={t('jobEditor.locationPlaceholder')}
                value={job.info.location}
                onChange={(event) => {
                  const location = event.currentTarget.value;
                  update((current) => ({ ...current, info: { ...current.info, location } }));
                }}
              />
              <RichTextField
                label={t('jobEditor.description')}
                placeholder={t('jobEditor.descriptionPlaceholder')}
                value={job.info.desc}
                minRows={4}
                onChange={(desc) =>
                  update((current) => ({ ...current, info: { ...current.info, desc } }))
                }
              />
              <CoverPicker
                value={job.info.coverUrl}
                onChange={(coverUrl) =>
                  update((current) => ({ ...current, info: { ...current.info, coverUrl } }))
                }
              />
            </Section>
            <Section title={t('jobEditor.company')}>
              <TextInput
                label={t('jobEditor.companyName')}
                withAsterisk
                value={job.company.name}
                error={requiredError(job.company.name)}
                onChange={(event) => {
                  const name = event.currentTarget.value;
                  update((current) => ({ ...current, company: { ...current.company, name } }));
                }}
                onBlur={() => {
                  if (!job.company.name.trim()) {
                    update((current) => ({
                      ...current,
                      company: { ...current.company, name: EMPTY_COMPANY_FALLBACK_NAME },
                    }));
                  }
                }}
              />
              <LogoField
                value={job.company.logoUrl}
                onChange={(logoUrl) =>
                  update((current) => ({ ...current, company: { ...current.company, logoUrl } }))
                }
              />
            </Section>
            <Section title={t('jobEditor.rules')}>
              <Switch
                label={t('jobEditor.isCvRequired')}
                description={t('jobEditor.isCvRequiredHint')}
                checked={job.rule.isCvRequired}
                onChange={(event) => {
                  const isCvRequired = event.currentTarget.checked;
                  update((current) => ({ ...current, rule: { ...current.rule, isCvRequired } }));
                }}
              />
              <Switch
                label={t('jobEditor.isOneTry')}
                description={t('jobEditor.isOneTryHint')}
                checked={job.rule.isOneTry}
                onChange={(event) => {
                  const isOneTry = event.currentTarget.checked;
                  update((current) => ({ ...current, rule: { ...current.rule, isOneTry } }));
                }}
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
            <QuestionListEditor
              quests={job.quests}
              mode="job"
              user={user}
              isOneTry={job.rule.isOneTry}
              createQuestion={() => defaultQuestion()}
              errors={showErrors ? questionErrors : undefined}
              blankTextFallback={EMPTY_QUESTION_FALLBACK_TXT}
              onChange={(quests) => update((current) => ({ ...current, quests }))}
            />
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
        initialJob={buildNewJob(user, templateQuery.data)}
        user={user}
        isFromTemplate={Boolean(templateQuery.data)}
      />
    );
  };

  return <BackofficeLayout>{renderContent()}</BackofficeLayout>;
}
