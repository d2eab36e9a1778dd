import type { InsightsFunnel } from '@candid/domain';
import { BarChart } from '@mantine/charts';
import { Paper, Stack, Table, Text, Title, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPercent } from './insights-format';

/** Chart colours of the first and the compared funnel. */
export const FUNNEL_COLORS = ['indigo.6', 'teal.6'] as const;

/**
 * The funnel's steps as a bar chart and, for screen readers and exact figures, as a table (one
 * column pair per funnel when two jobs are compared).
 */
export function FunnelSection({ funnels, names }: { funnels: InsightsFunnel[]; names: string[] }) {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const lang = i18n.language;
  const data = funnels[0]!.steps.map((step, index) => ({
    step: t(`insights.steps.${step.key}`),
    ...Object.fromEntries(funnels.map((funnel, f) => [`f${f}`, funnel.steps[index]!.count])),
  }));
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('insights.funnel.title')}
        </Title>
        <Text c="gray.7" fz="sm">
          {t('insights.funnel.hint')}
        </Text>
        <BarChart
          h={260}
          data={data}
          dataKey="step"
          orientation="vertical"
          aria-hidden
          withLegend={funnels.length > 1}
          series={funnels.map((_, f) => ({
            name: `f${f}`,
            label: names[f],
            color: FUNNEL_COLORS[f]!,
          }))}
          barChartProps={{ accessibilityLayer: false }}
          xAxisProps={{ reversed: dir === 'rtl', allowDecimals: false }}
          yAxisProps={{ width: 90, orientation: dir === 'rtl' ? 'right' : 'left' }}
          gridAxis="none"
        />
        <Table.ScrollContainer minWidth={280}>
          <Table striped data-testid="funnel-table">
            <Table.Caption>{t('insights.funnel.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('insights.funnel.step')}</Table.Th>
                {names.map((name) => (
                  <Table.Th key={name} scope="col" colSpan={2}>
                    {funnels.length > 1 ? name : t('insights.funnel.count')}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {funnels[0]!.steps.map((step, index) => (
                <Table.Tr key={step.key}>
                  <Table.Th scope="row">{t(`insights.steps.${step.key}`)}</Table.Th>
                  {funnels.map((funnel, f) => {
                    const row = funnel.steps[index]!;
                    return [
                      <Table.Td key={`${f}-n`}>{formatCount(row.count, lang)}</Table.Td>,
                      <Table.Td key={`${f}-c`} c="gray.7">
                        {row.conversion === null
                          ? ''
                          : t('insights.funnel.ofPrevious', {
                              value: formatPercent(row.conversion, lang),
                            })}
                      </Table.Td>,
                    ];
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
