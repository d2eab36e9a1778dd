import {
  alertI18nKey,
  addedQuestion,
  applyTemplateDefaults,
  defaultTemplateQuestion,
  TEMPLATE_DEFAULT_TIME_LIMIT_MIN,
  entityI18nKey,
  templateInputSchema,
  VALIDATION_KEYS,
  type Language,
  type Template,
  type TemplateInput,
  type User,
} from '@candid/domain';
import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { FormProvider, type FieldErrors } from 'react-hook-form';
// Types only: the schema comes from packages/domain.
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useLocation, useNavigate, useParams } from 'react-router';
import { useApiClient } from '../../../common/api/api-client-context';
import { useSchemaForm } from '../../../common/forms/use-schema-form';
import classes from '../../../common/ui/mirror-in-rtl.module.css';
import { PageLoader } from '../../../common/ui/page-loader';
import { showAlert } from '../../../common/stores/alert-store';
import { useLanguageStore } from '../../../common/stores/language-store';
import { useSessionUser } from '../../common/session/session-actions';
import { CoverPicker } from '../../common/jobs/cover-picker';
import { QuestionListEditor } from '../../common/questions/question-list-editor';
import { BackofficeLayout } from '../../common/shell/backoffice-layout';
import { useTemplate } from '../../common/templates/get-template';
import { TEMPLATES_KEY } from '../../common/templates/template-keys';
import { createTemplate, updateTemplate } from '../api/save-template';
import { getTemplateListPath } from '../components/template-paths';

const TEMPLATE_ENTITY = { entity: { i18nKey: entityI18nKey('template') } };

/** The form's values: the template's own fields (its id stays apart). */
type TemplateFormValues = Pick<
  z.input<typeof templateInputSchema>,
  'title' | 'coverUrl' | 'quests'
>;

function toFormValues(template: Template | undefined, lang: Language): TemplateFormValues {
  if (!template) {
    return { title: '', coverUrl: '', quests: [defaultTemplateQuestion(undefined, lang)] };
  }
  return {
    title: template.title,
    coverUrl: template.coverUrl,
    quests: template.quests.map((quest) => ({ ...quest })),
  };
}

/** Every message (i18n key) of the form's errors, in field order. */
function collectMessages(errors: unknown): string[] {
  if (typeof errors !== 'object' || errors === null) return [];
  const { message } = errors as { message?: unknown };
  const own = typeof message === 'string' && message ? [message] : [];
  const nested = Object.entries(errors)
    .filter(([key]) => key !== 'ref' && key !== 'message' && key !== 'type')
    .flatMap(([, value]) => collectMessages(value));
  return [...own, ...nested];
}

/** The summary above the form: "Required fields missing" first, else the first problem. */
function getSummaryKey(errors: FieldErrors<TemplateFormValues>): string | null {
  const messages = collectMessages(errors);
  if (messages.length === 0) return null;
  if (messages.includes(VALIDATION_KEYS.REQUIRED_VALIDATE))
    return VALIDATION_KEYS.REQUIRED_FIELDS_MISSING;
  return messages[0] ?? VALIDATION_KEYS.INVALID_VALUE;
}

function TemplateEditor({ template, user }: { template: Template | undefined; user: User }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const listPath = getTemplateListPath(location.state);
  const language = useLanguageStore((state) => state.language);
  const form = useSchemaForm<TemplateFormValues, TemplateInput>(
    templateInputSchema,
    toFormValues(template, language),
  );
  const { isDirty, isSubmitted, errors } = form.formState;
  const coverUrl = form.valueField('coverUrl');
  const [isSaving, setIsSaving] = useState(false);
  const isLeavingRef = useRef(false);

  // Leaving with unsaved changes asks first (yes proceeds, no stays).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !isLeavingRef.current && currentLocation.pathname !== nextLocation.pathname,
  );

  const summaryKey = isSubmitted ? getSummaryKey(errors) : null;

  const send = async (input: TemplateInput) => {
    setIsSaving(true);
    try {
      if (template) await updateTemplate(api, { ...input, _id: template._id });
      else await createTemplate(api, input);
      showAlert({ type: 'success', key: alertI18nKey('save'), params: TEMPLATE_ENTITY });
      await queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
      isLeavingRef.current = true;
      void navigate(listPath);
    } catch {
      showAlert({ type: 'fail', key: alertI18nKey('failSave'), params: TEMPLATE_ENTITY });
    } finally {
      setIsSaving(false);
    }
  };

  const save = async () => {
    // A blank title is saved as "Unnamed Template" with the date and time.
    const title = form.getValues('title');
    const named = applyTemplateDefaults({ title }, new Date(), language).title;
    if (named !== title) form.setValue('title', named, { shouldDirty: true });
    await form.handleSubmit(send)();
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
            {template ? t('templates.editTitle') : t('templates.newTitle')}
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
            {...form.textField('title')}
          />
          <CoverPicker value={coverUrl.value ?? ''} onChange={coverUrl.onChange} />
        </Stack>
      </Paper>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('templates.questions')}
        </Title>
        <FormProvider {...form}>
          <QuestionListEditor
            mode="template"
            user={user}
            createQuestion={() => addedQuestion(TEMPLATE_DEFAULT_TIME_LIMIT_MIN)}
            libraryLang={language}
          />
        </FormProvider>
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

/** Template editor (`/backoffice/template/edit/{templateId?}`). */
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
    return <TemplateEditor template={query.data} user={user} />;
  };
  return <BackofficeLayout>{content()}</BackofficeLayout>;
}
