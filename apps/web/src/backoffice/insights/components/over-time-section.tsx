import type { InsightsFunnel } from '@candid/domain';
import { LineChart } from '@mantine/charts';
import { Accordion, Paper, Stack, Table, Title, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from './insights-format';

const SERIES = [
  { key: 'opened', color: 'blue.6' },
  { key: 'started', color: 'violet.6' },
  { key: 'submitted', color: 'teal.6' },
  { key: 'reviewed', color: 'orange.6' },
  { key: 'decided', color: 'gray.7' },
] as const;

/** Each step per day or week as lines, and the same figures as a table behind a toggle. */
export function OverTimeSection({ funnel }: { funnel: InsightsFunnel }) {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const lang = i18n.language;
  const date = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const label = (period: string) => date.format(new Date(`${period}T00:00:00Z`));
  const data = funnel.series.map((row) => ({ ...row, label: label(row.period) }));
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {funnel.interval === 'week'
            ? t('insights.overTime.byWeek')
            : t('insights.overTime.byDay')}
        </Title>
        <LineChart
          h={240}
          data={data}
          dataKey="label"
          aria-hidden
          withLegend
          withDots={data.length <= 31}
          curveType="linear"
          series={SERIES.map((s) => ({
            name: s.key,
            label: t(`insights.steps.${s.key}`),
            color: s.color,
          }))}
          lineChartProps={{ accessibilityLayer: false }}
          xAxisProps={{ reversed: dir === 'rtl' }}
          yAxisProps={{ orientation: dir === 'rtl' ? 'right' : 'left', allowDecimals: false }}
        />
        <Accordion variant="contained" radius="md">
          <Accordion.Item value="table">
            <Accordion.Control>{t('insights.overTime.showTable')}</Accordion.Control>
            <Accordion.Panel>
              <Table.ScrollContainer minWidth={480} mah={360}>
                <Table striped stickyHeader>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('insights.overTime.period')}</Table.Th>
                      {funnel.steps.map((step) => (
                        <Table.Th key={step.key} scope="col">
                          {t(`insights.steps.${step.key}`)}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {funnel.series.map((row) => (
                      <Table.Tr key={row.period}>
                        <Table.Th scope="row">{label(row.period)}</Table.Th>
                        {funnel.steps.map((step) => (
                          <Table.Td key={step.key}>{formatCount(row[step.key], lang)}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Stack>
    </Paper>
  );
}
