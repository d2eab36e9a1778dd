import { getInterviewOverview, type PublicJob } from '@candid/domain';
import { Box, Group, Text, ThemeIcon } from '@mantine/core';
import {
  IconCamera,
  IconClock,
  IconListNumbers,
  IconRepeat,
  IconRepeatOnce,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What the candidate should know before starting: how many questions, how long at most, one
 * take or retakes, and what they need (camera, microphone, a quiet place; the screen when a
 * question records it). The server's first screen states the same (invitation-page.ts).
 */
export function InterviewOverview({ job }: { job: PublicJob }) {
  const { t } = useTranslation();
  const overview = getInterviewOverview(job);
  if (overview.questionCount === 0) return null;
  const facts: { key: string; icon: ReactNode; text: string }[] = [
    {
      key: 'questions',
      icon: <IconListNumbers size={18} aria-hidden />,
      text: t('onboarding.overview.questions', { count: overview.questionCount }),
    },
    {
      key: 'time',
      icon: <IconClock size={18} aria-hidden />,
      text: t('onboarding.overview.minutes', { count: Math.max(1, overview.totalMinutes) }),
    },
    {
      key: 'takes',
      icon: overview.isOneTry ? (
        <IconRepeatOnce size={18} aria-hidden />
      ) : (
        <IconRepeat size={18} aria-hidden />
      ),
      text: overview.isOneTry ? t('onboarding.overview.oneTry') : t('onboarding.overview.retakes'),
    },
    {
      key: 'needs',
      icon: <IconCamera size={18} aria-hidden />,
      text: overview.needsScreen
        ? t('onboarding.overview.needsScreen')
        : t('onboarding.overview.needs'),
    },
  ];
  return (
    <Box
      component="ul"
      aria-label={t('onboarding.overview.label')}
      data-testid="interview-overview"
      m={0}
      p={0}
      style={{
        listStyle: 'none',
        display: 'grid',
        gap: 'var(--mantine-spacing-xs)',
        gridTemplateColumns: 'repeat(auto-fit, minmax(15rem, 1fr))',
      }}
    >
      {facts.map((fact) => (
        <Group key={fact.key} component="li" gap="sm" wrap="nowrap" data-fact={fact.key}>
          <ThemeIcon variant="light" radius="xl" size={32} aria-hidden>
            {fact.icon}
          </ThemeIcon>
          <Text size="sm" fw={500}>
            {fact.text}
          </Text>
        </Group>
      ))}
    </Box>
  );
}
