import { formatDate, isReviewer, type Job } from '@candid/domain';
import {
  ActionIcon,
  Anchor,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../../common/ui/copy-to-clipboard';
import { useLanguageStore } from '../../../common/stores/language-store';
import { ApplicantProgress } from './applicant-progress';
import { ClosingBadge } from './closing-badge';
import { JobLabelsLine } from './job-labels-line';
import type { JobLabels } from './use-job-labels';
import { JobActionsMenu, type JobActionHandlers } from './job-actions-menu';
import { getJobInviteUrl } from '../../common/jobs/job-links';
import { useSessionUser } from '../../common/session/session-actions';

/**
 * The list view: title (with owner and department under it, see {@link JobLabels}),
 * location, applicants, date, link; location and date hide on phones.
 */
export function JobTable({
  jobs,
  labelsOf,
  handlers,
  onOpen,
}: {
  jobs: Job[];
  labelsOf: (job: Job) => JobLabels;
  handlers: JobActionHandlers;
  onOpen: (job: Job) => void;
}) {
  const { t, i18n } = useTranslation();
  // Inviting candidates is not a reviewer's (they review the applicants who came).
  const user = useSessionUser();
  const isReviewing = Boolean(user && isReviewer(user));
  const language = useLanguageStore((state) => state.language);
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th>{t('jobs.columns.title')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('jobs.columns.location')}</Table.Th>
            <Table.Th>{t('jobs.columns.applicants')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('jobs.columns.date')}</Table.Th>
            <Table.Th>{t('jobs.columns.link')}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('jobs.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr key={job._id} data-testid="job-row">
              <Table.Td maw={320}>
                {job.archivedAt ? (
                  <Text fw={600} truncate>
                    {job.info.title}
                  </Text>
                ) : (
                  <Group gap="xs" wrap="wrap">
                    <Anchor
                      component="button"
                      fw={600}
                      c="dark"
                      onClick={() => onOpen(job)}
                      ta="start"
                    >
                      {job.info.title}
                    </Anchor>
                    <ClosingBadge closesAt={job.closesAt} isArchived={false} />
                  </Group>
                )}
                <JobLabelsLine labels={labelsOf(job)} />
              </Table.Td>
              <Table.Td visibleFrom="sm" c="gray.7">
                {job.info.location || '—'}
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  {new Intl.NumberFormat(i18n.language).format(job.applicantSummary.applicantCount)}
                  <ApplicantProgress summary={job.applicantSummary} />
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="sm" c="gray.7">
                {formatDate(job.createdAt, language)}
              </Table.Td>
              <Table.Td>
                {job.archivedAt || isReviewing ? (
                  '—'
                ) : (
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
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <JobActionsMenu job={job} handlers={handlers} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
