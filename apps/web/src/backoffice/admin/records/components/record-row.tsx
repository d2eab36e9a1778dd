import { formatDate, formatTime, type Language, type LogRecord } from '@candid/domain';
import { ActionIcon, Badge, Code, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Long messages are shown clipped to 100 characters in the row. */
const MESSAGE_PREVIEW_CHARS = 100;

const LEVEL_COLORS: Record<LogRecord['level'], string> = {
  error: 'red',
  warn: 'orange',
  info: 'blue',
  http: 'grape',
  debug: 'gray',
};

function clip(text: string): string {
  return text.length > MESSAGE_PREVIEW_CHARS ? `${text.slice(0, MESSAGE_PREVIEW_CHARS)}…` : text;
}

/** Who was using the product when the record was logged, in one line. */
export function whoOf(record: LogRecord, t: (key: string) => string): string {
  const { user, applicant } = record.meta;
  if (user) {
    const name = [user.fName, user.lName].filter(Boolean).join(' ');
    return name || user.email || user._id;
  }
  if (applicant) {
    const info = applicant.info ?? {};
    const name = [info.fName, info.lName]
      .filter((part): part is string => typeof part === 'string' && part.length > 0)
      .join(' ');
    return name ? `${name} (${t('records.candidate')})` : t('records.candidate');
  }
  return '—';
}

/** The candidate's address a record carries (Log record meta.applicant.info). */
function applicantEmailOf(record: LogRecord): string | undefined {
  const email = record.meta.applicant?.info?.email;
  return typeof email === 'string' && email ? email : undefined;
}

/** A failed call's status; 0 means the call got no answer at all. */
function statusOf(status: number | undefined, t: (key: string) => string): string {
  if (status === undefined) return '—';
  return status === 0 ? t('records.noAnswer') : String(status);
}

function Detail({ label, value }: { label: string; value: string | number | undefined }) {
  if (value === undefined || value === '') return null;
  return (
    <div>
      <Text size="xs" c="gray.7" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <bdi>{value}</bdi>
      </Text>
    </div>
  );
}

/**
 * One record of the overview ("table with expandable rows"): time, level, source,
 * message, who and status; opening it shows the meta and the stack.
 */
export function RecordRow({
  record,
  language,
  isOpen,
  onToggle,
}: {
  record: LogRecord;
  language: Language;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const detailsId = useId();
  const { meta } = record;
  const stack = meta.stack ?? meta.error?.stack;
  const who = whoOf(record, t);
  const levelBadge = (
    <Badge color={LEVEL_COLORS[record.level]} variant="light" size="sm" tt="none">
      {t(`records.levels.${record.level}`)}
    </Badge>
  );
  return (
    <>
      <Table.Tr
        data-testid="record-row"
        onClick={onToggle}
        style={{ cursor: 'pointer' }}
        bg={isOpen ? 'gray.0' : undefined}
      >
        <Table.Td w={40}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-expanded={isOpen}
            aria-controls={detailsId}
            aria-label={t(isOpen ? 'records.hideDetails' : 'records.showDetails')}
            onClick={(event) => {
              event.stopPropagation();
              onToggle();
            }}
          >
            <IconChevronDown
              size={18}
              aria-hidden
              style={{
                transform: isOpen ? 'rotate(180deg)' : undefined,
                transition: 'transform 150ms',
              }}
            />
          </ActionIcon>
        </Table.Td>
        <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }} c="gray.7">
          <Text size="sm">{formatDate(record.timestamp, language)}</Text>
          <Text size="xs" c="gray.7">
            {formatTime(record.timestamp, language, { withSeconds: true })}
          </Text>
        </Table.Td>
        <Table.Td visibleFrom="sm">{levelBadge}</Table.Td>
        <Table.Td visibleFrom="sm" c="gray.7">
          {t(`records.sources.${meta.source}`)}
        </Table.Td>
        <Table.Td style={{ overflowWrap: 'anywhere' }}>
          {/* On a phone the time and level sit above the message, which keeps the width. */}
          <Group gap={8} mb={4} hiddenFrom="sm" wrap="nowrap">
            {levelBadge}
            <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
              {formatDate(record.timestamp, language)}{' '}
              {formatTime(record.timestamp, language, { withSeconds: true })}
            </Text>
          </Group>
          <Text size="sm">
            <bdi>{clip(record.message)}</bdi>
          </Text>
        </Table.Td>
        <Table.Td visibleFrom="md" c="gray.7">
          <bdi>{who}</bdi>
        </Table.Td>
        <Table.Td visibleFrom="sm" c="gray.7">
          {statusOf(meta.statusCode, t)}
        </Table.Td>
      </Table.Tr>
      {isOpen ? (
        <Table.Tr id={detailsId} bg="gray.0" data-testid="record-details">
          <Table.Td colSpan={7}>
            <Stack gap="sm" py="xs">
              <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                <bdi>{record.message}</bdi>
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                <Detail
                  label={t('records.columns.source')}
                  value={t(`records.sources.${meta.source}`)}
                />
                <Detail label={t('records.columns.user')} value={who} />
                <Detail
                  label={t('records.details.email')}
                  value={meta.user?.email ?? applicantEmailOf(record)}
                />
                <Detail label={t('records.details.company')} value={meta.user?.companyName} />
                <Detail label={t('records.details.applicant')} value={meta.applicant?.id} />
                <Detail
                  label={t('records.columns.statusCode')}
                  value={meta.statusCode === undefined ? undefined : statusOf(meta.statusCode, t)}
                />
                <Detail label={t('records.filters.traceId')} value={meta.traceId} />
                <Detail label={t('records.details.request')} value={meta.request} />
                <Detail label={t('records.details.path')} value={meta.path} />
                <Detail
                  label={t('records.details.clientTime')}
                  value={
                    meta.clientTime && !Number.isNaN(Date.parse(meta.clientTime))
                      ? `${formatDate(meta.clientTime, language)} ${formatTime(meta.clientTime, language, { withSeconds: true })}`
                      : meta.clientTime
                  }
                />
                <Detail label={t('records.details.browser')} value={meta.browser} />
                <Detail label={t('records.details.referrer')} value={meta.referrer} />
                <Detail label={t('records.details.environment')} value={meta.environment} />
                <Detail label={t('records.details.errorMessage')} value={meta.error?.message} />
              </SimpleGrid>
              {stack ? (
                <Group gap={4} align="stretch" style={{ flexDirection: 'column' }}>
                  <Text size="xs" c="gray.7" fw={600}>
                    {t('records.details.stack')}
                  </Text>
                  <Code block dir="ltr" style={{ maxHeight: 320, overflow: 'auto', fontSize: 12 }}>
                    {stack}
                  </Code>
                </Group>
              ) : null}
            </Stack>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
