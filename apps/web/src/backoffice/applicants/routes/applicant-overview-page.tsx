import {
  alertI18nKey,
  entityI18nKey,
  hasUnlimitedInterviews,
  isReviewer,
  isScoredQuestion,
  pageAfterRemoval,
  REALTIME_EVENTS,
  type ApplicantListItem,
  type ApplicantSortField,
} from '@candid/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconShare } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { ApplicantDetailsLinkState } from '../details/components/details-navigation';
import { useApplicantEvents } from '../../../common/realtime';
import { showAlert } from '../../../common/stores/alert-store';
import { copyToClipboard } from '../../../common/ui/copy-to-clipboard';
import { EmptyState } from '../../../common/ui/empty-state';
import { useIsPhone } from '../../../common/ui/media-queries';
import mirror from '../../../common/ui/mirror-in-rtl.module.css';
import { CAPPED_COUNT_COMPONENTS, cappedCountLabel } from '../../../common/ui/capped-count';
import { PaginationBar } from '../../../common/ui/pagination-bar';
import { useSessionUser } from '../../common/session/session-actions';
import { useJob } from '../../common/jobs/get-job';
import { getJobInviteUrl } from '../../common/jobs/job-links';
import { ShareJobDialog } from '../../common/jobs/share-job-dialog';
import { BackofficeLayout } from '../../common/shell/backoffice-layout';
import { APPLICANTS_KEY } from '../api/applicants-api';
import {
  useApplicantCount,
  useApplicantList,
  useOptimisticApplicantChanges,
} from '../api/use-applicants';
import { ApplicantCards } from '../overview/applicant-cards';
import type { ApplicantRowHandlers } from '../overview/applicant-row-parts';
import { ApplicantTable } from '../overview/applicant-table';
import { BulkReadBar } from '../overview/bulk-read-bar';
import { OverviewEmptyState } from '../overview/overview-empty-state';
import { OverviewToolbar } from '../overview/overview-filters';
import {
  buildOverviewSearch,
  getNextSort,
  getOverviewPath,
  hasActiveFilters,
  JOB_OVERVIEW_PATH,
} from '../overview/overview-query';
import {
  chooseEmptyState,
  getApplicantDetailsPath,
  getRowClickAction,
} from '../overview/overview-rules';
import { useApplicantSelection } from '../overview/use-applicant-selection';
import { useOverviewQuery } from '../overview/use-overview-query';

const APPLICANT_ENTITY = { entity: { i18nKey: entityI18nKey('applicant') } };

/**
 * `?showArchived=true` on the active route (an old or hand-written link) means the archive,
 * which has its own route; this sends it there with the rest of the query.
 */
function useArchiveRedirect(): string | null {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  if (pathname.includes('archive') || params.get('showArchived') !== 'true') return null;
  params.delete('showArchived');
  const jobId = /^\/backoffice\/applicant\/([^/]+)/.exec(pathname)?.[1];
  if (jobId) params.set('jobId', decodeURIComponent(jobId));
  const rest = params.toString();
  return `${getOverviewPath({ isArchive: true })}${rest ? `?${rest}` : ''}`;
}

function ListSkeleton() {
  return (
    <Stack gap="xs" data-testid="applicants-loading">
      {[0, 1, 2, 3, 4].map((index) => (
        <Skeleton key={index} h={56} radius="md" />
      ))}
    </Stack>
  );
}

/**
 * The applicant overview: `/backoffice/applicant` (all jobs),
 * `/backoffice/applicant/{jobId}` (one job, with a back arrow and sharing) and
 * `/backoffice/archive/applicant` (the archive). The filter lives in the URL; 30 applicants per
 * page, newest submission first; a table on wide screens and cards on phones; the bulk
 * read/unread toggle; archive and restore; realtime refresh when candidates answer.
 */
export function ApplicantOverviewPage() {
  const redirect = useArchiveRedirect();
  if (redirect) return <Navigate to={redirect} replace />;
  return <ApplicantOverview />;
}

function ApplicantOverview() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const isPhone = useIsPhone();
  const user = useSessionUser();
  // A reviewer marks read and opens applicants; archiving, inviting and sharing are not theirs.
  const isReviewing = Boolean(user && isReviewer(user));
  const query = useOverviewQuery();
  const { filter, isArchive, jobId } = query;
  // Free users get the default order; the server ignores their sort anyway.
  const canSort = user ? hasUnlimitedInterviews(user) : false;
  const sort = canSort ? query.sort : undefined;
  const sortSpec = canSort
    ? query.sortSpec
    : { field: 'timestamp.submitted' as const, order: 'desc' as const };

  const list = useApplicantList(filter, sort);
  const applicants = list.data?.applicants ?? [];
  const pageCount = list.data?.pageCount ?? 0;
  const filteredCount = list.data?.filteredApplicantCount ?? 0;
  const isFilteredCountCapped = list.data?.filteredApplicantCountCapped ?? false;
  const isFiltered = hasActiveFilters(filter);
  const { currPage: _page, itemsPerPage: _size, ...countFilter } = filter;
  const count = useApplicantCount(countFilter, isFiltered && !isArchive);
  const job = useJob(jobId);
  // The score column, its sort and filters: when the job scores answers, or (all jobs, or a
  // job that stopped scoring) once a listed applicant has a score or a score view is chosen.
  const showScore =
    Boolean(job.data?.quests.some(isScoredQuestion)) ||
    applicants.some((applicant) => applicant.score !== null || applicant.knockedOut) ||
    filter.minScore !== undefined ||
    filter.knockedOut !== undefined ||
    sortSpec.field === 'score';
  const [isShareOpen, setShareOpen] = useState(false);
  const [isBulkBusy, setBulkBusy] = useState(false);
  const { setRead, setArchived } = useOptimisticApplicantChanges();

  const listKey = JSON.stringify([filter, sort ?? '']);
  const selection = useApplicantSelection(applicants, listKey, isArchive);

  // A page past the end (an old link, or the last applicants left elsewhere): show the last one.
  const { setPage } = query;
  useEffect(() => {
    if (list.isPlaceholderData || !list.data) return;
    if (list.data.applicants.length === 0 && filter.currPage > 1) {
      setPage(Math.max(1, list.data.pageCount), { replace: true });
    }
  }, [list.data, list.isPlaceholderData, filter.currPage, setPage]);

  useApplicantEvents((event) => {
    void queryClient.invalidateQueries({ queryKey: [...APPLICANTS_KEY, 'list'] });
    void queryClient.invalidateQueries({ queryKey: [...APPLICANTS_KEY, 'count'] });
    if (event.payload.data.type === 'accommodationRequested') {
      // A candidate may be waiting to start: say so wherever the recruiter is looking.
      const { applicant } = event.payload.data;
      showAlert({
        type: 'success',
        key: 'applicantOverview.accommodationRequested',
        params: {
          name: `${applicant.info.fName} ${applicant.info.lName}`.trim(),
          job: applicant.jobInfo.title,
        },
      });
    }
    if (event.name === REALTIME_EVENTS.ALERT_INTERVIEW_DONE) {
      const { applicant } = event.payload.data;
      showAlert({
        type: 'success',
        key: 'applicantOverview.interviewDone',
        params: {
          name: `${applicant.info.fName} ${applicant.info.lName}`.trim(),
          job: applicant.jobInfo.title,
        },
      });
    }
  });

  const removeOne = async (applicant: ApplicantListItem, archive: boolean) => {
    const next = pageAfterRemoval({
      currPage: filter.currPage,
      itemsOnPage: applicants.length,
      removedCount: 1,
    });
    const isDone = await setArchived([applicant.id], archive);
    if (!isDone) {
      showAlert({ type: 'fail', key: alertI18nKey('failArchive'), params: APPLICANT_ENTITY });
      return;
    }
    showAlert({
      type: 'success',
      key: alertI18nKey(archive ? 'archive' : 'restore'),
      params: APPLICANT_ENTITY,
    });
    if (next !== 'reload' && next !== filter.currPage) setPage(next, { replace: true });
  };

  const markRead = async (ids: string[], isRead: boolean) => {
    const isDone = await setRead(ids, isRead);
    if (!isDone) {
      showAlert({ type: 'fail', key: alertI18nKey('failUpdate'), params: APPLICANT_ENTITY });
    }
    return isDone;
  };

  const handlers: ApplicantRowHandlers = {
    onActivate: (applicant) => {
      const action = getRowClickAction(applicant, isArchive);
      if (action === 'open') {
        // The details' back arrow returns to this exact view (filters, page) through history.
        const state: ApplicantDetailsLinkState = { from: `${pathname}${search}` };
        void navigate(getApplicantDetailsPath(applicant), { state });
      } else if (action === 'locked') {
        showAlert({ type: 'fail', key: 'applicantOverview.lockedAlert' });
      }
    },
    onSetRead: (applicant, isRead) => void markRead([applicant.id], isRead),
    ...(isReviewing
      ? {}
      : {
          onArchive: (applicant: ApplicantListItem) => void removeOne(applicant, true),
          onRestore: (applicant: ApplicantListItem) => void removeOne(applicant, false),
        }),
  };

  const onBulkRead = async (isRead: boolean) => {
    setBulkBusy(true);
    const isDone = await markRead(
      selection.selected.map((applicant) => applicant.id),
      isRead,
    );
    setBulkBusy(false);
    if (isDone) selection.clear();
  };

  const switchView = (toArchive: boolean) => {
    const search = buildOverviewSearch(
      { ...filter, currPage: 1, showArchived: toArchive },
      query.sort,
    ).toString();
    void navigate({
      pathname: getOverviewPath({ isArchive: toArchive, jobId }),
      search: search ? `?${search}` : '',
    });
  };

  const inviteToJob =
    jobId && !isReviewing ? () => void copyToClipboard(getJobInviteUrl(jobId)) : undefined;
  const openShare =
    job.data && !job.data.archivedAt && !isReviewing ? () => setShareOpen(true) : undefined;

  const title = jobId
    ? (job.data?.info.title ?? '')
    : isArchive
      ? t('applicantOverview.archiveTitle')
      : t('applicantOverview.title');

  const countBadge = list.data ? (
    <Badge
      variant="light"
      color="gray"
      size="lg"
      data-testid="applicant-count"
      style={{ flex: 'none' }}
    >
      {isFiltered && !isArchive && count.data ? (
        isFilteredCountCapped || count.data.totalApplicantCountCapped ? (
          <Trans
            i18nKey="applicantOverview.countOfCapped"
            values={{
              shown: cappedCountLabel(filteredCount, isFilteredCountCapped, i18n.language),
              total: cappedCountLabel(
                count.data.totalApplicantCount,
                count.data.totalApplicantCountCapped,
                i18n.language,
              ),
            }}
            components={CAPPED_COUNT_COMPONENTS}
          />
        ) : (
          t('applicantOverview.countOf', {
            count: filteredCount,
            total: count.data.totalApplicantCount,
          })
        )
      ) : isFilteredCountCapped ? (
        <Trans
          i18nKey="applicantOverview.countCapped"
          values={{ shown: cappedCountLabel(filteredCount, true, i18n.language) }}
          components={CAPPED_COUNT_COMPONENTS}
        />
      ) : (
        t('applicantOverview.count', { count: filteredCount })
      )}
    </Badge>
  ) : null;

  const renderList = () => {
    if (list.isPending) return <ListSkeleton />;
    if (list.isError && !list.data) {
      return (
        <EmptyState
          testId="applicants-error"
          icon={<IconAlertTriangle size={28} aria-hidden />}
          title={t('applicantOverview.loadError')}
          action={
            <Button variant="light" onClick={() => void list.refetch()}>
              {t('applicantOverview.retry')}
            </Button>
          }
        />
      );
    }
    if (applicants.length === 0) {
      if (filter.currPage > 1 && !list.isPlaceholderData) return <ListSkeleton />;
      return (
        <OverviewEmptyState
          kind={chooseEmptyState({ isArchiveView: isArchive, hasFilters: isFiltered, jobId })}
          onClearFilters={query.clearAll}
          onInvite={inviteToJob}
          onShare={openShare}
        />
      );
    }
    return isPhone ? (
      <ApplicantCards
        applicants={applicants}
        isArchiveView={isArchive}
        selection={selection}
        handlers={handlers}
        showScore={showScore}
      />
    ) : (
      <ApplicantTable
        applicants={applicants}
        isArchiveView={isArchive}
        selection={selection}
        handlers={handlers}
        showScore={showScore}
        sort={{
          canSort,
          sortSpec,
          onSort: (field: ApplicantSortField) => query.setSort(getNextSort(sortSpec, field)),
        }}
      />
    );
  };

  return (
    <BackofficeLayout>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <Group gap="xs" wrap="nowrap" miw={0} flex={1} align="flex-start">
            {jobId ? (
              <Tooltip label={t('applicantOverview.backToJobs')} withArrow>
                <ActionIcon
                  component={Link}
                  to={JOB_OVERVIEW_PATH}
                  variant="subtle"
                  color="gray"
                  size="lg"
                  mt={4}
                  aria-label={t('applicantOverview.backToJobs')}
                >
                  <IconArrowLeft size={22} className={mirror.mirror} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Stack gap={4} miw={0} flex={1}>
              {/* The count drops below the title on a phone when it does not fit beside it
                  ("10 of 10,000+ applicants" had cut "Applicants" to "Appli…" at 360 px). */}
              <Group gap="sm" wrap={jobId ? 'nowrap' : 'wrap'} miw={0}>
                {jobId && job.isPending ? (
                  <Skeleton h={32} w={200} radius="sm" />
                ) : (
                  <Title order={1} fz={{ base: 22, sm: 30 }} lineClamp={2}>
                    {title || t('applicantOverview.jobFallbackTitle')}
                  </Title>
                )}
                {jobId ? null : countBadge}
              </Group>
              {jobId ? (
                <Group gap="xs" wrap="wrap">
                  <Text c="gray.7" fz="sm">
                    {isArchive
                      ? t('applicantOverview.jobArchiveSubtitle')
                      : t('applicantOverview.jobSubtitle')}
                  </Text>
                  {countBadge}
                </Group>
              ) : null}
            </Stack>
          </Group>
          {openShare && !isArchive ? (
            isPhone ? (
              <ActionIcon
                variant="light"
                size="lg"
                mt={4}
                onClick={openShare}
                aria-label={t('applicantOverview.shareJob')}
              >
                <IconShare size={18} aria-hidden />
              </ActionIcon>
            ) : (
              <Button
                variant="light"
                leftSection={<IconShare size={18} aria-hidden />}
                onClick={openShare}
                style={{ flex: 'none' }}
              >
                {t('applicantOverview.shareJob')}
              </Button>
            )
          ) : null}
        </Group>
        {jobId && job.isError ? (
          <Text c="red.8" fz="sm" role="alert">
            {t('applicantOverview.jobLoadError')}
          </Text>
        ) : null}

        <OverviewToolbar
          query={query}
          isPhone={isPhone}
          canSort={canSort}
          onSwitchView={switchView}
          showScore={showScore}
        />
        <BulkReadBar
          selection={selection}
          isArchiveView={isArchive}
          isBusy={isBulkBusy}
          onSetRead={(isRead) => void onBulkRead(isRead)}
        />
        {renderList()}
        <PaginationBar
          currPage={filter.currPage}
          pageCount={pageCount}
          isCapped={isFilteredCountCapped}
          onChange={(page) => query.setPage(page)}
        />
      </Stack>
      {job.data ? (
        <ShareJobDialog job={job.data} opened={isShareOpen} onClose={() => setShareOpen(false)} />
      ) : null}
    </BackofficeLayout>
  );
}

export default ApplicantOverviewPage;
