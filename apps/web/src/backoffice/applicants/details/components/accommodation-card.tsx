import type { Accommodation, Language } from '@candid/domain';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../../common/ui/media-queries';
import { DateTimeText } from './note-parts';

const STATUS_COLORS = { pending: 'orange', approved: 'teal', declined: 'gray' } as const;

/**
 * The candidate's adjustment request on the applicant's page: while it waits, what
 * was asked and why, with Approve and Decline; once decided, the same facts as history.
 */
export function AccommodationCard({
  accommodation,
  language,
  isDeciding,
  onDecide,
}: {
  accommodation: Accommodation;
  language: Language;
  isDeciding: boolean;
  /** Left out for a reviewer: the recruiters decide (the card then only informs). */
  onDecide?: (decision: 'approved' | 'declined') => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const isPending = accommodation.status === 'pending';
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      data-testid="accommodation-card"
      data-status={accommodation.status}
      style={isPending ? { borderColor: 'var(--mantine-color-orange-4)' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <IconClockPlus size={20} aria-hidden />
            <Title order={3} fz="md">
              {t('accommodation.review.title')}
            </Title>
          </Group>
          <Badge color={STATUS_COLORS[accommodation.status]} variant="light">
            {t(`accommodation.review.status.${accommodation.status}`)}
          </Badge>
        </Group>
        {accommodation.extraTimePct !== null ? (
          <Text fw={600} fz="sm">
            {t(`accommodation.review.asked${accommodation.extraTimePct}`)}
          </Text>
        ) : null}
        {accommodation.extraRetakes !== null ? (
          <Text fw={600} fz="sm" data-testid="accommodation-retakes">
            {t('accommodation.review.askedRetakes', { count: accommodation.extraRetakes })}
          </Text>
        ) : null}
        <Stack gap={2}>
          <Text fz="xs" c="dimmed">
            {t('accommodation.review.reason')}
          </Text>
          <Text
            fz="sm"
            dir="auto"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="accommodation-reason"
          >
            {accommodation.reason}
          </Text>
        </Stack>
        <Group gap="md" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <Text fz="xs" c="dimmed">
              {t('accommodation.review.requestedAt')}
            </Text>
            <DateTimeText iso={accommodation.requestedAt} language={language} />
          </Group>
          {accommodation.decidedAt ? (
            <Group gap={4} wrap="nowrap">
              <Text fz="xs" c="dimmed">
                {t('accommodation.review.decidedAt')}
              </Text>
              <DateTimeText iso={accommodation.decidedAt} language={language} />
            </Group>
          ) : null}
        </Group>
        {isPending && onDecide ? (
          <>
            <Text fz="sm" c="dimmed">
              {t('accommodation.review.explain')}
            </Text>
            <Group gap="sm" grow={isPhone}>
              <Button
                color="teal"
                loading={isDeciding}
                onClick={() => onDecide('approved')}
                data-testid="accommodation-approve"
              >
                {t('accommodation.review.approve')}
              </Button>
              <Button
                variant="default"
                disabled={isDeciding}
                onClick={() => onDecide('declined')}
                data-testid="accommodation-decline"
              >
                {t('accommodation.review.decline')}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
