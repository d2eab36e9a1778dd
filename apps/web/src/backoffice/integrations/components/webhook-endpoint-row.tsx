import { formatDate, formatTime, type WebhookEndpoint } from '@candid/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Collapse,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconDotsVertical,
  IconEye,
  IconKey,
  IconList,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../../common/stores/language-store';
import { DeliveryLog } from './delivery-log';

export interface EndpointActions {
  onEdit: () => void;
  onSecret: () => void;
  onRotate: () => void;
  onTest: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

/**
 * Why the sender turned the endpoint off (a 410, or a run of failures), the receiver's last
 * answer, and the way to turn it on again.
 */
function DisabledNotice({
  endpoint,
  onTurnOn,
}: {
  endpoint: WebhookEndpoint;
  onTurnOn: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  if (!endpoint.disabledReason) return null;
  const at = endpoint.disabledAt ?? endpoint.createdAt;
  const date = `${formatDate(at, language)} ${formatTime(at, language)}`;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      data-testid="webhook-disabled"
    >
      <Stack gap={6}>
        <Text fz="sm">
          {t(
            endpoint.disabledReason === 'gone'
              ? 'integrations.hooks.disabledGone'
              : 'integrations.hooks.disabledFailing',
            { date },
          )}
        </Text>
        {endpoint.disabledError ? (
          <Text fz="sm">
            {t('integrations.hooks.disabledAnswer', { error: '' })}
            <Text component="bdi" dir="ltr" fz="sm" ff="monospace">
              {endpoint.disabledError}
            </Text>
          </Text>
        ) : null}
        <Text fz="xs" c="gray.7">
          {t('integrations.hooks.disabledFix')}
        </Text>
        <Group>
          <Button
            size="compact-sm"
            color="red"
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            onClick={onTurnOn}
          >
            {t('integrations.hooks.turnOnAgain')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** One endpoint: its address, state and events, its actions, and its delivery log. */
export function EndpointRow({
  endpoint,
  actions,
}: {
  endpoint: WebhookEndpoint;
  actions: EndpointActions;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  const [isLogOpen, setLogOpen] = useState(false);
  const overlap = endpoint.previousSecretExpiresAt;
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
              <Badge
                variant="light"
                color={endpoint.enabled ? 'teal' : endpoint.disabledReason ? 'red' : 'gray'}
                size="sm"
              >
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
            {overlap ? (
              <Text fz="xs" c="gray.7">
                {t('integrations.hooks.overlap', {
                  date: `${formatDate(overlap, language)} ${formatTime(overlap, language)}`,
                })}
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
              <Menu.Item
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={actions.onEdit}
              >
                {t('accounts.edit.action')}
              </Menu.Item>
              <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={actions.onSecret}>
                {t('integrations.hooks.secret')}
              </Menu.Item>
              <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={actions.onRotate}>
                {t('integrations.hooks.rotate')}
              </Menu.Item>
              <Menu.Item
                leftSection={
                  endpoint.enabled ? (
                    <IconPlayerPause size={16} aria-hidden />
                  ) : (
                    <IconPlayerPlay size={16} aria-hidden />
                  )
                }
                onClick={actions.onToggle}
              >
                {t(endpoint.enabled ? 'integrations.hooks.disable' : 'integrations.hooks.enable')}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={actions.onDelete}
              >
                {t('integrations.hooks.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        {endpoint.enabled ? null : (
          <DisabledNotice endpoint={endpoint} onTurnOn={actions.onToggle} />
        )}
        <Group gap="xs" wrap="wrap">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconList size={16} aria-hidden />}
            onClick={() => setLogOpen((open) => !open)}
            aria-expanded={isLogOpen}
          >
            {t(isLogOpen ? 'integrations.log.hide' : 'integrations.log.show')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={actions.onTest}
            disabled={!endpoint.enabled}
          >
            {t('integrations.hooks.test')}
          </Button>
        </Group>
        <Collapse expanded={isLogOpen}>
          {isLogOpen ? <DeliveryLog endpointId={endpoint._id} /> : null}
        </Collapse>
      </Stack>
    </Paper>
  );
}
