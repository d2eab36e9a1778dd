import type { WebhookEndpoint, WebhookEndpointInput } from '@candid/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  Collapse,
  Group,
  Menu,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCopy,
  IconDotsVertical,
  IconEye,
  IconList,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSend,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../common/api/api-client-context';
import { showAlert } from '../../../common/stores/alert-store';
import { copyToClipboard } from '../../../common/ui/copy-to-clipboard';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookSecret,
  integrationKeys,
  sendTestEvent,
  updateWebhookEndpoint,
  useWebhookEndpoints,
} from '../api/integrations';
import { DeliveryLog } from './delivery-log';
import { WebhookEndpointModal } from './webhook-endpoint-modal';

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

function EndpointRow({
  endpoint,
  onEdit,
  onSecret,
  onTest,
  onToggle,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onSecret: () => void;
  onTest: () => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [isLogOpen, setLogOpen] = useState(false);
  return (
    <Paper withBorder radius="lg" px="md" py="sm" data-testid="webhook-row">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <Stack gap={4} miw={0}>
            <Text
              component="bdi"
              dir="ltr"
              fw={600}
              ta="start"
              style={{ overflowWrap: 'anywhere' }}
            >
              {endpoint.url}
            </Text>
            {endpoint.description ? (
              <Text fz="sm" c="gray.7">
                {endpoint.description}
              </Text>
            ) : null}
            <Group gap={6} wrap="wrap">
              <Badge variant="light" color={endpoint.enabled ? 'teal' : 'gray'} size="sm">
                {t(endpoint.enabled ? 'integrations.hooks.on' : 'integrations.hooks.off')}
              </Badge>
              {endpoint.events.map((type) => (
                <Badge key={type} variant="outline" color="indigo" size="sm" tt="none">
                  {t(`integrations.events.${type.replace('.', '_')}`)}
                </Badge>
              ))}
            </Group>
            {endpoint.failedCount > 0 ? (
              <Text fz="xs" c="red.8">
                {t('integrations.hooks.failed', { count: endpoint.failedCount })}
              </Text>
            ) : null}
          </Stack>
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('integrations.hooks.actions', { url: endpoint.url })}
              >
                <IconDotsVertical size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
                {t('accounts.edit.action')}
              </Menu.Item>
              <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={onSecret}>
                {t('integrations.hooks.secret')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconSend size={16} aria-hidden />}
                onClick={onTest}
                disabled={!endpoint.enabled}
              >
                {t('integrations.hooks.test')}
              </Menu.Item>
              <Menu.Item
                leftSection={
                  endpoint.enabled ? (
                    <IconPlayerPause size={16} aria-hidden />
                  ) : (
                    <IconPlayerPlay size={16} aria-hidden />
                  )
                }
                onClick={onToggle}
              >
                {t(endpoint.enabled ? 'integrations.hooks.disable' : 'integrations.hooks.enable')}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={onDelete}
              >
                {t('integrations.hooks.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconList size={16} aria-hidden />}
            onClick={() => setLogOpen((open) => !open)}
            aria-expanded={isLogOpen}
          >
            {t(isLogOpen ? 'integrations.log.hide' : 'integrations.log.show')}
          </Button>
        </Group>
        <Collapse expanded={isLogOpen}>
          {isLogOpen ? <DeliveryLog endpointId={endpoint._id} /> : null}
        </Collapse>
      </Stack>
    </Paper>
  );
}

/**
 * The owner's webhook endpoints: add, edit, turn off and on, delete (with a confirmation),
 * reveal the signing secret, send a test event, and each one's delivery log.
 */
export function WebhooksSection() {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const endpoints = useWebhookEndpoints(true);
  const [editing, setEditing] = useState<{ endpoint: WebhookEndpoint | null } | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
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
      setSecret(await getWebhookSecret(api, endpoint._id));
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
          onEdit={() => setEditing({ endpoint })}
          onSecret={() => void reveal(endpoint)}
          onTest={() => void test(endpoint)}
          onToggle={() => void toggle(endpoint)}
          onDelete={() => setDeleting(endpoint)}
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
        title={t('integrations.hooks.secretTitle')}
        centered
        radius="lg"
      >
        <Stack gap="md">
          <Text fz="sm">{t('integrations.hooks.secretHint')}</Text>
          <Code
            block
            dir="ltr"
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            data-testid="webhook-secret"
          >
            {secret}
          </Code>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="light"
              leftSection={<IconCopy size={18} aria-hidden />}
              onClick={() => secret && void copyToClipboard(secret)}
            >
              {t('integrations.copy')}
            </Button>
            <Button onClick={() => setSecret(null)}>{t('integrations.keys.done')}</Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('integrations.hooks.deleteTitle')}
        centered
        radius="lg"
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
