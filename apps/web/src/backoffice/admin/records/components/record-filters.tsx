import { LOG_LEVELS, LOG_SOURCES, type RecordFilter } from '@candid/domain';
import {
  Button,
  Checkbox,
  Chip,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type RecordFilterValues = Omit<RecordFilter, 'currPage' | 'itemsPerPage'>;

/**
 * The record overview's filters (record filters): message text (or, with "exclude",
 * everything but it), source, levels, status code, trace id, user, from and to date.
 */
export function RecordFilters({
  value,
  onChange,
  onReset,
}: {
  value: RecordFilterValues;
  onChange: (next: Partial<RecordFilterValues>) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <TextInput
            label={t('records.filters.text')}
            placeholder={t('records.filters.textPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={value.txt ?? ''}
            onChange={(event) => onChange({ txt: event.currentTarget.value })}
          />
          <TextInput
            label={t('records.filters.user')}
            placeholder={t('records.filters.userPlaceholder')}
            value={value.userTxt ?? ''}
            onChange={(event) => onChange({ userTxt: event.currentTarget.value })}
          />
          <TextInput
            label={t('records.filters.traceId')}
            dir="ltr"
            value={value.traceID ?? ''}
            onChange={(event) => onChange({ traceID: event.currentTarget.value })}
          />
          <NumberInput
            label={t('records.filters.statusCode')}
            placeholder="500"
            min={100}
            max={599}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            value={value.statusCode ?? ''}
            onChange={(next) =>
              onChange({
                statusCode:
                  typeof next === 'number' && next >= 100 && next <= 599 ? next : undefined,
              })
            }
          />
          <Select
            label={t('records.filters.source')}
            data={[
              { value: 'all', label: t('records.sources.all') },
              ...LOG_SOURCES.map((source) => ({
                value: source,
                label: t(`records.sources.${source}`),
              })),
            ]}
            value={value.source ?? 'all'}
            allowDeselect={false}
            onChange={(next) =>
              onChange({
                source: next && next !== 'all' ? (next as RecordFilterValues['source']) : undefined,
              })
            }
          />
          <TextInput
            type="date"
            label={t('records.filters.fromDate')}
            value={value.fromDate?.slice(0, 10) ?? ''}
            max={value.toDate?.slice(0, 10)}
            onChange={(event) => onChange({ fromDate: event.currentTarget.value || undefined })}
          />
          <TextInput
            type="date"
            label={t('records.filters.toDate')}
            value={value.toDate?.slice(0, 10) ?? ''}
            min={value.fromDate?.slice(0, 10)}
            onChange={(event) => onChange({ toDate: event.currentTarget.value || undefined })}
          />
          <Stack gap={6} justify="flex-end">
            <Checkbox
              label={t('records.filters.exclude')}
              checked={value.exclude}
              disabled={!value.txt}
              onChange={(event) => onChange({ exclude: event.currentTarget.checked })}
            />
          </Stack>
        </SimpleGrid>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="record-levels-label">
              {t('records.filters.levels')}
            </Text>
            <Chip.Group
              multiple
              value={value.levels}
              onChange={(next) => onChange({ levels: next as RecordFilterValues['levels'] })}
            >
              <Group gap={6} role="group" aria-labelledby="record-levels-label">
                {LOG_LEVELS.map((level) => (
                  <Chip key={level} value={level} size="sm">
                    {t(`records.levels.${level}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={onReset}
          >
            {t('records.filters.reset')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
