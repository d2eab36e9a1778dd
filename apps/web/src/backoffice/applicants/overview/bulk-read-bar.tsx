import { Button, Group, Paper, Text } from '@mantine/core';
import { IconMail, IconMailOpened, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canToggleRead } from './overview-rules';
import type { ApplicantSelection } from './use-applicant-selection';

/**
 * The bulk read/unread toggle (spec §2, §4) for the selected rows. Not rendered in the archive;
 * disabled, with the reason, while a locked applicant is selected.
 */
export function BulkReadBar({
  selection,
  isArchiveView,
  isBusy,
  onSetRead,
}: {
  selection: ApplicantSelection;
  isArchiveView: boolean;
  isBusy: boolean;
  onSetRead: (isRead: boolean) => void;
}) {
  const { t } = useTranslation();
  if (isArchiveView || selection.selected.length === 0) return null;
  const hasLocked = selection.selected.some((applicant) => applicant.isLocked);
  const isEnabled = !isBusy && canToggleRead({ isArchiveView, selected: selection.selected });
  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={6}
      bg="indigo.0"
      role="region"
      aria-label={t('applicantOverview.bulk.label')}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} fz="sm" aria-live="polite">
          {t('applicantOverview.select.count', { count: selection.selected.length })}
        </Text>
        <Group gap="xs" wrap="wrap">
          {hasLocked ? (
            <Text fz="sm" c="red.8">
              {t('applicantOverview.bulk.lockedHint')}
            </Text>
          ) : null}
          <Button
            size="compact-md"
            variant="light"
            leftSection={<IconMailOpened size={16} aria-hidden />}
            disabled={!isEnabled}
            onClick={() => onSetRead(true)}
          >
            {t('applicantOverview.bulk.markRead')}
          </Button>
          <Button
            size="compact-md"
            variant="light"
            leftSection={<IconMail size={16} aria-hidden />}
            disabled={!isEnabled}
            onClick={() => onSetRead(false)}
          >
            {t('applicantOverview.bulk.markUnread')}
          </Button>
          <Button
            size="compact-md"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={selection.clear}
          >
            {t('applicantOverview.bulk.clear')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
