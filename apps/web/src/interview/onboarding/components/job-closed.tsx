import { formatDate, type PublicJob } from '@candid/domain';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../../common/stores/language-store';

/**
 * A job past its closing date: what the invitation link shows instead of the
 * invitation, in the candidate's language, naming the company and the job.
 */
export function JobClosed({ job }: { job: Pick<PublicJob, 'info' | 'company' | 'closesAt'> }) {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  return (
    <Paper radius="lg" withBorder p={{ base: 'md', sm: 'xl' }} data-testid="job-closed">
      <Stack align="center" gap="sm" py="lg">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          <IconCalendarOff size={34} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={22} ta="center">
          {t('interview.closed.title')}
        </Title>
        <Text ta="center" style={{ unicodeBidi: 'plaintext' }}>
          {t('interview.closed.text', { company: job.company.name, title: job.info.title })}
        </Text>
        {job.closesAt ? (
          <Text c="dimmed" ta="center" size="sm">
            {t('interview.closed.since', { date: formatDate(job.closesAt, language) })}
          </Text>
        ) : null}
        <Text c="dimmed" ta="center" size="sm">
          {t('interview.closed.hint')}
        </Text>
      </Stack>
    </Paper>
  );
}
