import { getCoverSources, type PublicJob } from '@candid/domain';
import {
  Avatar,
  Box,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Typography,
  useMantineTheme,
} from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { InterviewOverview } from './interview-overview';
import { sanitizeHtml } from './sanitize-html';
import classes from './job-invitation.module.css';
import { useReleaseFirstScreen } from '../../common/first-screen/first-screen';
import richText from '../../common/ui/rich-text.module.css';

/**
 * The invitation ("Candidate invitation page"): cover, company logo and name, job
 * title, location, what the interview asks (questions, time, takes, devices) and description;
 * `action` is the start button (or nothing in an embed), and `notice` what the candidate must
 * read before the description (an in-app browser's way out). On a phone the card fills the
 * screen's height and the start button stays in reach at its foot.
 */
export function JobInvitation({
  job,
  action,
  notice,
}: {
  job: PublicJob;
  action?: ReactNode;
  notice?: ReactNode;
}) {
  useReleaseFirstScreen();
  const description = useMemo(() => sanitizeHtml(job.info.desc ?? ''), [job.info.desc]);
  const initial = (job.company.name || '?').trim().charAt(0).toUpperCase();
  const { primaryColor } = useMantineTheme();
  return (
    <Paper
      radius="lg"
      withBorder
      shadow="sm"
      className={classes.card}
      data-fill={action ? true : undefined}
    >
      <JobCoverImage url={job.info.coverUrl} />
      <Stack gap="md" px={{ base: 'md', sm: 'xl' }} pb="xl" className={classes.body}>
        <Avatar
          src={job.company.logoUrl || null}
          alt=""
          size={72}
          radius="md"
          mt={-36}
          color={primaryColor}
          style={{ border: '3px solid white', background: 'white' }}
        >
          {initial}
        </Avatar>
        <Stack gap={4}>
          <Text c="dimmed" fw={600} data-testid="company-name">
            {job.company.name}
          </Text>
          <Title order={1} fz={{ base: 24, sm: 32 }} lh={1.2}>
            {job.info.title}
          </Title>
          {job.info.location ? (
            <Group gap={4} c="dimmed">
              <IconMapPin size={16} aria-hidden />
              <Text size="sm">{job.info.location}</Text>
            </Group>
          ) : null}
        </Stack>
        <InterviewOverview job={job} />
        {notice}
        {description ? (
          <Typography className={richText.bidi}>
            <div data-testid="job-description" dangerouslySetInnerHTML={{ __html: description }} />
          </Typography>
        ) : null}
        {action ? <div className={classes.action}>{action}</div> : null}
      </Stack>
    </Paper>
  );
}

const COVER_GRADIENT =
  'linear-gradient(135deg, var(--mantine-primary-color-6), var(--candid-cover-end, var(--mantine-color-cyan-5)))';

/**
 * The cover, often the largest thing on the candidate's first screen: an image sized for the
 * screen (see getCoverSources), fetched first, over the gradient that also stands in when there
 * is no cover or it fails to load.
 */
function JobCoverImage({ url }: { url: string | undefined }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const sources = url && url !== failedUrl ? getCoverSources(url) : null;
  return (
    <Box h={{ base: 120, sm: 180 }} style={{ background: COVER_GRADIENT }} aria-hidden>
      {sources ? (
        <img
          src={sources.src}
          srcSet={sources.srcSet}
          sizes={sources.sizes}
          alt=""
          width={720}
          height={180}
          fetchPriority="high"
          decoding="async"
          onError={() => setFailedUrl(url ?? null)}
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : null}
    </Box>
  );
}
