import {
  EMPTY_STATE_KEYS,
  FILTER_DEBOUNCE_MS,
  getPageCount,
  RECORD_PAGE_SIZE,
  recordFilterSchema,
  type RecordFilter,
} from '@candid/domain';
import {
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBug, IconFilter, IconSearchOff } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { isPageLeft } from '../../../../common/routing/live-location';
import { cappedCountLabel } from '../../../../common/ui/capped-count';
import { EmptyState } from '../../../../common/ui/empty-state';
import { useIsPhone } from '../../../../common/ui/media-queries';
import { PaginationBar } from '../../../../common/ui/pagination-bar';
import { useLanguageStore } from '../../../../common/stores/language-store';
import { BackofficeLayout } from '../../../common/shell/backoffice-layout';
import { useRecords } from '../api/list-records';
import { RecordFilters, type RecordFilterValues } from '../components/record-filters';
import { RecordRow } from '../components/record-row';

const NO_FILTER: RecordFilterValues = {
  txt: undefined,
  traceID: undefined,
  userTxt: undefined,
  exclude: false,
  levels: [],
};

/** The filter the URL names; anything it cannot read is left out. */
function filterFromUrl(params: URLSearchParams): RecordFilter {
  const raw = Object.fromEntries(params);
  const parsed = recordFilterSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Drop the fields that do not parse, keep the rest.
  const kept = Object.fromEntries(
    Object.entries(raw).filter(
      ([key, value]) => recordFilterSchema.safeParse({ [key]: value }).success,
    ),
  );
  return recordFilterSchema.parse(kept);
}

function toUrl(filter: RecordFilterValues, currPage: number): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(key, String(value));
  };
  set('txt', filter.txt?.trim());
  if (filter.txt?.trim() && filter.exclude) params.set('exclude', 'true');
  set('source', filter.source);
  set('traceID', filter.traceID?.trim());
  set('userTxt', filter.userTxt?.trim());
  set('statusCode', filter.statusCode);
  set('fromDate', filter.fromDate);
  set('toDate', filter.toDate);
  if (filter.levels.length) params.set('levels', filter.levels.join(','));
  if (currPage > 1) params.set('currPage', String(currPage));
  return params;
}

function valuesOf(filter: RecordFilter): RecordFilterValues {
  const { currPage: _page, itemsPerPage: _size, ...values } = filter;
  return values;
}

/**
 * Error records (admin `/backoffice/admin/record`): what the web app logged and the
 * server's own failures, newest first, 50 per page, with the filters of the product in the URL and
 * rows that open to show who, where, the trace id and the stack.
 */
export default function RecordOverviewPage() {
  const { t, i18n } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const applied = useMemo(() => filterFromUrl(searchParams), [searchParams]);
  const [draft, setDraft] = useState<RecordFilterValues>(() => valuesOf(applied));
  const [debounced] = useDebouncedValue(draft, FILTER_DEBOUNCE_MS);
  const [openId, setOpenId] = useState<string | null>(null);

  // Typing settles into the URL (and the query) after a short pause; a new filter starts at page 1.
  // Not once the user has left: the page may still render while the next one loads.
  useEffect(() => {
    if (isPageLeft(pathname)) return;
    const next = toUrl(debounced, 1);
    const current = toUrl(valuesOf(applied), 1);
    if (next.toString() === current.toString()) return;
    setSearchParams(next, { replace: true });
  }, [debounced, applied, setSearchParams, pathname]);

  const query = useRecords({ ...applied, itemsPerPage: RECORD_PAGE_SIZE });
  const records = query.data?.records ?? [];
  const total = query.data?.totalRecordCount ?? 0;
  const activeFilters = [...toUrl(valuesOf(applied), 1).keys()].filter(
    (key) => key !== 'exclude',
  ).length;
  const isFiltered = activeFilters > 0;
  const isPhone = useIsPhone();
  // On a phone the filters fold away behind a button, open when the link names some.
  const [filtersOpen, setFiltersOpen] = useState(isFiltered);

  const renderList = () => {
    if (query.isPending) return <Skeleton h={320} radius="lg" />;
    if (records.length === 0) {
      return isFiltered ? (
        <EmptyState
          icon={<IconSearchOff size={28} aria-hidden />}
          title={t(EMPTY_STATE_KEYS.noExactMatches)}
          description={t(EMPTY_STATE_KEYS.tryChangingFilters)}
        />
      ) : (
        <EmptyState
          icon={<IconBug size={28} aria-hidden />}
          title={t('records.empty.title')}
          description={t('records.empty.text')}
        />
      );
    }
    return (
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th w={48}>
                <VisuallyHidden>{t('records.columns.details')}</VisuallyHidden>
              </Table.Th>
              <Table.Th w={120} visibleFrom="sm">
                {t('records.columns.time')}
              </Table.Th>
              <Table.Th w={104} visibleFrom="sm">
                {t('records.columns.level')}
              </Table.Th>
              <Table.Th w={96} visibleFrom="sm">
                {t('records.columns.source')}
              </Table.Th>
              <Table.Th>{t('records.columns.message')}</Table.Th>
              <Table.Th w={160} visibleFrom="md">
                {t('records.columns.user')}
              </Table.Th>
              <Table.Th w={96} visibleFrom="sm">
                {t('records.columns.statusCode')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((record) => (
              <RecordRow
                key={record._id}
                record={record}
                language={language}
                isOpen={openId === record._id}
                onToggle={() => setOpenId((open) => (open === record._id ? null : record._id))}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    );
  };

  return (
    <BackofficeLayout>
      <Stack gap="lg">
        <Group gap="sm">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('records.title')}
          </Title>
          {query.data ? (
            <Badge variant="light" color="gray" size="lg" data-testid="record-count">
              <bdi dir="ltr">
                {cappedCountLabel(total, query.data.totalRecordCountCapped, i18n.language)}
              </bdi>
            </Badge>
          ) : null}
        </Group>
        {isPhone ? (
          <Button
            variant="default"
            leftSection={<IconFilter size={16} aria-hidden />}
            rightSection={
              activeFilters > 0 ? (
                <Badge size="sm" circle>
                  {activeFilters}
                </Badge>
              ) : null
            }
            aria-expanded={filtersOpen}
            onClick={() => setFiltersOpen((open) => !open)}
            style={{ alignSelf: 'flex-start' }}
          >
            {t(filtersOpen ? 'records.filters.hide' : 'records.filters.show')}
          </Button>
        ) : null}
        {!isPhone || filtersOpen ? (
          <RecordFilters
            value={draft}
            onChange={(next) => setDraft((current) => ({ ...current, ...next }))}
            onReset={() => setDraft(NO_FILTER)}
          />
        ) : null}
        {renderList()}
        <PaginationBar
          currPage={applied.currPage}
          pageCount={getPageCount(total, RECORD_PAGE_SIZE)}
          isCapped={query.data?.totalRecordCountCapped ?? false}
          onChange={(page) => setSearchParams(toUrl(valuesOf(applied), page), { replace: true })}
        />
      </Stack>
    </BackofficeLayout>
  );
}
