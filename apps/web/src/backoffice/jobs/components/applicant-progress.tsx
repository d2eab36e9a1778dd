import type { ApplicantSummary } from '@candid/domain';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A job's "N new" (submitted, not yet opened by a recruiter) and "N to review" (submitted, no
 * status yet), from the counts the jobs list carries; nothing when both are zero, so a job with
 * nothing waiting stays quiet.
 */
export function ApplicantProgress({ summary }: { summary: ApplicantSummary }) {
  const { t } = useTranslation();
  if (summary.newCount === 0 && summary.toReviewCount === 0) return null;
  return (
    <Group gap={6} wrap="wrap" data-testid="job-applicant-progress">
      {summary.newCount > 0 ? (
        <Badge variant="filled" size="sm" radius="sm" tt="none">
          {t('jobs.newCount', { count: summary.newCount })}
        </Badge>
      ) : null}
      {summary.toReviewCount > 0 ? (
        <Badge variant="light" size="sm" radius="sm" tt="none">
          {t('jobs.toReviewCount', { count: summary.toReviewCount })}
        </Badge>
      ) : null}
    </Group>
  );
}
