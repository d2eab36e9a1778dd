import { Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SaveStatus } from './use-job-autosave';

/** The autosave indicator: "Saving…", "Saved", "Not saved" (polite live region). */
export function SaveStatusIndicator({ status }: { status: SaveStatus }) {
  const { t } = useTranslation();
  const content = (() => {
    switch (status) {
      case 'saving':
        return (
          <>
            <Loader size={14} />
            <Text fz="sm" c="gray.7">
              {t('jobEditor.status.saving')}
            </Text>
          </>
        );
      case 'saved':
        return (
          <>
            <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
            <Text fz="sm" c="teal">
              {t('jobEditor.status.saved')}
            </Text>
          </>
        );
      case 'pending':
        return (
          <>
            <IconPencil size={16} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text fz="sm" c="gray.7">
              {t('jobEditor.status.pending')}
            </Text>
          </>
        );
      case 'invalid':
      case 'failed':
        return (
          <>
            <IconAlertCircle size={16} color="var(--mantine-color-red-7)" aria-hidden />
            <Text fz="sm" c="red.8">
              {t('jobEditor.status.notSaved')}
            </Text>
          </>
        );
      default:
        return (
          <Text fz="sm" c="dimmed">
            {t('jobEditor.status.draft')}
          </Text>
        );
    }
  })();
  return (
    <Group
      gap={6}
      wrap="nowrap"
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-status={status}
    >
      {content}
    </Group>
  );
}
