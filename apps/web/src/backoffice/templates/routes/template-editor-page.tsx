import {
  alertI18nKey,
  applyTemplateDefaults,
  defaultTemplateQuestion,
  entityI18nKey,
  templateInputSchema,
  VALIDATION_KEYS,
  type Question,
  type Template,
  type User,
} from '@candid/domain';
import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useLocation, useNavigate, useParams } from 'react-router';
import { useApiClient } from '../../../common/api/api-client-context';
import classes from '../../../common/ui/mirror-in-rtl.module.css';
import { PageLoader } from '../../../common/ui/page-loader';
import { showAlert } from '../../../common/stores/alert-store';
import { useSessionUser } from '../../common/session/session-actions';
import { CoverPicker } from '../../common/jobs/cover-picker';
import { getQuestionErrors } from '../../common/questions/question-errors';
import { QuestionListEditor } from '../../common/questions/question-list-editor';
import { BackofficeLayout } from '../../common/shell/backoffice-layout';
import { useTemplate } from '../../common/templates/get-template';
import { TEMPLATES_KEY } from '../../common/templates/template-keys';
import { createTemplate, updateTemplate } from '../api/save-template';
import { getTemplateListPath } from '../components/template-paths';

const TEMPLATE_ENTITY = { entity: { i18nKey: entityI18nKey('template') } };

interface TemplateDraft {
  _id?: string;
  title: string;
  coverUrl: string;
  quests: Question[];
}

function toDraft(template: Template | undefined): TemplateDraft {
  if (!template) return { title: '', coverUrl: '', quests: [defaultTemplateQuestion()] };
  return {
    _id: template._id,
    title: template.title,
    coverUrl: template.coverUrl,
    quests: template.quests.map((quest) => ({ ...quest })),
  };
}

/** The summary above the form: "Required fields missing" first, else the first problem. */
function getSummaryKey(messages: string[]): string {
  if (messages.includes(VALIDATION_KEYS.REQUIRED_VALIDATE))
    return VALIDATION_KEYS.REQUIRED_FIELDS_MISSING;
  return messages[0] ?? VALIDATION_KEYS.INVALID_VALUE;
}

function TemplateEditor({ initial, user }: { initial: TemplateDraft; user: User }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const listPath = getTemplateListPath(location.state);
  const [draft, setDraft] = useState(initial);
  const [isDirty, setIsDirty] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [hasTriedSave, setHasTriedSave] = useState(false);
  const isLeavingRef = useRef(false);

  // Leaving with unsaved changes asks first (spec §4: yes proceeds, no stays).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !isLeavingRef.current && currentLocation.pathname !== nextLocation.pathname,
  );

  const validation = useMemo(() => {
    const named = applyTemplateDefaults(draft, new Date());
    return { named, result: templateInputSchema.safeParse(named) };
  }, [draft]);
  const questionErrors = useMemo(
    () =>
      hasTriedSave && !validation.result.success
        ? getQuestionErrors(validation.result.error.issues)
        : undefined,
    [hasTriedSave, validation],
  );
  const summaryKey =
    hasTriedSave && !validation.result.success
      ? getSummaryKey(validation.result.error.issues.map((issue) => issue.message))
      : null;

  const change = (patch: Partial<TemplateDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setIsDirty(true);
  };

  const save = async () => {
    setHasTriedSave(true);
    if (!validation.result.success) return;
    setIsSaving(true);
    try {
      const input = validation.result.data;
      if (draft._id) await updateTemplate(api, { ...input, _id: draft._id });
      else await createTemplate(api, input);
      showAlert({ type: 'success', key: alertI18nKey('save'), params: TEMPLATE_ENTITY });
      await queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
      isLeavingRef.current = true;
      setIsDirty(false);
      void navigate(listPath);
    } catch {
      showAlert({ type: 'fail', key: alertI18nKey('failSave'), params: TEMPLATE_ENTITY });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Stack gap="lg" maw={860} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Button
            component={Link}
            to={listPath}
            variant="subtle"
            color="gray"
            size="compact-sm"
            px={4}
            leftSection={<IconArrowLeft size={16} className={classes.mirror} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('templates.back')}
          </Button>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {draft._id ? t('templates.editTitle') : t('templates.newTitle')}
          </Title>
        </Stack>
        <Button
          leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          loading={isSaving}
          onClick={() => void save()}
        >
          {t('templates.save')}
        </Button>
      </Group>
      {summaryKey ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {t(summaryKey)}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <TextInput
            label={t('templates.titleLabel')}
            placeholder={t('templates.titlePlaceholder')}
            description={t('templates.titleHint')}
            value={draft.title}
            onChange={(event) => change({ title: event.currentTarget.value })}
          />
          <CoverPicker value={draft.coverUrl} onChange={(coverUrl) => change({ coverUrl })} />
        </Stack>
      </Paper>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('templates.questions')}
        </Title>
        <QuestionListEditor
          quests={draft.quests}
          onChange={(quests) => change({ quests })}
          mode="template"
          user={user}
          createQuestion={() => defaultTemplateQuestion()}
          errors={questionErrors}
        />
      </Stack>
      <Group justify="flex-end">
        <Button size="md" loading={isSaving} onClick={() => void save()}>
          {t('templates.save')}
        </Button>
      </Group>
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('templates.leave.title')}
        centered
        radius="lg"
      >
        <Stack>
          <Text>{t('templates.leave.text')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              {t('templates.leave.no')}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              {t('templates.leave.yes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Template editor (`/backoffice/template/edit/{templateId?}`, spec §2 and §4). */
export default function TemplateEditorPage() {
  const { t } = useTranslation();
  const { templateId } = useParams();
  const user = useSessionUser();
  const query = useTemplate(templateId);
  const content = () => {
    if (!user) return <PageLoader />;
    if (templateId) {
      if (query.isError) return <Alert color="red">{t('templates.loadFailed')}</Alert>;
      if (!query.data) return <PageLoader />;
    }
    return <TemplateEditor initial={toDraft(query.data)} user={user} />;
  };
  return <BackofficeLayout>{content()}</BackofficeLayout>;
}
