import { Button, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailForward, IconPlus, IconUserCheck, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// Built inside the component: a module-level table of imported components can be read before
// the bundler has initialised them (the back-office chunk's evaluation order).
function getSteps() {
  return [
    { id: 'invite', icon: IconMailForward },
    { id: 'receive', icon: IconVideo },
    { id: 'moveOn', icon: IconUserCheck },
  ] as const;
}

/** The first-time empty state: three steps and the page's one create-job button. */
export function JobsOnboarding({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} data-testid="jobs-onboarding">
      <Stack align="center" gap="lg" ta="center">
        <Stack gap={6} align="center">
          <Title order={2}>{t('jobs.onboarding.title')}</Title>
          <Text c="gray.7" maw={520}>
            {t('jobs.onboarding.subtitle')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" w="100%" maw={880}>
          {getSteps().map((step, index) => {
            const Icon = step.icon;
            return (
              <Stack key={step.id} align="center" gap="xs">
                <ThemeIcon size={56} radius="xl" variant="light" color="indigo">
                  <Icon size={28} aria-hidden />
                </ThemeIcon>
                <Text fz="xs" fw={700} c="indigo.7" tt="uppercase">
                  {t('jobs.onboarding.step', { number: index + 1 })}
                </Text>
                <Text fw={700}>{t(`jobs.onboarding.${step.id}.title`)}</Text>
                <Text fz="sm" c="gray.7">
                  {t(`jobs.onboarding.${step.id}.text`)}
                </Text>
              </Stack>
            );
          })}
        </SimpleGrid>
        <Button size="md" leftSection={<IconPlus size={18} aria-hidden />} onClick={onCreate}>
          {t('jobs.createFirstJob')}
        </Button>
      </Stack>
    </Paper>
  );
}
