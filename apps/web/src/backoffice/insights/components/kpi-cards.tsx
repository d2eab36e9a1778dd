import type { InsightsFunnel } from '@candid/domain';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDuration, formatPercent } from './insights-format';

function Kpi({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap={2}>
        <Text fz="sm" c="gray.7">
          {label}
        </Text>
        <Text fz={26} fw={700} lh={1.2}>
          {value}
        </Text>
        {hint ? (
          <Text fz="xs" c="gray.7">
            {hint}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Completion, time to complete (median and 90th percentile) and time to first review. */
export function KpiCards({ funnel, compact }: { funnel: InsightsFunnel; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <SimpleGrid
      cols={compact ? { base: 1, xs: 2 } : { base: 1, xs: 2, md: 4 }}
      spacing="sm"
      data-testid="kpis"
    >
      <Kpi
        label={t('insights.kpi.completionRate')}
        value={formatPercent(funnel.completionRate, lang)}
        hint={t('insights.kpi.completionHint', { count: funnel.quit })}
      />
      <Kpi
        label={t('insights.kpi.medianComplete')}
        value={formatDuration(funnel.timeToComplete.medianMin, t, lang)}
        hint={t('insights.kpi.timedCount', { count: funnel.timeToComplete.count })}
      />
      <Kpi
        label={t('insights.kpi.p90Complete')}
        value={formatDuration(funnel.timeToComplete.p90Min, t, lang)}
      />
      <Kpi
        label={t('insights.kpi.firstReview')}
        value={formatDuration(funnel.timeToFirstReview.medianMin, t, lang)}
        hint={t('insights.kpi.firstReviewHint', {
          value: formatDuration(funnel.timeToFirstReview.p90Min, t, lang),
        })}
      />
    </SimpleGrid>
  );
}
