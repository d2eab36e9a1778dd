import {
  APPLICANT_SORT_FIELDS,
  DATE_FILTER_DAYS,
  dateFilterLabelKey,
  RATING_SCORES,
  STATUS_GROUPS,
  statusLabelKey,
  type ApplicantFilter,
  type ApplicantSort,
  type ApplicantStatusCode,
  type DateFilterDays,
  type RatingFilter,
} from '@candid/domain';
import {
  Badge,
  Button,
  Chip,
  CloseButton,
  Group,
  NativeSelect,
  Pill,
  Popover,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { BottomSheet } from '../../../common/ui/bottom-sheet';
import { SORT_COLUMN_KEYS } from './applicant-table';
import { ANY_CHOICE, FilterChipGroup } from './filter-chip-group';
import { countActiveFilters, hasActiveFilters } from './overview-query';
import { knockoutFilterLabel, ScoreFilterFields, scoreFilterLabel } from './score-filter-fields';
import { useSearchBox } from '../../../common/hooks/use-search-box';
import type { OverviewQueryState } from './use-overview-query';

type FilterPatch = Partial<
  Pick<
    ApplicantFilter,
    'statuses' | 'daysAgo' | 'incomplete' | 'rating' | 'minScore' | 'knockedOut'
  >
>;

const ANY = ANY_CHOICE;

function incompleteValue(incomplete: boolean | undefined): string {
  return incomplete === undefined ? ANY : String(incomplete);
}

/** "Rated 4+" and "not rated yet" are the only choices; 1+ would be every rated applicant. */
const RATING_FILTER_CHOICES = RATING_SCORES.filter((score) => score >= 2);

/** The i18n text of a rating filter: "Not rated yet" or "Rated N+". */
function ratingFilterLabel(t: TFunction, rating: RatingFilter): string {
  return rating === 'none'
    ? t('applicantOverview.filters.notRated')
    : t('applicantOverview.filters.ratedAtLeast', { score: rating });
}

/**
 * The filter choices ("Filter"): statuses grouped as in the status dropdown
 * (evaluation, recruitment), the date (last week, month, 3 months), completeness and the
 * average rating (rated N or more, or not rated yet), and for a job that scores answers the
 * score and knockout (score-filter-fields). Chips,
 * so the same fields serve the desktop dropdown and the phone sheet with large touch targets.
 */
function FilterFields({
  filter,
  onChange,
  sortSelect,
  showScore,
}: {
  filter: ApplicantFilter;
  onChange: (patch: FilterPatch) => void;
  sortSelect?: ReactNode;
  showScore: boolean;
}) {
  const { t } = useTranslation();
  const statusValues = filter.statuses.map(String);
  return (
    <Stack gap="md">
      {sortSelect}
      <Stack gap="xs" role="group" aria-label={t('applicantOverview.filters.status')}>
        <Text fw={600} fz="sm">
          {t('applicantOverview.filters.status')}
        </Text>
        {STATUS_GROUPS.map((group) => (
          <Stack key={group.key} gap={6}>
            <Text fz="xs" c="gray.7" tt="uppercase" fw={600}>
              {t(group.labelKey)}
            </Text>
            <Chip.Group
              multiple
              value={statusValues}
              onChange={(values) => {
                // Keep the other group's choices: each Chip.Group sees only its own chips.
                const others = filter.statuses.filter(
                  (code) => !(group.codes as readonly number[]).includes(code),
                );
                const mine = values.map(Number) as ApplicantStatusCode[];
                onChange({ statuses: [...others, ...mine].sort((a, b) => a - b) });
              }}
            >
              <Group gap={6}>
                {group.codes.map((code) => (
                  <Chip key={code} value={String(code)} size="sm" variant="outline">
                    {t(statusLabelKey(code))}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
        ))}
      </Stack>
      <FilterChipGroup
        label={t('applicantOverview.filters.date')}
        anyLabel={t('applicantOverview.filters.anyTime')}
        choices={DATE_FILTER_DAYS.map((days) => ({
          value: String(days),
          label: t(dateFilterLabelKey(days)),
        }))}
        value={filter.daysAgo === undefined ? ANY : String(filter.daysAgo)}
        onChange={(value) =>
          onChange({ daysAgo: value === ANY ? undefined : (Number(value) as DateFilterDays) })
        }
      />
      <FilterChipGroup
        label={t('applicantOverview.filters.completeness')}
        anyLabel={t('applicantOverview.filters.allInterviews')}
        choices={[
          { value: 'true', label: t('applicantOverview.filters.incompleteOnly') },
          { value: 'false', label: t('applicantOverview.filters.completeOnly') },
        ]}
        value={incompleteValue(filter.incomplete)}
        onChange={(value) => onChange({ incomplete: value === ANY ? undefined : value === 'true' })}
      />
      <FilterChipGroup
        label={t('applicantOverview.filters.rating')}
        anyLabel={t('applicantOverview.filters.anyRating')}
        choices={[...RATING_FILTER_CHOICES, 'none' as const].map((score) => ({
          value: String(score),
          label: ratingFilterLabel(t, score),
        }))}
        value={filter.rating === undefined ? ANY : String(filter.rating)}
        onChange={(value) =>
          onChange({
            rating: value === ANY ? undefined : value === 'none' ? 'none' : Number(value),
          })
        }
      />
      {showScore ? <ScoreFilterFields filter={filter} onChange={onChange} /> : null}
    </Stack>
  );
}

/** On phones there are no column headers to click: full users pick the order in the sheet. */
function SortSelect({
  sortSpec,
  onSort,
  showScore,
}: {
  sortSpec: ApplicantSort;
  onSort: (sort: string) => void;
  showScore: boolean;
}) {
  const { t } = useTranslation();
  const fields = APPLICANT_SORT_FIELDS.filter((field) => showScore || field !== 'score');
  const data = fields.flatMap((field) =>
    (['asc', 'desc'] as const).map((order) => {
      const orderKey =
        field === 'timestamp.submitted'
          ? order === 'desc'
            ? 'applicantOverview.order.newest'
            : 'applicantOverview.order.oldest'
          : field === 'rating' || field === 'score'
            ? order === 'desc'
              ? 'applicantOverview.order.highest'
              : 'applicantOverview.order.lowest'
            : `applicantOverview.order.${order}`;
      return {
        value: `${field}:${order}`,
        label: t('applicantOverview.sortOption', {
          column: t(SORT_COLUMN_KEYS[field]),
          order: t(orderKey),
        }),
      };
    }),
  );
  return (
    <NativeSelect
      label={t('applicantOverview.filters.sortBy')}
      data={data}
      value={`${sortSpec.field}:${sortSpec.order}`}
      onChange={(event) => onSort(event.currentTarget.value)}
    />
  );
}

/** The chosen filters as removable pills, with "clear filters" (try changing filters). */
function ActiveFilterPills({ query }: { query: OverviewQueryState }) {
  const { t, i18n } = useTranslation();
  const { filter, setFilter, clearAll } = query;
  if (!hasActiveFilters(filter)) return null;
  const pills: { id: string; label: string; onRemove: () => void }[] = [];
  if (filter.txt) {
    pills.push({
      id: 'txt',
      label: `“${filter.txt}”`,
      onRemove: () => setFilter({ patch: { txt: '' } }),
    });
  }
  for (const code of filter.statuses) {
    pills.push({
      id: `status-${code}`,
      label: t(statusLabelKey(code)),
      onRemove: () => setFilter({ patch: { statuses: filter.statuses.filter((c) => c !== code) } }),
    });
  }
  if (filter.daysAgo !== undefined) {
    pills.push({
      id: 'date',
      label: t(dateFilterLabelKey(filter.daysAgo)),
      onRemove: () => setFilter({ patch: { daysAgo: undefined } }),
    });
  }
  if (filter.incomplete !== undefined) {
    pills.push({
      id: 'incomplete',
      label: filter.incomplete
        ? t('applicantOverview.filters.incompleteOnly')
        : t('applicantOverview.filters.completeOnly'),
      onRemove: () => setFilter({ patch: { incomplete: undefined } }),
    });
  }
  if (filter.rating !== undefined) {
    pills.push({
      id: 'rating',
      label: ratingFilterLabel(t, filter.rating),
      onRemove: () => setFilter({ patch: { rating: undefined } }),
    });
  }
  if (filter.minScore !== undefined) {
    pills.push({
      id: 'score',
      label: scoreFilterLabel(t, i18n.language, filter.minScore),
      onRemove: () => setFilter({ patch: { minScore: undefined } }),
    });
  }
  if (filter.knockedOut !== undefined) {
    pills.push({
      id: 'knockout',
      label: knockoutFilterLabel(t, filter.knockedOut),
      onRemove: () => setFilter({ patch: { knockedOut: undefined } }),
    });
  }
  return (
    <Group gap={6} aria-label={t('applicantOverview.filters.active')} role="group">
      {pills.map((pill) => (
        <Pill
          key={pill.id}
          size="md"
          withRemoveButton
          onRemove={pill.onRemove}
          removeButtonProps={{
            'aria-label': t('applicantOverview.filters.remove', { label: pill.label }),
          }}
        >
          {pill.label}
        </Pill>
      ))}
      <Button variant="subtle" size="compact-sm" onClick={clearAll}>
        {t('applicantOverview.filters.clear')}
      </Button>
    </Group>
  );
}

/**
 * The overview's toolbar: the search box (trimmed, 200 ms debounce, written to the URL), the
 * active/archive switch, and the filters — a dropdown on wide screens, a bottom sheet on phones
 * ("Mobile") that also holds the sort order for full users.
 */
export function OverviewToolbar({
  query,
  isPhone,
  canSort,
  onSwitchView,
  showScore = false,
}: {
  query: OverviewQueryState;
  isPhone: boolean;
  canSort: boolean;
  onSwitchView: (isArchive: boolean) => void;
  /** The list shows scores (the job scores answers): their filters and sort too. */
  showScore?: boolean;
}) {
  const { t } = useTranslation();
  const [isSheetOpen, sheet] = useDisclosure(false);
  const { filter, setFilter } = query;
  const [search, setSearch] = useSearchBox(filter.txt, (txt) =>
    // Typing refines one search: one history entry for it, not one per pause.
    setFilter({ patch: { txt }, replace: filter.txt !== '' && txt !== '' }),
  );
  const activeCount = countActiveFilters(filter);
  const onFilterChange = (patch: FilterPatch) => setFilter({ patch });

  const filterButton = (
    <Button
      variant="default"
      leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
      rightSection={
        activeCount > 0 ? (
          <Badge size="sm" circle variant="filled">
            {activeCount}
          </Badge>
        ) : null
      }
      onClick={isPhone ? sheet.open : undefined}
      aria-label={
        activeCount > 0
          ? t('applicantOverview.filters.buttonWithCount', { count: activeCount })
          : t('applicantOverview.filters.button')
      }
    >
      {t('applicantOverview.filters.button')}
    </Button>
  );

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <TextInput
          flex="1 1 240px"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t('applicantOverview.searchPlaceholder')}
          aria-label={t('applicantOverview.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            search ? (
              <CloseButton
                size="sm"
                aria-label={t('applicantOverview.clearSearch')}
                onClick={() => setSearch('')}
              />
            ) : null
          }
        />
        <Group gap="sm" wrap="nowrap" flex={isPhone ? '1 1 auto' : undefined}>
          {isPhone ? (
            filterButton
          ) : (
            <Popover position="bottom-end" shadow="md" width={380} trapFocus withinPortal>
              <Popover.Target>{filterButton}</Popover.Target>
              <Popover.Dropdown aria-label={t('applicantOverview.filters.title')} role="dialog">
                <FilterFields filter={filter} onChange={onFilterChange} showScore={showScore} />
              </Popover.Dropdown>
            </Popover>
          )}
          <SegmentedControl
            flex={isPhone ? 1 : undefined}
            value={query.isArchive ? 'archive' : 'active'}
            onChange={(value) => onSwitchView(value === 'archive')}
            data={[
              { value: 'active', label: t('applicantOverview.views.active') },
              { value: 'archive', label: t('applicantOverview.views.archive') },
            ]}
            aria-label={t('applicantOverview.views.label')}
          />
        </Group>
      </Group>
      <ActiveFilterPills query={query} />
      {isPhone ? (
        <BottomSheet
          opened={isSheetOpen}
          onClose={sheet.close}
          title={t('applicantOverview.filters.title')}
          testId="filter-sheet"
        >
          <Stack gap="lg" pb="md">
            <FilterFields
              filter={filter}
              onChange={onFilterChange}
              showScore={showScore}
              sortSelect={
                canSort ? (
                  <SortSelect
                    sortSpec={query.sortSpec}
                    onSort={query.setSort}
                    showScore={showScore}
                  />
                ) : null
              }
            />
            <Group grow>
              <Button
                variant="default"
                onClick={query.clearAll}
                disabled={!hasActiveFilters(filter)}
              >
                {t('applicantOverview.filters.clear')}
              </Button>
              <Button onClick={sheet.close}>{t('applicantOverview.filters.done')}</Button>
            </Group>
          </Stack>
        </BottomSheet>
      ) : null}
    </Stack>
  );
}
