import { formatDate, formatTime, isJobClosed, type Language } from '@candid/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../../common/stores/language-store';

/** "Closes on Nov 27, 14:00" in the viewer's time zone. */
export function formatClosingDate(iso: string, language: Language): string {
  return `${formatDate(iso, language)}, ${formatTime(iso, language)}`;
}

/**
 * A job's closing date in the job overview: "Closes on …" before it, "Closed" from
 * it on; nothing for a job without one or an archived job (its own badge says so).
 */
export function ClosingBadge({
  closesAt,
  isArchived,
  now = new Date(),
}: {
  closesAt: string | null;
  isArchived: boolean;
  now?: Date;
}) {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  if (!closesAt || isArchived) return null;
  const closed = isJobClosed(closesAt, now);
  return (
    <Badge
      variant="light"
      color={closed ? 'red' : 'blue'}
      radius="sm"
      tt="none"
      data-testid="job-closing"
      style={{ flexShrink: 0 }}
    >
      {closed
        ? t('jobs.closed')
        : t('jobs.closesOn', { date: formatClosingDate(closesAt, language) })}
    </Badge>
  );
}
