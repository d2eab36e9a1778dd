import '@mantine/charts/styles.css';
import { canUseDepartments, isReviewer, type InsightsFunnel } from '@candid/domain';
import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../common/ui/empty-state';
import { useDepartments } from '../../common/departments/departments-api';
import { useSessionUser } from '../../common/session/session-actions';
import { BackofficeLayout } from '../../common/shell/backoffice-layout';
import { useInsightsFunnel, type FunnelParams } from '../api/insights-funnel';
import { BreakdownSections } from '../components/breakdown-sections';
import { FunnelSection } from '../components/funnel-section';
import { buildInsightsCsv, downloadCsv } from '../components/insights-csv';
import { InsightsFilters, type InsightsFilterState } from '../components/insights-filters';
import { KpiCards } from '../components/kpi-cards';
import { OverTimeSection } from '../components/over-time-section';

/** The range a visit opens with: the last 30 days, today included (UTC days, as the counts). */
function defaultRange(now = new Date()): { from: string; to: string } {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(now.getTime() - 29 * 86_400_000), to: day(now.getTime()) };
}

/** What the filters ask the server for; null while a job or department is still to be chosen. */
function paramsOf(state: InsightsFilterState, jobId: string | null): FunnelParams | null {
  const base = { from: state.from, to: state.to, interval: state.interval };
  if (state.scope === 'job') return jobId ? { ...base, jobId } : null;
  if (state.scope === 'department') {
    return state.departmentId ? { ...base, departmentId: state.departmentId } : null;
  }
  return base;
}

/** Everything about one funnel, stacked (two of them stand side by side when comparing). */
function FunnelReport({ funnel, compact }: { funnel: InsightsFunnel; compact?: boolean }) {
  return (
    <Stack gap="md">
      <KpiCards funnel={funnel} compact={compact} />
      <OverTimeSection funnel={funnel} />
      <BreakdownSections funnel={funnel} compact={compact} />
    </Stack>
  );
}

/**
 * Insights (`/backoffice/insights`): the hiring funnel of the organisation, a department or a
 * job over a date range, by day or week, with time to complete and to first review, where
 * candidates quit and their devices; two jobs side by side; every figure also as a table and as
 * CSV. A range without data says so rather than showing zeros.
 */
export function InsightsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const departments = useDepartments(user);
  // A reviewer sees the jobs they are assigned, not the organisation's or a department's figures
  // (the server refuses those): they choose one of their jobs.
  const isJobsOnly = Boolean(user && isReviewer(user));
  const [chosen, setState] = useState<InsightsFilterState>(() => ({
    scope: 'organization',
    jobId: null,
    compareJobId: null,
    departmentId: null,
    interval: 'day',
    ...defaultRange(),
  }));
  const state: InsightsFilterState = isJobsOnly ? { ...chosen, scope: 'job' } : chosen;
  const comparing = state.scope === 'job' && Boolean(state.compareJobId);
  // Nothing is asked before the user is known: a reviewer must never ask for the organisation.
  const primary = useInsightsFunnel(user ? paramsOf(state, state.jobId) : null);
  const compared = useInsightsFunnel(comparing ? paramsOf(state, state.compareJobId) : null);
  const departmentOptions =
    user &&
    !isJobsOnly &&
    canUseDepartments(user) &&
    departments.data &&
    departments.data.length > 0
      ? departments.data.map((d) => ({ value: d._id, label: d.name }))
      : null;

  const funnels = [primary.data, comparing ? compared.data : undefined].filter(
    (funnel): funnel is InsightsFunnel => funnel !== undefined,
  );
  const names = funnels.map((funnel) => funnel.scope.name ?? t('insights.scope.organization'));
  const isWaiting = primary.isPending || (comparing && compared.isPending);
  const hasData = funnels.some((funnel) => funnel.hasData);
  const needsChoice = paramsOf(state, state.jobId) === null;

  let content;
  if (needsChoice) {
    content = (
      <EmptyState
        icon={<IconChartBar size={28} aria-hidden />}
        title={state.scope === 'job' ? t('insights.chooseJob') : t('insights.chooseDepartment')}
        testId="insights-choose"
      />
    );
  } else if (primary.isError || compared.isError) {
    content = <Text c="red.8">{t('insights.loadFailed')}</Text>;
  } else if (isWaiting) {
    content = <Skeleton h={320} radius="lg" />;
  } else if (!hasData) {
    content = (
      <EmptyState
        icon={<IconChartBar size={28} aria-hidden />}
        title={t('insights.empty.title')}
        description={t('insights.empty.hint')}
        testId="insights-empty"
      />
    );
  } else {
    content = (
      <Stack gap="md">
        <FunnelSection funnels={funnels} names={names} />
        {funnels.length > 1 ? (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {funnels.map((funnel, index) => (
              <Stack key={funnel.scope.id ?? index} gap="sm">
                <Title order={2} fz="xl">
                  {names[index]}
                </Title>
                <FunnelReport funnel={funnel} compact />
              </Stack>
            ))}
          </SimpleGrid>
        ) : (
          <FunnelReport funnel={funnels[0]!} />
        )}
        <Text c="gray.7" fz="sm">
          {t('insights.countingNote')}
        </Text>
      </Stack>
    );
  }

  return (
    <BackofficeLayout>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} maw={720}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t('insights.title')}
            </Title>
            <Text c="gray.7">{t('insights.hint')}</Text>
          </Stack>
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            disabled={!hasData || isWaiting}
            onClick={() =>
              downloadCsv(buildInsightsCsv(funnels, t), `insights-${state.from}-${state.to}.csv`)
            }
          >
            {t('insights.exportCsv')}
          </Button>
        </Group>
        <InsightsFilters
          state={state}
          onChange={setState}
          departments={departmentOptions}
          isJobsOnly={isJobsOnly}
        />
        {content}
      </Stack>
    </BackofficeLayout>
  );
}

export default InsightsPage;
