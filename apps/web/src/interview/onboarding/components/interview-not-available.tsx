import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** An archived or missing job (INTERVIEW_NOT_AVAILABLE_ERR). */
export function InterviewNotAvailable() {
  const { t } = useTranslation();
  return (
    <Paper radius="lg" withBorder p="xl" data-testid="interview-not-available">
      <Stack align="center" gap="sm" py="lg">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          <IconCalendarOff size={34} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={22} ta="center">
          {t('errors.INTERVIEW_NOT_AVAILABLE_ERR')}
        </Title>
        <Text c="dimmed" ta="center" size="sm">
          {t('interview.notAvailable.hint')}
        </Text>
      </Stack>
    </Paper>
  );
}
