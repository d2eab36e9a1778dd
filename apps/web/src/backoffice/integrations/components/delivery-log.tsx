import { formatDate, formatTime, type WebhookDelivery } from '@candid/domain';
import { Badge, Button, Code, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../common/api/api-client-context';
import { showAlert } from '../../../common/stores/alert-store';
import { useLanguageStore } from '../../../common/stores/language-store';
import { integrationKeys, resendDelivery, useDeliveries } from '../api/integrations';

const STATUS_COLORS = { pending: 'yellow', succeeded: 'teal', failed: 'red' } as const;

function DeliveryRow({
  delivery,
  onResend,
  isSending,
}: {
  delivery: WebhookDelivery;
  onResend: () => void;
  isSending: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  const when = (iso: string) => `${formatDate(iso, language)} ${formatTime(iso, language)}`;
  return (
    <Paper withBorder radius="md" px="sm" py="xs" data-testid="delivery-row">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={6} wrap="wrap">
            <Badge color={STATUS_COLORS[delivery.status]} variant="light" size="sm">
              {t(`integrations.log.statuses.${delivery.status}`)}
            </Badge>
            <Code dir="ltr">{delivery.eventType}</Code>
            <Text fz="xs" c="dimmed">
              {when(delivery.createdAt)}
            </Text>
          </Group>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={onResend}
            loading={isSending}
            disabled={delivery.status === 'pending'}
          >
            {t('integrations.log.sendAgain')}
          </Button>
        </Group>
        <Group gap="md" wrap="wrap">
          <Text fz="xs" c="gray.7">
            {t('integrations.log.attempts', { count: delivery.attempts })}
          </Text>
          {delivery.responseStatus !== null ? (
            <Text fz="xs" c="gray.7">
              {t('integrations.log.response', {
                status: delivery.responseStatus,
                ms: delivery.durationMs ?? 0,
              })}
            </Text>
          ) : null}
          {delivery.status === 'pending' && delivery.nextAttemptAt ? (
            <Text fz="xs" c="gray.7">
              {t('integrations.log.nextTry', { time: when(delivery.nextAttemptAt) })}
            </Text>
          ) : null}
        </Group>
        {delivery.error ? (
          <Text fz="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
            {delivery.error}
          </Text>
        ) : null}
        {delivery.responseBody ? (
          <Code
            block
            dir="ltr"
            fz="xs"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 96 }}
          >
            {delivery.responseBody}
          </Code>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * One endpoint's delivery log, newest first: status, tries, the next try, the receiver's answer
 * (status, duration, the start of its body), and "Send again" (the same message as a new
 * delivery). It refreshes by itself while something is still to be sent.
 */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const deliveries = useDeliveries(endpointId);
  const [sending, setSending] = useState<string | null>(null);
  const resend = async (delivery: WebhookDelivery) => {
    setSending(delivery._id);
    try {
      await resendDelivery(api, endpointId, delivery._id);
      showAlert({ type: 'success', key: 'integrations.log.resent' });
      await queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(endpointId) });
    } catch {
      showAlert({
        type: 'fail',
        key: 'alerts.failSend',
        params: { entity: { i18nKey: 'entities.event' } },
      });
    } finally {
      setSending(null);
    }
  };
  const list = deliveries.data ?? [];
  return (
    <Stack gap="xs" data-testid="delivery-log">
      <Group justify="space-between">
        <Text fw={600} fz="sm">
          {t('integrations.log.title')}
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => void deliveries.refetch()}
          loading={deliveries.isFetching}
        >
          {t('integrations.log.refresh')}
        </Button>
      </Group>
      {deliveries.isPending ? <Skeleton h={56} radius="md" /> : null}
      {deliveries.isError ? <Text c="red">{t('integrations.loadFailed')}</Text> : null}
      {deliveries.isSuccess && list.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('integrations.log.empty')}
        </Text>
      ) : null}
      {list.map((delivery) => (
        <DeliveryRow
          key={delivery._id}
          delivery={delivery}
          isSending={sending === delivery._id}
          onResend={() => void resend(delivery)}
        />
      ))}
    </Stack>
  );
}
