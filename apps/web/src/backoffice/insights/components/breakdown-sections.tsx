import type { InsightsFunnel } from '@candid/domain';
import { Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dropOffLabel, formatCount, formatPercent } from './insights-format';

interface Row {
  key: string;
  label: string;
  count: number;
}

/** A ranked list as a table with a bar per row (the bar is decoration; the cells hold the data). */
function BreakdownTable({
  title,
  rows,
  empty,
  testId,
}: {
  title: string;
  rows: Row[];
  empty: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {total === 0 ? (
          <Text c="gray.7" fz="sm">
            {empty}
          </Text>
        ) : (
          <Table data-testid={testId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{title}</Table.Th>
                <Table.Th scope="col">{t('insights.funnel.count')}</Table.Th>
                <Table.Th scope="col">{t('insights.share')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Th scope="row" fw={400}>
                    <Stack gap={4}>
                      <Text fz="sm">{row.label}</Text>
                      <Progress value={(row.count / total) * 100} size="sm" aria-hidden />
                    </Stack>
                  </Table.Th>
                  <Table.Td>{formatCount(row.count, lang)}</Table.Td>
                  <Table.Td>{formatPercent(row.count / total, lang)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

/** Where candidates quit, and which devices and browsers they came with. */
export function BreakdownSections({
  funnel,
  compact,
}: {
  funnel: InsightsFunnel;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={compact ? 1 : { base: 1, md: 3 }} spacing="md">
      <BreakdownTable
        testId="drop-off-table"
        title={t('insights.dropOff.title')}
        empty={t('insights.dropOff.none')}
        rows={funnel.dropOff.map((row) => ({
          key: String(row.answered),
          label: dropOffLabel(row, t),
          count: row.count,
        }))}
      />
      <BreakdownTable
        testId="devices-table"
        title={t('insights.devices.title')}
        empty={t('insights.devices.none')}
        rows={funnel.devices.map((row) => ({
          key: row.key,
          label: t(`insights.devices.${row.key}`),
          count: row.count,
        }))}
      />
      <BreakdownTable
        testId="browsers-table"
        title={t('insights.browsers.title')}
        empty={t('insights.devices.none')}
        rows={funnel.browsers.map((row) => ({
          key: row.key,
          label: t(`insights.browsers.${row.key}`),
          count: row.count,
        }))}
      />
    </SimpleGrid>
  );
}
