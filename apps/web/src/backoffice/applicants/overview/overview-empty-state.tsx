import { EMPTY_STATE_KEYS } from '@candid/domain';
import { Button, Group } from '@mantine/core';
import {
  IconArchive,
  IconBriefcase,
  IconLink,
  IconSearchOff,
  IconShare,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../common/ui/empty-state';
import { JOB_OVERVIEW_PATH } from './overview-query';
import type { OverviewEmptyState } from './overview-rules';

/**
 * The overview's empty states (spec §2): no exact matches with a way to clear the filters, the
 * empty archive, a job nobody answered yet (invite candidates, share the job), and no
 * applicants at all (the jobs are where candidates are invited from).
 */
export function OverviewEmptyState({
  kind,
  onClearFilters,
  onInvite,
  onShare,
}: {
  kind: OverviewEmptyState;
  onClearFilters: () => void;
  /** Copies the job's invitation link (job view only). */
  onInvite?: () => void;
  /** Opens the job's share dialog (job view only, once the job is loaded). */
  onShare?: () => void;
}) {
  const { t } = useTranslation();
  switch (kind) {
    case 'noMatches':
      return (
        <EmptyState
          testId="applicants-no-matches"
          icon={<IconSearchOff size={28} aria-hidden />}
          title={t(EMPTY_STATE_KEYS.noExactMatches)}
          description={t(EMPTY_STATE_KEYS.tryChangingFilters)}
          action={
            <Button variant="light" onClick={onClearFilters}>
              {t('applicantOverview.filters.clear')}
            </Button>
          }
        />
      );
    case 'emptyArchive':
      return (
        <EmptyState
          testId="applicants-empty-archive"
          icon={<IconArchive size={28} aria-hidden />}
          title={t('applicantOverview.empty.archiveTitle')}
          description={t('applicantOverview.empty.archiveText')}
        />
      );
    case 'jobWithoutApplicants':
      return (
        <EmptyState
          testId="applicants-empty-job"
          icon={<IconUsers size={28} aria-hidden />}
          title={t(EMPTY_STATE_KEYS.noApplicantToShow)}
          description={t('applicantOverview.empty.jobText')}
          action={
            <Group gap="sm" justify="center" mt="xs">
              {onInvite ? (
                <Button leftSection={<IconLink size={18} aria-hidden />} onClick={onInvite}>
                  {t('applicantOverview.empty.invite')}
                </Button>
              ) : null}
              {onShare ? (
                <Button
                  variant="light"
                  leftSection={<IconShare size={18} aria-hidden />}
                  onClick={onShare}
                >
                  {t('applicantOverview.share')}
                </Button>
              ) : null}
            </Group>
          }
        />
      );
    default:
      return (
        <EmptyState
          testId="applicants-empty"
          icon={<IconUsers size={28} aria-hidden />}
          title={t(EMPTY_STATE_KEYS.noApplicantToShow)}
          description={t('applicantOverview.empty.text')}
          action={
            <Button
              component={Link}
              to={JOB_OVERVIEW_PATH}
              mt="xs"
              leftSection={<IconBriefcase size={18} aria-hidden />}
            >
              {t('applicantOverview.empty.toJobs')}
            </Button>
          }
        />
      );
  }
}
