import { formatDate, isReviewer, type Job } from '@candid/domain';
import {
  ActionIcon,
  Badge,
  Card,
  Group,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconCalendar, IconLink, IconMapPin, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../../common/ui/copy-to-clipboard';
import { useLanguageStore } from '../../../common/stores/language-store';
import { ApplicantProgress } from './applicant-progress';
import { ClosingBadge } from './closing-badge';
import { JobLabelsLine } from './job-labels-line';
import type { JobLabels } from './use-job-labels';
import { JobActionsMenu, type JobActionHandlers } from './job-actions-menu';
import { JobCover } from '../../common/jobs/job-cover';
import { getJobInviteUrl } from '../../common/jobs/job-links';
import { useSessionUser } from '../../common/session/session-actions';

/**
 * A job in the card view: cover, title, location, owner and department (see {@link JobLabels}),
 * applicants (with how many are new and wait for review), date, link and actions.
 */
export function JobCard({
  job,
  labels,
  handlers,
  onOpen,
}: {
  job: Job;
  labels: JobLabels;
  handlers: JobActionHandlers;
  onOpen: (job: Job) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  const isArchived = Boolean(job.archivedAt);
  // Inviting candidates is not a reviewer's (they review the applicants who came).
  const user = useSessionUser();
  const canInvite = !isArchived && !(user && isReviewer(user));
  return (
    <Card withBorder radius="lg" padding={0} data-testid="job-card" h="100%">
      <Card.Section pos="relative">
        <JobCover url={job.info.coverUrl} seed={job.info.title} height={120} />
        {isArchived ? (
          <Badge pos="absolute" top={10} style={{ insetInlineStart: 10 }} color="gray">
            {t('jobs.archived')}
          </Badge>
        ) : null}
      </Card.Section>
      <Stack gap={6} p="md" flex={1}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <UnstyledButton
            onClick={() => onOpen(job)}
            disabled={isArchived}
            miw={0}
            style={{ cursor: isArchived ? 'default' : 'pointer' }}
          >
            <Text fw={700} fz="lg" lineClamp={2}>
              {job.info.title}
            </Text>
          </UnstyledButton>
          <JobActionsMenu job={job} handlers={handlers} />
        </Group>
        {job.info.location ? (
          <Group gap={6} c="gray.7" wrap="nowrap">
            <IconMapPin size={16} aria-hidden />
            <Text fz="sm" truncate>
              {job.info.location}
            </Text>
          </Group>
        ) : null}
        <JobLabelsLine labels={labels} />
        {job.closesAt && !isArchived ? (
          <Group>
            <ClosingBadge closesAt={job.closesAt} isArchived={isArchived} />
          </Group>
        ) : null}
        <ApplicantProgress summary={job.applicantSummary} />
        <Group justify="space-between" mt="auto" pt="xs" wrap="nowrap">
          <Group gap="md" c="gray.7" wrap="nowrap">
            <Group gap={4} wrap="nowrap">
              <IconUsers size={16} aria-hidden />
              <Text fz="sm">
                {t('jobs.applicantCount', { count: job.applicantSummary.applicantCount })}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <IconCalendar size={16} aria-hidden />
              <Text fz="sm">{formatDate(job.createdAt, language)}</Text>
            </Group>
          </Group>
          {!canInvite ? null : (
            <Tooltip label={t('jobs.copyLink')} withArrow>
              <ActionIcon
                variant="light"
                color="indigo"
                aria-label={t('jobs.copyLink')}
                onClick={() => void copyToClipboard(getJobInviteUrl(job._id))}
              >
                <IconLink size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
