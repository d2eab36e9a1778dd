import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What a feature of the plan would give, for users whose plan lacks it: no dead end. */
export function PlanNotice({ titleKey, textKey }: { titleKey: string; textKey: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="plan-notice">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="xl" variant="light" color="indigo">
          <IconLock size={22} aria-hidden />
        </ThemeIcon>
        <Stack gap={4}>
          <Text fw={700}>{t(titleKey, { plan: t('plans.ENTERPRISE') })}</Text>
          <Text c="gray.7" fz="sm">
            {t(textKey, { plan: t('plans.ENTERPRISE') })}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
