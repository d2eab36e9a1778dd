import { EMPTY_STATE_KEYS, isReviewer } from '@candid/domain';
import { Button, Group } from '@mantine/core';
import {
  IconArchive,
  IconBriefcase,
  IconLink,
  IconPlus,
  IconSearchOff,
  IconShare,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../common/ui/empty-state';
import { useJobs } from '../../common/jobs/list-jobs';
import { useSessionUser } from '../../common/session/session-actions';
import { JOB_OVERVIEW_PATH } from './overview-query';

const NEW_JOB_PATH = '/create';
import type { OverviewEmptyState } from './overview-rules';

/**
 * The overview's empty states: no exact matches with a way to clear the filters, the
 * empty archive, a job nobody answered yet (invite candidates, share the job), and no
 * applicants at all (the jobs are where candidates are invited from, or the first job).
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
      return <NoApplicantsState />;
  }
}

/**
 * No applicants at all: a recruiter without a job yet is led to create their first one (the
 * page they land on after verifying their e-mail); one with jobs goes to them to invite people.
 */
function NoApplicantsState() {
  const { t } = useTranslation();
  const jobs = useJobs({
    txt: '',
    showArchived: false,
    departmentId: undefined,
    currPage: 1,
    itemsPerPage: 1,
  });
  const user = useSessionUser();
  // A reviewer without a job waits for the owner to assign one; they create none.
  const hasNoJob = jobs.data?.totalJobCount === 0;
  if (hasNoJob && user && isReviewer(user)) {
    return (
      <EmptyState
        testId="applicants-empty"
        icon={<IconUsers size={28} aria-hidden />}
        title={t(EMPTY_STATE_KEYS.noApplicantToShow)}
        description={t('jobs.reviewerEmpty')}
      />
    );
  }
  return (
    <EmptyState
      testId="applicants-empty"
      icon={<IconUsers size={28} aria-hidden />}
      title={
        hasNoJob
          ? t('applicantOverview.empty.firstJobTitle')
          : t(EMPTY_STATE_KEYS.noApplicantToShow)
      }
      description={
        hasNoJob ? t('applicantOverview.empty.firstJobText') : t('applicantOverview.empty.text')
      }
      action={
        jobs.isPending ? null : hasNoJob ? (
          <Button
            component={Link}
            to={NEW_JOB_PATH}
            mt="xs"
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            {t('jobs.createFirstJob')}
          </Button>
        ) : (
          <Button
            component={Link}
            to={JOB_OVERVIEW_PATH}
            mt="xs"
            leftSection={<IconBriefcase size={18} aria-hidden />}
          >
            {t('applicantOverview.empty.toJobs')}
          </Button>
        )
      }
    />
  );
}
