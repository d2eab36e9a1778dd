import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatScore, KnockedOutBadge } from '../../common/score-parts';

/**
 * The applicant's knockout-scoring result on their page (docs/features.md, "Scoring and
 * knockout questions"): the score as the share of scored questions answered right, or why there
 * is none, and the knockout. For the recruiter's team only.
 */
export function ScoreCard({ score, knockedOut }: { score: number | null; knockedOut: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      data-testid="score-card"
      data-score={score ?? undefined}
      data-knocked-out={knockedOut || undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="md">
            {t('applicantDetails.score.title')}
          </Title>
          {knockedOut ? <KnockedOutBadge size="md" /> : null}
        </Group>
        {score === null ? (
          <Text fz="sm" c="gray.7">
            {t('applicantDetails.score.notScored')}
          </Text>
        ) : (
          <Stack gap={4}>
            <Text fz={28} fw={800} lh={1}>
              {formatScore(score, i18n.language)}
            </Text>
            <Text fz="sm" c="gray.7">
              {t('applicantDetails.score.summary')}
            </Text>
          </Stack>
        )}
        {knockedOut ? <Text fz="sm">{t('applicantDetails.score.knockedOut')}</Text> : null}
        <Group gap={6} wrap="nowrap" align="flex-start" c="gray.7">
          <IconEyeOff size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          <Text fz="xs">{t('applicantDetails.score.private')}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}
