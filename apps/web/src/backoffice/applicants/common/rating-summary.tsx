import type { RatingSummary } from '@candid/domain';
import { Group, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** An average as people read it: one decimal at most ("4.5", "4", Hebrew digits the same). */
export function formatAverage(avg: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(avg);
}

/**
 * An average rating and how many reviewers gave it: a star, "4.5" and "(2)", read
 * out in full ("Average rating 4.5 from 2 reviewers"); "Not rated yet" in words when nobody
 * has rated (a bare dash said nothing to a new recruiter).
 */
export function RatingSummaryText({
  summary,
  size = 'sm',
}: {
  summary: RatingSummary;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t, i18n } = useTranslation();
  if (summary.avg === null || summary.count === 0) {
    return (
      <Text fz={size === 'md' ? 'sm' : 'xs'} c="gray.7" data-testid="rating-summary">
        {t('ratings.notRated')}
      </Text>
    );
  }
  const average = formatAverage(summary.avg, i18n.language);
  return (
    <Group
      gap={4}
      wrap="nowrap"
      aria-label={t('ratings.summary', { average, count: summary.count })}
      role="img"
      data-testid="rating-summary"
      data-average={summary.avg}
    >
      <IconStarFilled
        size={size === 'md' ? 18 : 14}
        color="var(--mantine-color-yellow-6)"
        aria-hidden
      />
      <Text fz={size} fw={700} aria-hidden>
        {average}
      </Text>
      <Text fz={size === 'md' ? 'sm' : 'xs'} c="gray.7" aria-hidden>
        ({summary.count})
      </Text>
    </Group>
  );
}
