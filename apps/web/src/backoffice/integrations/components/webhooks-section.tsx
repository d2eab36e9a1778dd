import {
  formatDate,
  formatTime,
  type WebhookEndpoint,
  type WebhookEndpointInput,
} from '@candid/domain';
import { Alert, Button, Code, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconKey, IconPlus, IconWebhook } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../common/api/api-client-context';
import { showAlert } from '../../../common/stores/alert-store';
import { useLanguageStore } from '../../../common/stores/language-store';
import { copyToClipboard } from '../../../common/ui/copy-to-clipboard';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookSecret,
  integrationKeys,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhookEndpoint,
  useWebhookEndpoints,
} from '../api/integrations';
import { WebhookEndpointModal } from './webhook-endpoint-modal';
import { EndpointRow } from './webhook-endpoint-row';

const ENDPOINT = { entity: { i18nKey: 'entities.webhook' } };

function toInput(endpoint: WebhookEndpoint, patch: Partial<WebhookEndpointInput> = {}) {
  return {
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    enabled: endpoint.enabled,
    ...patch,
  };
}

/**
 * The owner's webhook endpoints: add, edit, turn off and on (and why the sender turned one
 * off), delete and rotate the secret (each with a confirmation), reveal the signing secret,
 * send a test event, and each one's delivery log.
 */
export function WebhooksSection() {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const endpoints = useWebhookEndpoints(true);
  const [editing, setEditing] = useState<{ endpoint: WebhookEndpoint | null } | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const language = useLanguageStore((state) => state.language);
  const [secret, setSecret] = useState<{ value: string; oldUntil: string | null } | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: integrationKeys.endpoints });

  const save = async (input: WebhookEndpointInput) => {
    const endpoint = editing?.endpoint ?? null;
    if (endpoint) await updateWebhookEndpoint(api, endpoint._id, input);
    else await createWebhookEndpoint(api, input);
    showAlert({
      type: 'success',
      key: endpoint ? 'alerts.update' : 'alerts.add',
      params: ENDPOINT,
    });
    setEditing(null);
    await refresh();
  };

  const toggle = async (endpoint: WebhookEndpoint) => {
    try {
      await updateWebhookEndpoint(
        api,
        endpoint._id,
        toInput(endpoint, { enabled: !endpoint.enabled }),
      );
      await refresh();
    } catch {
      showAlert({ type: 'fail', key: 'alerts.failUpdate', params: ENDPOINT });
    }
  };

  const reveal = async (endpoint: WebhookEndpoint) => {
    try {
      setSecret({ value: await getWebhookSecret(api, endpoint._id), oldUntil: null });
    } catch {
      showAlert({ type: 'fail', key: 'integrations.loadFailed' });
    }
  };

  const test = async (endpoint: WebhookEndpoint) => {
    try {
      await sendTestEvent(api, endpoint._id);
      showAlert({ type: 'success', key: 'integrations.hooks.testSent' });
      await queryClient.invalidateQueries({
        queryKey: integrationKeys.deliveries(endpoint._id),
      });
    } catch {
      showAlert({
        type: 'fail',
        key: 'alerts.failSend',
        params: { entity: { i18nKey: 'entities.event' } },
      });
    }
  };

  const rotate = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => rotateWebhookSecret(api, endpoint._id),
    onSuccess: async (answer) => {
      setRotating(null);
      setSecret({ value: answer.secret, oldUntil: answer.previousSecretExpiresAt });
      await refresh();
    },
    onError: () => showAlert({ type: 'fail', key: 'alerts.failUpdate', params: ENDPOINT }),
  });

  const remove = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => deleteWebhookEndpoint(api, endpoint._id),
    onSuccess: async () => {
      setDeleting(null);
      showAlert({ type: 'success', key: 'alerts.remove', params: ENDPOINT });
      await refresh();
    },
    onError: () => showAlert({ type: 'fail', key: 'alerts.failRemove', params: ENDPOINT }),
  });
  const list = endpoints.data ?? [];

  return (
    <Stack gap="sm" component="section" aria-labelledby="webhooks-title">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <IconWebhook size={22} aria-hidden />
          <Title order={2} fz={{ base: 20, sm: 22 }} id="webhooks-title">
            {t('integrations.hooks.title')}
          </Title>
        </Group>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setEditing({ endpoint: null })}
        >
          {t('integrations.hooks.add')}
        </Button>
      </Group>
      <Text c="gray.7" fz="sm">
        {t('integrations.hooks.hint')}
      </Text>
      <Code dir="ltr" w="fit-content" maw="100%" style={{ overflowWrap: 'anywhere' }}>
        webhook-id · webhook-timestamp · webhook-signature
      </Code>
      {endpoints.isPending ? <Skeleton h={96} radius="lg" /> : null}
      {endpoints.isError ? <Text c="red">{t('integrations.loadFailed')}</Text> : null}
      {endpoints.isSuccess && list.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('integrations.hooks.empty')}
        </Text>
      ) : null}
      {list.map((endpoint) => (
        <EndpointRow
          key={endpoint._id}
          endpoint={endpoint}
          actions={{
            onEdit: () => setEditing({ endpoint }),
            onSecret: () => void reveal(endpoint),
            onRotate: () => setRotating(endpoint),
            onTest: () => void test(endpoint),
            onToggle: () => void toggle(endpoint),
            onDelete: () => setDeleting(endpoint),
          }}
        />
      ))}

      <WebhookEndpointModal
        opened={editing !== null}
        endpoint={editing?.endpoint ?? null}
        onClose={() => setEditing(null)}
        onSave={save}
      />

      <Modal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        title={t(
          secret?.oldUntil ? 'integrations.hooks.rotatedTitle' : 'integrations.hooks.secretTitle',
        )}
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': t('alerts.close') }}
      >
        <Stack gap="md">
          <Text fz="sm">
            {secret?.oldUntil
              ? t('integrations.hooks.rotatedHint', {
                  date: `${formatDate(secret.oldUntil, language)} ${formatTime(secret.oldUntil, language)}`,
                })
              : t('integrations.hooks.secretHint')}
          </Text>
          <Code
            block
            dir="ltr"
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            data-testid="webhook-secret"
          >
            {secret?.value}
          </Code>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="light"
              leftSection={<IconCopy size={18} aria-hidden />}
              onClick={() => secret && void copyToClipboard(secret.value)}
            >
              {t('integrations.copy')}
            </Button>
            <Button onClick={() => setSecret(null)}>{t('integrations.keys.done')}</Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={rotating !== null}
        onClose={() => setRotating(null)}
        title={t('integrations.hooks.rotateTitle')}
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': t('alerts.close') }}
      >
        <Stack gap="md">
          <Text component="bdi" dir="ltr" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {rotating?.url}
          </Text>
          <Text fz="sm">{t('integrations.hooks.rotateConfirm')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRotating(null)}>
              {t('accounts.edit.cancel')}
            </Button>
            <Button
              leftSection={<IconKey size={18} aria-hidden />}
              loading={rotate.isPending}
              onClick={() => rotating && rotate.mutate(rotating)}
            >
              {t('integrations.hooks.rotateSubmit')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('integrations.hooks.deleteTitle')}
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': t('alerts.close') }}
      >
        <Stack gap="md">
          <Text style={{ overflowWrap: 'anywhere' }}>
            {t('integrations.hooks.deleteConfirm', { url: deleting?.url ?? '' })}
          </Text>
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
            {t('integrations.hooks.deleteLog')}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('accounts.edit.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting)}
            >
              {t('integrations.hooks.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
