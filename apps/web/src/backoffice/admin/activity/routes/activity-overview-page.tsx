import {
  ACTIVITY_PAGE_SIZE,
  activityFilterSchema,
  formatDate,
  formatTime,
  getPageCount,
  GUEST_USER,
  EMPTY_STATE_KEYS,
  type Activity,
  type ActivityFilter,
} from '@candid/domain';
import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconActivity,
  IconDownload,
  IconEye,
  IconFilterOff,
  IconKey,
  IconSearchOff,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiClient } from '../../../../common/api/api-client-context';
import { showAlert } from '../../../../common/stores/alert-store';
import { useLanguageStore } from '../../../../common/stores/language-store';
import { cappedCountLabel } from '../../../../common/ui/capped-count';
import { EmptyState } from '../../../../common/ui/empty-state';
import { useIsPhone } from '../../../../common/ui/media-queries';
import { PaginationBar } from '../../../../common/ui/pagination-bar';
import { BackofficeLayout } from '../../../common/shell/backoffice-layout';
import { exportActivities, useActivities } from '../api/activities';

/** The filter the URL names; a value that does not parse is dropped. */
function filterFromUrl(params: URLSearchParams): ActivityFilter {
  const raw = Object.fromEntries(params);
  const kept = Object.fromEntries(
    Object.entries(raw).filter(
      ([key, value]) => activityFilterSchema.safeParse({ [key]: value }).success,
    ),
  );
  return activityFilterSchema.parse(kept);
}

function toUrl(filter: Partial<ActivityFilter>): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.userId) params.set('userId', filter.userId);
  if (filter.fromDate) params.set('fromDate', filter.fromDate);
  if (filter.toDate) params.set('toDate', filter.toDate);
  if (filter.currPage && filter.currPage > 1) params.set('currPage', String(filter.currPage));
  return params;
}

function nameOf(user: Activity['user'] | undefined, guest: string): string {
  if (!user || user === GUEST_USER) return guest;
  return `${user.fName} ${user.lName ?? ''}`.trim() || user._id;
}

/** The accounts to pick from in the user filter: the admin's search over `user/query`. */
function useUserOptions(search: string, selectedId: string | undefined) {
  const api = useApiClient();
  const [debounced] = useDebouncedValue(search.trim(), 300);
  return useQuery({
    queryKey: ['accounts', 'picker', debounced],
    queryFn: async () => {
      const body = await api.get<{
        accounts: { _id: string; fName: string; lName: string; email: string }[];
      }>('user/query', {
        params: { txt: debounced || undefined, itemsPerPage: 20, sort: 'fName:asc' },
      });
      return body.accounts.map((account) => ({
        value: account._id,
        label: `${`${account.fName} ${account.lName}`.trim()} (${account.email})`,
      }));
    },
    select: (options) =>
      selectedId && !options.some((option) => option.value === selectedId)
        ? [...options, { value: selectedId, label: selectedId }]
        : options,
  });
}

/**
 * The activity overview (admin `/backoffice/admin/activity`): who did
 * what and when, oldest first, 50 per page, filtered by user and dates (in the URL), with an
 * admin's view-as actions marked, and the filtered list exported as CSV.
 */
export default function ActivityOverviewPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const language = useLanguageStore((state) => state.language);
  const isPhone = useIsPhone();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = useMemo(() => filterFromUrl(searchParams), [searchParams]);
  const [userSearch, setUserSearch] = useState('');
  const userOptions = useUserOptions(userSearch, filter.userId);
  const [isExporting, setExporting] = useState(false);

  const query = useActivities({ ...filter, itemsPerPage: ACTIVITY_PAGE_SIZE });
  const activities = query.data?.activities ?? [];
  const total = query.data?.totalActivityCount ?? 0;
  const isFiltered = Boolean(filter.userId || filter.fromDate || filter.toDate);
  const setFilter = (next: Partial<ActivityFilter>) =>
    setSearchParams(toUrl({ ...filter, ...next, currPage: 1 }), { replace: true });

  const download = async () => {
    setExporting(true);
    try {
      const csv = await exportActivities(api, filter);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `activity-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    } catch {
      showAlert({ type: 'fail', key: 'activity.exportFailed' });
    } finally {
      setExporting(false);
    }
  };

  const when = (activity: Activity) =>
    `${formatDate(activity.date, language)} ${formatTime(activity.date, language)}`;
  const what = (activity: Activity) =>
    `${t(`activity.types.${activity.type}`)} · ${t(`activity.targets.${activity.target}`)}`;
  const viewAsNote = (activity: Activity) => (
    <>
      {activity.viewAs ? (
        <Group gap={4} wrap="nowrap">
          <IconEye size={14} aria-hidden color="var(--mantine-color-orange-7)" />
          <Text fz="xs" c="dark.5">
            {t('activity.viewingAs', { name: nameOf(activity.viewAs, '') })}
          </Text>
        </Group>
      ) : null}
      {typeof activity.meta.apiKeyId === 'string' ? (
        <Group gap={4} wrap="nowrap">
          <IconKey size={14} aria-hidden color="var(--mantine-color-gray-7)" />
          <Text fz="xs" c="dark.5">
            {t('activity.viaApiKey')}
          </Text>
        </Group>
      ) : null}
    </>
  );

  const renderList = () => {
    if (query.isPending) return <Skeleton h={320} radius="lg" />;
    if (activities.length === 0) {
      return isFiltered ? (
        <EmptyState
          icon={<IconSearchOff size={28} aria-hidden />}
          title={t(EMPTY_STATE_KEYS.noExactMatches)}
          description={t(EMPTY_STATE_KEYS.tryChangingFilters)}
        />
      ) : (
        <EmptyState
          icon={<IconActivity size={28} aria-hidden />}
          title={t('activity.empty.title')}
          description={t('activity.empty.text')}
        />
      );
    }
    if (isPhone) {
      return (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {activities.map((activity) => (
            <Paper
              key={activity._id}
              component="li"
              withBorder
              radius="md"
              p="sm"
              data-testid="activity-row"
            >
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600} fz="sm" truncate>
                  {nameOf(activity.user, t('activity.guest'))}
                </Text>
                <Text fz="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {when(activity)}
                </Text>
              </Group>
              <Text fz="sm">{what(activity)}</Text>
              {activity.desc ? (
                <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {activity.desc}
                </Text>
              ) : null}
              {viewAsNote(activity)}
            </Paper>
          ))}
        </Stack>
      );
    }
    return (
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th w={170}>{t('activity.columns.date')}</Table.Th>
              <Table.Th w={220}>{t('activity.columns.user')}</Table.Th>
              <Table.Th w={220}>{t('activity.columns.action')}</Table.Th>
              <Table.Th>{t('activity.columns.description')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {activities.map((activity) => (
              <Table.Tr key={activity._id} data-testid="activity-row">
                <Table.Td fz="sm">{when(activity)}</Table.Td>
                <Table.Td>
                  <Text fz="sm" fw={600}>
                    {nameOf(activity.user, t('activity.guest'))}
                  </Text>
                  {viewAsNote(activity)}
                </Table.Td>
                <Table.Td fz="sm">{what(activity)}</Table.Td>
                <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {activity.desc}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    );
  };

  return (
    <BackofficeLayout>
      <Stack gap="lg">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t('activity.title')}
            </Title>
            {query.data ? (
              <Badge variant="light" color="gray" size="lg" data-testid="activity-count">
                <bdi dir="ltr">
                  {cappedCountLabel(total, query.data.totalActivityCountCapped, language)}
                </bdi>
              </Badge>
            ) : null}
          </Group>
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => void download()}
            loading={isExporting}
            disabled={total === 0}
          >
            {t('activity.export')}
          </Button>
        </Group>
        <Paper withBorder radius="lg" p="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={t('activity.filters.user')}
              placeholder={t('activity.filters.anyUser')}
              searchable
              clearable
              data={userOptions.data ?? []}
              value={filter.userId ?? null}
              searchValue={userSearch}
              onSearchChange={setUserSearch}
              onChange={(value) => setFilter({ userId: value ?? undefined })}
              nothingFoundMessage={t('activity.filters.noUser')}
              filter={({ options }) => options}
            />
            <TextInput
              type="date"
              label={t('activity.filters.fromDate')}
              value={filter.fromDate?.slice(0, 10) ?? ''}
              max={filter.toDate?.slice(0, 10)}
              onChange={(event) => setFilter({ fromDate: event.currentTarget.value || undefined })}
            />
            <TextInput
              type="date"
              label={t('activity.filters.toDate')}
              value={filter.toDate?.slice(0, 10) ?? ''}
              min={filter.fromDate?.slice(0, 10)}
              onChange={(event) => setFilter({ toDate: event.currentTarget.value || undefined })}
            />
          </SimpleGrid>
          {isFiltered ? (
            <Button
              mt="sm"
              variant="subtle"
              size="xs"
              leftSection={<IconFilterOff size={14} aria-hidden />}
              onClick={() => {
                setUserSearch('');
                setSearchParams(new URLSearchParams(), { replace: true });
              }}
            >
              {t('activity.filters.reset')}
            </Button>
          ) : null}
        </Paper>
        {renderList()}
        <PaginationBar
          currPage={filter.currPage}
          pageCount={getPageCount(total, ACTIVITY_PAGE_SIZE)}
          isCapped={query.data?.totalActivityCountCapped ?? false}
          onChange={(page) =>
            setSearchParams(toUrl({ ...filter, currPage: page }), { replace: true })
          }
        />
      </Stack>
    </BackofficeLayout>
  );
}
