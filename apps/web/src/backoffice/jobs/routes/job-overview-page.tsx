import {
  canUseDepartments,
  isReviewer,
  JOB_PAGE_SIZE,
  pageAfterRemoval,
  SEARCH_DEBOUNCE_MS,
  EMPTY_STATE_KEYS,
  type Job,
  type Template,
} from '@candid/domain';
import {
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useIntersection } from '@mantine/hooks';
import {
  IconArchive,
  IconBriefcase,
  IconBuilding,
  IconLayoutGrid,
  IconList,
  IconPlus,
  IconSearch,
  IconSearchOff,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { APPLICANT_OVERVIEW_PATH } from '../../../common/routing/paths';
import { EmptyState } from '../../../common/ui/empty-state';
import { useIsTouchDevice } from '../../../common/ui/media-queries';
import { CAPPED_COUNT_COMPONENTS, cappedCountLabel } from '../../../common/ui/capped-count';
import { PaginationBar } from '../../../common/ui/pagination-bar';
import { useDepartments } from '../../common/departments/departments-api';
import { useSessionUser } from '../../common/session/session-actions';
import { BackofficeLayout } from '../../common/shell/backoffice-layout';
import { useInfiniteJobs, useJobs } from '../../common/jobs/list-jobs';
import { JobCard } from '../components/job-card';
import type { JobActionHandlers } from '../components/job-actions-menu';
import { JobTable } from '../components/job-table';
import { JobsOnboarding } from '../components/jobs-onboarding';
import { ShareJobDialog } from '../../common/jobs/share-job-dialog';
import { StarterTemplates } from '../components/template-picker';
import { useJobListActions } from '../components/use-job-list-actions';
import { useJobLabels } from '../components/use-job-labels';
import { useJobViewType } from '../components/use-job-view-type';

/** The editor's path for a job, or for a new one. */
export function getJobEditPath(jobId?: string, templateId?: string): string {
  if (jobId) return `/create/${encodeURIComponent(jobId)}`;
  return templateId ? `/create?templateId=${encodeURIComponent(templateId)}` : '/create';
}

interface PageState {
  txt: string;
  showArchived: boolean;
  departmentId: string | undefined;
  page: number;
}

/** The department filter's value for every department. */
const ALL_DEPARTMENTS = 'all';
/** The department filter's value for jobs without a department (the server's `none`). */
const NO_DEPARTMENT = 'none';

/** The list's jobs and counts, from the pager's page or the infinite list's pages. */
function useJobList(
  txt: string,
  showArchived: boolean,
  departmentId: string | undefined,
  currPage: number,
) {
  const isTouch = useIsTouchDevice();
  const base = { txt, showArchived, departmentId, itemsPerPage: JOB_PAGE_SIZE };
  const paged = useJobs({ ...base, currPage }, !isTouch);
  const infinite = useInfiniteJobs(base, isTouch);
  if (isTouch) {
    const pages = infinite.data?.pages ?? [];
    return {
      isTouch,
      isPending: infinite.isPending,
      isError: infinite.isError,
      jobs: pages.flatMap((page) => page.jobs),
      pageCount: pages[0]?.pageCount ?? 0,
      filteredJobCount: pages[0]?.filteredJobCount ?? 0,
      isFilteredJobCountCapped: pages[0]?.filteredJobCountCapped ?? false,
      totalJobCount: pages[0]?.totalJobCount ?? 0,
      infinite,
    };
  }
  return {
    isTouch,
    isPending: paged.isPending,
    isError: paged.isError,
    jobs: paged.data?.jobs ?? [],
    pageCount: paged.data?.pageCount ?? 0,
    filteredJobCount: paged.data?.filteredJobCount ?? 0,
    isFilteredJobCountCapped: paged.data?.filteredJobCountCapped ?? false,
    totalJobCount: paged.data?.totalJobCount ?? 0,
    infinite,
  };
}

/** Loads the next page when the end of the list scrolls into view (touch devices). */
function InfiniteScrollSentinel({
  onReachEnd,
  isLoading,
}: {
  onReachEnd: () => void;
  isLoading: boolean;
}) {
  const { ref, entry } = useIntersection({ rootMargin: '200px' });
  const isVisible = entry?.isIntersecting ?? false;
  useEffect(() => {
    if (isVisible && !isLoading) onReachEnd();
  }, [isVisible, isLoading, onReachEnd]);
  return (
    <Group ref={ref} justify="center" py="md" mih={40}>
      {isLoading ? <Loader size="sm" /> : null}
    </Group>
  );
}

/**
 * Job overview: the recruiter's jobs as cards (default) or a list, a trimmed search
 * debounced by 500 ms, the archive view, 30 per page with the pager (infinite scroll on touch
 * devices), the job actions and the empty states.
 */
export default function JobOverviewPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const [viewType, setViewType] = useJobViewType();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [showArchived, setShowArchived] = useState(false);
  // Multi-department organisations: the jobs of one department (state, like the search).
  const hasDepartments = Boolean(user && canUseDepartments(user));
  const departments = useDepartments(user);
  const labelsOf = useJobLabels();
  const [departmentFilter, setDepartmentFilter] = useState(ALL_DEPARTMENTS);
  const departmentId =
    hasDepartments && departmentFilter !== ALL_DEPARTMENTS ? departmentFilter : undefined;
  // The page belongs to one search and view; another search or view starts on page 1.
  const [pageState, setPageState] = useState<PageState>({
    txt: '',
    showArchived: false,
    departmentId: undefined,
    page: 1,
  });
  const currPage =
    pageState.txt === debouncedSearch &&
    pageState.showArchived === showArchived &&
    pageState.departmentId === departmentId
      ? pageState.page
      : 1;
  const setPage = (page: number) =>
    setPageState({ txt: debouncedSearch, showArchived, departmentId, page });
  const isFiltered = Boolean(debouncedSearch || departmentId);

  const list = useJobList(debouncedSearch, showArchived, departmentId, currPage);
  const { removeOptimistically, clone } = useJobListActions();
  const [shareJob, setShareJob] = useState<Job | null>(null);
  const [jobToDelete, setJobToDelete] = useState<Job | null>(null);

  const removeJob = async (job: Job, action: 'archive' | 'restore' | 'remove') => {
    const next = pageAfterRemoval({ currPage, itemsOnPage: list.jobs.length, removedCount: 1 });
    const isDone = await removeOptimistically(job, action);
    if (isDone && !list.isTouch && next !== 'reload' && next !== currPage) setPage(next);
  };

  const handlers: JobActionHandlers = {
    onEdit: (job) => void navigate(getJobEditPath(job._id)),
    onShare: setShareJob,
    onClone: (job) => void clone(job),
    onArchive: (job) => void removeJob(job, 'archive'),
    onRestore: (job) => void removeJob(job, 'restore'),
    onDelete: setJobToDelete,
  };
  const openJob = (job: Job) => void navigate(`${APPLICANT_OVERVIEW_PATH}/${job._id}`);
  const createJob = () => void navigate(getJobEditPath());
  const useTemplate = (template: Template) =>
    void navigate(getJobEditPath(undefined, template._id));

  const isFirstTime =
    !list.isPending &&
    !showArchived &&
    !isFiltered &&
    list.totalJobCount === 0 &&
    list.jobs.length === 0;
  const isCardView = viewType === 'card';
  // A reviewer reviews the jobs they are assigned: nothing to create, no templates to start from.
  const isReviewing = Boolean(user && isReviewer(user));

  const renderJobs = () => {
    if (list.isPending) {
      return (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} h={220} radius="lg" />
          ))}
        </SimpleGrid>
      );
    }
    if (list.jobs.length === 0) {
      if (showArchived) {
        return (
          <EmptyState
            testId="jobs-empty-archive"
            icon={<IconArchive size={28} aria-hidden />}
            title={isFiltered ? t(EMPTY_STATE_KEYS.noExactMatches) : t('jobs.emptyArchive.title')}
            description={
              isFiltered ? t(EMPTY_STATE_KEYS.tryChangingFilters) : t('jobs.emptyArchive.text')
            }
          />
        );
      }
      if (isFiltered) {
        return (
          <EmptyState
            testId="jobs-no-matches"
            icon={<IconSearchOff size={28} aria-hidden />}
            title={t(EMPTY_STATE_KEYS.noExactMatches)}
            description={t(EMPTY_STATE_KEYS.tryChangingFilters)}
            action={
              <Button
                variant="light"
                onClick={() => {
                  setSearch('');
                  setDepartmentFilter(ALL_DEPARTMENTS);
                }}
              >
                {t('jobs.clearSearch')}
              </Button>
            }
          />
        );
      }
      return (
        <EmptyState
          icon={<IconBriefcase size={28} aria-hidden />}
          title={t(EMPTY_STATE_KEYS.noJobToShow)}
        />
      );
    }
    return isCardView ? (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="job-cards">
        {list.jobs.map((job) => (
          <JobCard
            key={job._id}
            job={job}
            labels={labelsOf(job)}
            handlers={handlers}
            onOpen={openJob}
          />
        ))}
      </SimpleGrid>
    ) : (
      <JobTable jobs={list.jobs} labelsOf={labelsOf} handlers={handlers} onOpen={openJob} />
    );
  };

  return (
    <BackofficeLayout>
      <Stack gap="lg">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" miw={0}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t('jobs.title')}
            </Title>
            {list.isPending ? null : (
              <Badge variant="light" color="gray" size="lg" data-testid="job-count">
                {list.isFilteredJobCountCapped ? (
                  <Trans
                    i18nKey="jobs.countCapped"
                    values={{
                      shown: cappedCountLabel(list.filteredJobCount, true, i18n.language),
                    }}
                    components={CAPPED_COUNT_COMPONENTS}
                  />
                ) : (
                  t('jobs.count', { count: list.filteredJobCount })
                )}
              </Badge>
            )}
          </Group>
          {/* A first-time recruiter gets one call to action, in the onboarding below. */}
          {isFirstTime || list.isPending || isReviewing ? null : (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={createJob}>
              <Text span visibleFrom="xs" inherit>
                {t('jobs.createJob')}
              </Text>
              <Text span hiddenFrom="xs" inherit>
                {t('jobs.create')}
              </Text>
            </Button>
          )}
        </Group>

        <Group gap="sm" wrap="wrap">
          <TextInput
            flex="1 1 260px"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            placeholder={t('jobs.searchPlaceholder')}
            aria-label={t('jobs.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              search ? (
                <CloseButton
                  size="sm"
                  aria-label={t('jobs.clearSearch')}
                  onClick={() => setSearch('')}
                />
              ) : null
            }
          />
          {hasDepartments ? (
            <Select
              w={{ base: '100%', xs: 220 }}
              value={departmentFilter}
              onChange={(value) => setDepartmentFilter(value ?? ALL_DEPARTMENTS)}
              allowDeselect={false}
              aria-label={t('jobs.department.filter')}
              leftSection={<IconBuilding size={16} aria-hidden />}
              comboboxProps={{ withinPortal: true }}
              data={[
                { value: ALL_DEPARTMENTS, label: t('jobs.department.all') },
                { value: NO_DEPARTMENT, label: t('jobs.department.none') },
                ...(departments.data ?? []).map((department) => ({
                  value: department._id,
                  label: department.name,
                })),
              ]}
            />
          ) : null}
          <SegmentedControl
            value={showArchived ? 'archive' : 'active'}
            onChange={(value) => setShowArchived(value === 'archive')}
            data={[
              { value: 'active', label: t('jobs.active') },
              { value: 'archive', label: t('jobs.archive') },
            ]}
            aria-label={t('jobs.filter')}
          />
          <SegmentedControl
            value={viewType}
            onChange={(value) => setViewType(value === 'list' ? 'list' : 'card')}
            data={[
              {
                value: 'card',
                label: (
                  <Group gap={4} wrap="nowrap" justify="center">
                    <IconLayoutGrid size={16} aria-hidden />
                    <VisuallyHidden>{t('jobs.cardView')}</VisuallyHidden>
                  </Group>
                ),
              },
              {
                value: 'list',
                label: (
                  <Group gap={4} wrap="nowrap" justify="center">
                    <IconList size={16} aria-hidden />
                    <VisuallyHidden>{t('jobs.listView')}</VisuallyHidden>
                  </Group>
                ),
              },
            ]}
            aria-label={t('jobs.viewType')}
          />
        </Group>

        {isReviewing ? <Text c="gray.7">{t('jobs.reviewerHint')}</Text> : null}

        {isFirstTime && isReviewing ? (
          <EmptyState
            testId="jobs-reviewer-empty"
            icon={<IconBriefcase size={28} aria-hidden />}
            title={t(EMPTY_STATE_KEYS.noJobToShow)}
            description={t('jobs.reviewerEmpty')}
          />
        ) : isFirstTime ? (
          <>
            <JobsOnboarding onCreate={createJob} />
            {user ? <StarterTemplates user={user} onUseTemplate={useTemplate} /> : null}
          </>
        ) : (
          <>
            <Stack gap="sm">
              {isCardView ? (
                <Title order={2} fz="lg">
                  {showArchived ? t('jobs.archivedJobs') : t('jobs.myJobs')}
                </Title>
              ) : null}
              {renderJobs()}
            </Stack>
            {list.isTouch ? (
              list.infinite.hasNextPage ? (
                <InfiniteScrollSentinel
                  isLoading={list.infinite.isFetchingNextPage}
                  onReachEnd={() => void list.infinite.fetchNextPage()}
                />
              ) : null
            ) : (
              <PaginationBar
                currPage={currPage}
                pageCount={list.pageCount}
                isCapped={list.isFilteredJobCountCapped}
                onChange={setPage}
              />
            )}
            {/* The recruiter's own jobs come first; starting points for the next one below. */}
            {isCardView && !showArchived && user && !isReviewing ? (
              <StarterTemplates user={user} onUseTemplate={useTemplate} />
            ) : null}
          </>
        )}
      </Stack>

      <ShareJobDialog job={shareJob} opened={shareJob !== null} onClose={() => setShareJob(null)} />
      <Modal
        opened={jobToDelete !== null}
        onClose={() => setJobToDelete(null)}
        title={t('jobs.deleteConfirm.title')}
        centered
        radius="lg"
      >
        <Stack>
          <Text>{t('jobs.deleteConfirm.text', { title: jobToDelete?.info.title ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setJobToDelete(null)}>
              {t('jobs.deleteConfirm.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                const job = jobToDelete;
                setJobToDelete(null);
                if (job) void removeJob(job, 'remove');
              }}
            >
              {t('jobs.deleteConfirm.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </BackofficeLayout>
  );
}
