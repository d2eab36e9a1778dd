import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconBuildingCommunity, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { JobLabels } from './use-job-labels';

/** A job's owner (someone else's job) and department, on one quiet line; nothing when neither. */
export function JobLabelsLine({ labels }: { labels: JobLabels }) {
  const { t } = useTranslation();
  const { ownerName, departmentName } = labels;
  if (!ownerName && !departmentName) return null;
  return (
    <Group gap="sm" c="gray.7" wrap="wrap" data-testid="job-labels">
      {ownerName ? (
        <Group gap={4} wrap="nowrap" miw={0}>
          <IconUser size={14} aria-hidden />
          <Text fz="xs" truncate>
            <VisuallyHidden>{t('jobs.labels.owner')} </VisuallyHidden>
            {ownerName}
          </Text>
        </Group>
      ) : null}
      {departmentName ? (
        <Group gap={4} wrap="nowrap" miw={0}>
          <IconBuildingCommunity size={14} aria-hidden />
          <Text fz="xs" truncate>
            <VisuallyHidden>{t('jobs.labels.department')} </VisuallyHidden>
            {departmentName}
          </Text>
        </Group>
      ) : null}
    </Group>
  );
}
