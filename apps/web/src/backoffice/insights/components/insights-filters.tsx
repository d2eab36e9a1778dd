import {
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useJobOptions } from '../api/job-options';

export type ScopeKind = 'organization' | 'department' | 'job';

export interface InsightsFilterState {
  scope: ScopeKind;
  jobId: string | null;
  compareJobId: string | null;
  departmentId: string | null;
  from: string;
  to: string;
  interval: 'day' | 'week';
}

/** A searchable job picker; the server narrows the list as one types. */
function JobSelect({
  label,
  value,
  onChange,
  clearable,
  testId,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  clearable?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useJobOptions(debounced);
  const data = options.data ?? [];
  return (
    <Select
      label={label}
      placeholder={t('insights.filters.jobPlaceholder')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={
        options.isFetching ? t('insights.filters.loading') : t('insights.filters.noJobs')
      }
      clearable={clearable}
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * Scope (organisation, department or job, and a job to compare with), date range and step.
 * `isJobsOnly` (a reviewer): jobs alone, so there is no scope to choose.
 */
export function InsightsFilters({
  state,
  onChange,
  departments,
  isJobsOnly = false,
}: {
  state: InsightsFilterState;
  onChange: (next: InsightsFilterState) => void;
  departments: { value: string; label: string }[] | null;
  isJobsOnly?: boolean;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<InsightsFilterState>) => onChange({ ...state, ...patch });
  const scopes = [
    { value: 'organization', label: t('insights.scope.organization') },
    ...(departments ? [{ value: 'department', label: t('insights.scope.department') }] : []),
    { value: 'job', label: t('insights.scope.job') },
  ];
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        {isJobsOnly ? null : (
          <SegmentedControl
            aria-label={t('insights.filters.scope')}
            data={scopes}
            value={state.scope}
            onChange={(value) => set({ scope: value as ScopeKind })}
            fullWidth
            maw={480}
          />
        )}
        {state.scope === 'job' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <JobSelect
              label={t('insights.filters.job')}
              value={state.jobId}
              onChange={(jobId) => set({ jobId })}
              testId="insights-job"
            />
            <JobSelect
              label={t('insights.filters.compareWith')}
              value={state.compareJobId}
              onChange={(compareJobId) => set({ compareJobId })}
              clearable
              testId="insights-compare"
            />
          </SimpleGrid>
        ) : null}
        {state.scope === 'department' && departments ? (
          <Select
            label={t('insights.filters.department')}
            placeholder={t('insights.filters.departmentPlaceholder')}
            data={departments}
            value={state.departmentId}
            onChange={(departmentId) => set({ departmentId })}
            maw={360}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={t('insights.filters.from')}
            value={state.from}
            max={state.to}
            onChange={(event) =>
              event.currentTarget.value && set({ from: event.currentTarget.value })
            }
            w={{ base: '100%', xs: 170 }}
          />
          <TextInput
            type="date"
            label={t('insights.filters.to')}
            value={state.to}
            min={state.from}
            onChange={(event) =>
              event.currentTarget.value && set({ to: event.currentTarget.value })
            }
            w={{ base: '100%', xs: 170 }}
          />
          <SegmentedControl
            aria-label={t('insights.filters.interval')}
            data={[
              { value: 'day', label: t('insights.filters.byDay') },
              { value: 'week', label: t('insights.filters.byWeek') },
            ]}
            value={state.interval}
            onChange={(value) => set({ interval: value as 'day' | 'week' })}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
