import type { Language, MediaCheckResult } from '@candid/domain';
import { Alert, Group, Text } from '@mantine/core';
import { IconCameraCheck, IconFaceIdError } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from './note-parts';

/**
 * How the candidate's device check ended, on the applicant's page: a quiet line when it passed;
 * when the face check was skipped (docs/features.md, "The device check"), a notice with the
 * reason and the number of failed tries, so the recruiter knows to watch who answers.
 */
export function MediaCheckCard({
  mediaCheck,
  language,
}: {
  mediaCheck: MediaCheckResult;
  language: Language;
}) {
  const { t } = useTranslation();
  const checkedAt = (
    <Group gap={4} wrap="nowrap">
      <Text fz="xs" c="dimmed">
        {t('applicantDetails.mediaCheck.checkedAt')}
      </Text>
      <DateTimeText iso={mediaCheck.checkedAt} language={language} />
    </Group>
  );
  if (mediaCheck.outcome === 'passed') {
    return (
      <Group gap="xs" wrap="wrap" data-testid="media-check-outcome" data-outcome="passed">
        <IconCameraCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />
        <Text fz="sm">{t('applicantDetails.mediaCheck.passed')}</Text>
        {checkedAt}
      </Group>
    );
  }
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="lg"
      icon={<IconFaceIdError size={20} aria-hidden />}
      title={t('applicantDetails.mediaCheck.faceSkipped', { count: mediaCheck.faceTries })}
      data-testid="media-check-outcome"
      data-outcome="faceSkipped"
    >
      <Text fz="sm">{t('applicantDetails.mediaCheck.faceSkippedExplain')}</Text>
      {checkedAt}
    </Alert>
  );
}
