import {
  createApiKeyBodySchema,
  formatDate,
  type ApiKey,
  type CreateApiKeyBody,
  type CreateApiKeyResponse,
} from '@candid/domain';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../common/api/api-client-context';
import { useSchemaForm } from '../../../common/forms/use-schema-form';
import { showAlert } from '../../../common/stores/alert-store';
import { useLanguageStore } from '../../../common/stores/language-store';
import { copyToClipboard } from '../../../common/ui/copy-to-clipboard';
import { useIsPhone } from '../../../common/ui/media-queries';
import { getErrorI18nKey } from '../../common/forms/error-key';
import { FormErrorAlert } from '../../common/ui/form-error-alert';
import { createApiKey, integrationKeys, revokeApiKey, useApiKeys } from '../api/integrations';

const API_KEY = { entity: { i18nKey: 'entities.apiKey' } };

function CreateKeyForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (created: CreateApiKeyResponse) => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const form = useSchemaForm(createApiKeyBodySchema, { name: '', scope: 'read' });
  const scope = form.valueField('scope');
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (input: CreateApiKeyBody) => {
    setFormError(null);
    try {
      onCreated(await createApiKey(api, input));
    } catch (error) {
      setFormError(getErrorI18nKey(error));
    }
  });
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('integrations.keys.createTitle')}
    >
      <Stack gap="md">
        <TextInput
          label={t('integrations.keys.name')}
          description={t('integrations.keys.nameHint')}
          required
          autoComplete="off"
          data-autofocus
          {...form.textField('name')}
        />
        <Stack gap={4}>
          <Text component="span" fz="sm" fw={500}>
            {t('integrations.keys.scope')}
          </Text>
          <SegmentedControl
            aria-label={t('integrations.keys.scope')}
            value={scope.value}
            onChange={(value) => scope.onChange(value as CreateApiKeyBody['scope'])}
            data={[
              { value: 'read', label: t('integrations.keys.scopes.read') },
              { value: 'write', label: t('integrations.keys.scopes.write') },
            ]}
          />
          <Text fz="xs" c="gray.7">
            {t(`integrations.keys.scopeHints.${scope.value}`)}
          </Text>
        </Stack>
        <FormErrorAlert errorKey={formError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('accounts.edit.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('integrations.keys.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The new key, this once: copy it now, it is stored hashed and never shown again. */
function NewKey({ created, onDone }: { created: CreateApiKeyResponse; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="new-api-key">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
        {t('integrations.keys.shownOnce')}
      </Alert>
      <Code
        block
        dir="ltr"
        fz="sm"
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        data-testid="api-key-value"
      >
        {created.key}
      </Code>
      <Group justify="flex-end" gap="sm">
        <Button
          variant="light"
          leftSection={<IconCopy size={18} aria-hidden />}
          onClick={() => void copyToClipboard(created.key)}
        >
          {t('integrations.copy')}
        </Button>
        <Button onClick={onDone}>{t('integrations.keys.done')}</Button>
      </Group>
    </Stack>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  const isRevoked = apiKey.revokedAt !== null;
  return (
    <Paper withBorder radius="lg" px="md" py="sm" data-testid="api-key-row">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={4} miw={0}>
          <Group gap={6} wrap="wrap">
            <Text
              fw={600}
              td={isRevoked ? 'line-through' : undefined}
              style={{ overflowWrap: 'anywhere' }}
            >
              {apiKey.name}
            </Text>
            <Badge variant="light" color={apiKey.scope === 'write' ? 'orange' : 'indigo'} size="sm">
              {t(`integrations.keys.scopes.${apiKey.scope}`)}
            </Badge>
            {isRevoked ? (
              <Badge variant="outline" color="red" size="sm">
                {t('integrations.keys.revoked')}
              </Badge>
            ) : null}
          </Group>
          <Code dir="ltr" w="fit-content">
            {`${apiKey.prefix}…`}
          </Code>
          <Group gap="md" wrap="wrap">
            <Text fz="xs" c="dimmed">
              {t('integrations.keys.createdBy', {
                date: formatDate(apiKey.createdAt, language),
                name: apiKey.createdBy,
              })}
            </Text>
            <Text fz="xs" c="dimmed">
              {t('integrations.keys.lastUsed')}:{' '}
              {apiKey.lastUsedAt ? formatDate(apiKey.lastUsedAt, language) : t('accounts.never')}
            </Text>
          </Group>
        </Stack>
        {isRevoked ? null : (
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onRevoke}
            aria-label={t('integrations.keys.revokeAction', { name: apiKey.name })}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}

/**
 * The owner's API keys: made with a name and a scope, the whole key shown once with a copy
 * button, listed by their first characters, revoked after a confirmation (at once).
 */
export function ApiKeysSection() {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const isPhone = useIsPhone();
  const keys = useApiKeys(true);
  const [isCreating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys });
  const closeCreate = () => {
    setCreating(false);
    setCreated(null);
  };
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => revokeApiKey(api, key._id),
    onSuccess: async () => {
      setRevoking(null);
      showAlert({ type: 'success', key: 'integrations.keys.revokedAlert' });
      await refresh();
    },
    onError: () => showAlert({ type: 'fail', key: 'alerts.failRemove', params: API_KEY }),
  });
  const list = keys.data ?? [];

  return (
    <Stack gap="sm" component="section" aria-labelledby="api-keys-title">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <IconKey size={22} aria-hidden />
          <Title order={2} fz={{ base: 20, sm: 22 }} id="api-keys-title">
            {t('integrations.keys.title')}
          </Title>
        </Group>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
          {t('integrations.keys.add')}
        </Button>
      </Group>
      <Text c="gray.7" fz="sm">
        {t('integrations.keys.hint')}{' '}
        <Anchor href="/api/docs" target="_blank" rel="noreferrer">
          {t('integrations.keys.docs')}
        </Anchor>
      </Text>
      <Code dir="ltr" w="fit-content" maw="100%" style={{ overflowWrap: 'anywhere' }}>
        Authorization: Bearer cnd_…
      </Code>
      {keys.isPending ? <Skeleton h={72} radius="lg" /> : null}
      {keys.isError ? <Text c="red">{t('integrations.loadFailed')}</Text> : null}
      {keys.isSuccess && list.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('integrations.keys.empty')}
        </Text>
      ) : null}
      {list.map((apiKey) => (
        <KeyRow key={apiKey._id} apiKey={apiKey} onRevoke={() => setRevoking(apiKey)} />
      ))}

      <Modal
        opened={isCreating}
        onClose={closeCreate}
        title={t(created ? 'integrations.keys.newTitle' : 'integrations.keys.createTitle')}
        centered
        radius="lg"
        fullScreen={isPhone}
        closeOnClickOutside={created === null}
      >
        {created ? (
          <NewKey created={created} onDone={closeCreate} />
        ) : isCreating ? (
          <CreateKeyForm
            onCancel={closeCreate}
            onCreated={(answer) => {
              setCreated(answer);
              void refresh();
            }}
          />
        ) : null}
      </Modal>

      <Modal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('integrations.keys.revokeTitle')}
        centered
        radius="lg"
      >
        <Stack gap="md">
          <Text>{t('integrations.keys.revokeConfirm', { name: revoking?.name ?? '' })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRevoking(null)}>
              {t('accounts.edit.cancel')}
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => revoking && revoke.mutate(revoking)}
            >
              {t('integrations.keys.revoke')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
